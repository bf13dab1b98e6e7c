import {
  DELIVERY_TYPE,
  OFFER_STATUS,
  OFFER_TYPE,
  type DeliveryType,
  type OfferAction,
  type OfferStatus,
  type OfferType,
  type OrderType,
  type PaymentType,
  type TrackState,
} from '~/features/deals/constants';
import type { DealRole } from '~/features/deals/state-machine';
import type { LotKind, LotStatus, LotType } from '~/features/lots/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { userNameSql } from '~/server/services/accounts/users';
import { KINDS } from '~/features/lots/constants';
import { computeFigures, fromMinor, toHundredths } from '~/features/deals/figures';
import {
  type DealState,
  type NextActor,
  allowedActions,
  disputeStateOf,
  isWaitingFor,
  nextActor,
  roleOf,
} from '~/features/deals/state-machine';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import { RENT_UNIT, asRentPer } from '~/features/deals/labels';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import {
  currencies,
  dealDisputes,
  lotPhotos,
  lots,
  offerEvents,
  offers,
  perUnits,
  userFeedback,
} from '~/server/db/schema';
import { storageUrl } from '~/server/storage';

/**
 * An offer as the API answers it and the pages show it. Money in major units of `currency`
 * (computed from minor units, docs/deals.md), volumes and distances as numbers with two decimals.
 */
export interface OfferView {
  id: number;
  status: OfferStatus;
  offer_type: OfferType;
  buyer_id: number;
  seller_id: number;
  order_id: number;
  order_type: OrderType;
  lot: {
    id: number;
    kind: LotKind;
    type: LotType;
    status: LotStatus;
    title: string;
    path: string;
    photo: string | null;
    unit: string;
    rent_per: string | null;
  };
  /** The current user's role, and the other party. */
  role: DealRole;
  partner: { id: number; name: string };
  partner_name: string;
  buyer_name: string;
  seller_name: string;
  currency_id: number;
  currency: string;
  decimals: number;
  price_per_unit: number;
  offer_price_per_unit: number;
  offer_price: number;
  volume: number;
  unit: string;
  delivery_type: DeliveryType;
  delivery_price_per_km: number;
  delivery_distance: number;
  delivery_price: number;
  delivery_from: string | null;
  delivery_to: string | null;
  total_price: number;
  total_price_with_delivery: number;
  price_per_unit_with_delivery: number;
  payment_type: PaymentType;
  delivery_status: TrackState;
  payment_status: TrackState;
  booking: {
    date_from: string;
    date_to: string;
    hour_from: number | null;
    hour_to: number | null;
    rent_per: string;
  } | null;
  comment: string | null;
  /** Approved at once: a buyer's offer at a fixed-price lot's price. */
  is_direct_buy: boolean;
  /**
   * Who acts next (`nextActor`, the state machine's answer): a role, both during a deal where each has a step left,
   * null once nothing waits.
   */
  waiting_for: NextActor;
  /** Whether it is the current user's turn: `waiting_for` names them (withdrawing or calling off is no turn). */
  your_turn: boolean;
  /** What the current user can do now (the buttons). */
  allowed_actions: OfferAction[];
  /** Photos attached to the steps, newest last: private URLs for the two parties. */
  photos: { event_id: number; action: string; url: string; created_at: string }[];
  can_leave_feedback: boolean;
  feedback_given: boolean;
  created_at: string;
  updated_at: string;
}

export type OfferRow = typeof offers.$inferSelect;

export function dealStateOf(
  offer: Pick<
    OfferRow,
    'status' | 'offerType' | 'buyerId' | 'sellerId' | 'deliveryStatus' | 'paymentStatus' | 'paymentType'
  >,
): DealState {
  return {
    status: offer.status,
    offerType: offer.offerType,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    deliveryStatus: offer.deliveryStatus,
    paymentStatus: offer.paymentStatus,
    paymentType: offer.paymentType,
  };
}

export function figuresOf(offer: OfferRow) {
  return computeFigures({
    lotPriceMinor: offer.lotPriceMinor,
    offerPriceMinor: offer.priceMinor,
    volumeCenti: toHundredths(Number(offer.volume)),
    deliveryPricePerKmMinor: offer.deliveryType === DELIVERY_TYPE.sellerDelivers ? offer.deliveryPricePerKmMinor : 0,
    distanceCenti:
      offer.deliveryType === DELIVERY_TYPE.sellerDelivers ? toHundredths(Number(offer.deliveryDistance)) : 0,
  });
}

/** Offer answers for `viewerId` (who must be a party of each), in the order of `ids`. */
export async function loadOfferViews(
  db: Executor,
  viewerId: number,
  ids: number[],
  locale: Locale,
): Promise<OfferView[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      offer: offers,
      lot: {
        id: lots.id,
        kind: lots.kind,
        type: lots.type,
        status: lots.status,
        title: lots.title,
        details: lots.details,
      },
      unit: localizedColumn(perUnits, 'short', locale),
      currency: currencies.code,
      decimals: currencies.decimals,
      buyerName: userNameSql(offers.buyerId, 'full'),
      sellerName: userNameSql(offers.sellerId, 'full'),
      photo: sql<
        string | null
      >`(select storage_key from ${lotPhotos} where lot_id = ${lots.id} order by position limit 1)`,
      // The buttons and the turn know a dispute as the write path does: no release while one is open.
      disputes: sql<
        string[]
      >`array(select ${dealDisputes.status} from ${dealDisputes} where ${dealDisputes.offerId} = ${offers.id})`,
    })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .innerJoin(perUnits, eq(perUnits.id, offers.perUnitId))
    .innerJoin(currencies, eq(currencies.id, offers.currencyId))
    .where(inArray(offers.id, ids));
  const [photos, given] = await Promise.all([
    db
      .select({
        id: offerEvents.id,
        offerId: offerEvents.offerId,
        action: offerEvents.action,
        createdAt: offerEvents.createdAt,
      })
      .from(offerEvents)
      .where(and(inArray(offerEvents.offerId, ids), sql`${offerEvents.photoKey} is not null`))
      .orderBy(offerEvents.offerId, offerEvents.seq),
    db
      .select({ offerId: userFeedback.offerId })
      .from(userFeedback)
      .where(and(inArray(userFeedback.offerId, ids), eq(userFeedback.fromUserId, viewerId))),
  ]);
  const givenIds = new Set(given.map((g) => g.offerId));
  const t = createTranslator(locale);
  const byId = new Map(rows.map((row) => [row.offer.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { offer, lot } = row;
    const state = { ...dealStateOf(offer), dispute: disputeStateOf(row.disputes) };
    const role = roleOf(state, viewerId)!;
    const figures = figuresOf(offer);
    const money = (minor: number) => fromMinor(minor, row.decimals);
    const partnerId = role === 'buyer' ? offer.sellerId : offer.buyerId;
    const partnerName = role === 'buyer' ? row.sellerName : row.buyerName;
    const done = offer.status === OFFER_STATUS.done;
    const view: OfferView = {
      id: offer.id,
      status: offer.status,
      offer_type: offer.offerType,
      buyer_id: offer.buyerId,
      seller_id: offer.sellerId,
      order_id: lot.id,
      order_type: KINDS[lot.kind].orderType,
      lot: {
        id: lot.id,
        kind: lot.kind,
        type: lot.type,
        status: lot.status,
        title: lot.title,
        path: localizePath(`${KINDS[lot.kind].sitePath}/${lot.id}`, locale),
        photo: row.photo ? storageUrl(`${row.photo}-320.webp`) : null,
        unit: row.unit,
        rent_per: (lot.details.rent_per as string | undefined) ?? null,
      },
      role,
      partner: { id: partnerId, name: partnerName },
      partner_name: partnerName,
      buyer_name: row.buyerName,
      seller_name: row.sellerName,
      currency_id: offer.currencyId,
      currency: row.currency.trim(),
      decimals: row.decimals,
      price_per_unit: money(figures.price_per_unit_minor),
      offer_price_per_unit: money(figures.offer_price_per_unit_minor),
      offer_price: money(figures.offer_price_minor),
      volume: Number(offer.volume),
      // A booking counts hours, days or area in the rent unit, not the lot's unit.
      unit: offer.rentPer ? t(RENT_UNIT[asRentPer(offer.rentPer)]) : row.unit,
      delivery_type: offer.deliveryType,
      delivery_price_per_km:
        offer.deliveryType === DELIVERY_TYPE.sellerDelivers ? money(offer.deliveryPricePerKmMinor) : 0,
      delivery_distance: offer.deliveryType === DELIVERY_TYPE.sellerDelivers ? Number(offer.deliveryDistance) : 0,
      delivery_price: money(figures.delivery_price_minor),
      delivery_from: offer.deliveryFrom,
      delivery_to: offer.deliveryTo,
      total_price: money(figures.total_price_minor),
      total_price_with_delivery: money(figures.total_price_with_delivery_minor),
      price_per_unit_with_delivery: money(figures.price_per_unit_with_delivery_minor),
      payment_type: offer.paymentType,
      delivery_status: offer.deliveryStatus,
      payment_status: offer.paymentStatus,
      booking:
        offer.bookingFrom && offer.bookingTo
          ? {
              date_from: offer.bookingFrom,
              date_to: offer.bookingTo,
              hour_from: offer.hourFrom,
              hour_to: offer.hourTo,
              rent_per: offer.rentPer ?? 'day',
            }
          : null,
      comment: offer.comment,
      is_direct_buy: isDirectBuy(offer),
      waiting_for: nextActor(state),
      allowed_actions: allowedActions(state, viewerId),
      your_turn: isWaitingFor(state, viewerId),
      photos: photos
        .filter((p) => p.offerId === offer.id)
        .map((p) => ({
          event_id: p.id,
          action: p.action,
          url: attachmentUrl(p.id, 'photo'),
          created_at: p.createdAt.toISOString(),
        })),
      can_leave_feedback: done && !givenIds.has(offer.id),
      feedback_given: givenIds.has(offer.id),
      created_at: offer.createdAt.toISOString(),
      updated_at: offer.updatedAt.toISOString(),
    };
    return [view];
  });
}

/** A direct buy was approved in the same moment it was made (docs/deals.md "Direct buy"). */
export function isDirectBuy(offer: Pick<OfferRow, 'offerType' | 'approvedDirectly'>): boolean {
  return offer.offerType === OFFER_TYPE.buy && offer.approvedDirectly;
}

/** The private address of an event's attachment (parties only). */
export function attachmentUrl(eventId: number, file: 'photo' | 'document'): string {
  return `/api-v2/offer/attachment?event_id=${eventId}&file=${file}`;
}
