import { eq } from 'drizzle-orm';
import {
  BOOKING_MAX_DAYS,
  BOOKING_MAX_DAYS_AHEAD,
  DELIVERY_TYPE,
  OFFER_STATUS,
  OFFER_TYPE,
  OFFER_TYPE_FOR_LOT,
  PAYMENT_TYPE,
  TRACK,
} from '~/features/deals/constants';
import { bookingQuantity, hasSafeTotal, toHundredths, toMinor } from '~/features/deals/figures';
import type { CreateOfferInput } from '~/features/deals/schemas';
import { KIND_BY_ORDER_TYPE } from '~/features/lots/constants';
import { priceDecimalsProblem } from '~/features/numbers/money';
import type { Locale } from '~/i18n/config';
import type { Database, Executor } from '~/server/db';
import { currencies, offers } from '~/server/db/schema';
import { AppError, type LocalizedMessage } from '~/server/errors';
import { consumeLimit } from '~/server/security/rate-limit';
import type { SessionUser } from '~/server/services/accounts/users';
import { declineWaitingOffers } from './apply-deal-event';
import { appendEvent } from './events';
import {
  assertDatesFree,
  assertOnMarket,
  assertVolumeFits,
  lockLot,
  reserveForDeal,
  type LotRow,
} from './lot-reservation';
import { moveDealMoney } from './move-deal-money';
import { notifyDealStep } from './notify';
import { loadOfferViews, type OfferView } from './offer-view';
import { priceCellsOfOffer, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';

const invalid = (field: string, message: LocalizedMessage) =>
  new AppError('validation_failed', 'errors.validation_failed', { fields: { [field]: [message] } });
const DAY = 86_400_000;

/** The booking part of an offer on machinery for rent: dates checked, quantity in the lot's rent unit. */
function readBooking(lot: LotRow, input: CreateOfferInput, today: string) {
  const rentPer = String(lot.details.rent_per ?? 'day');
  if (!input.date_from) throw invalid('date_from', { key: 'validation.required' });
  const dateTo = rentPer === 'hour' ? input.date_from : input.date_to;
  if (!dateTo) throw invalid('date_to', { key: 'validation.required' });
  if (input.date_from < today) throw invalid('date_from', { key: 'offers.date_past' });
  if (Date.parse(input.date_from) - Date.parse(today) > BOOKING_MAX_DAYS_AHEAD * DAY)
    throw invalid('date_from', { key: 'offers.date_too_far', vars: { count: BOOKING_MAX_DAYS_AHEAD } });
  if ((Date.parse(dateTo) - Date.parse(input.date_from)) / DAY + 1 > BOOKING_MAX_DAYS)
    throw invalid('date_to', { key: 'offers.booking_too_long', vars: { count: BOOKING_MAX_DAYS } });
  let hourFrom: number | null = null;
  let hourTo: number | null = null;
  if (rentPer === 'hour') {
    if (input.hour_from === undefined) throw invalid('hour_from', { key: 'validation.required' });
    if (input.hour_to === undefined) throw invalid('hour_to', { key: 'validation.required' });
    [hourFrom, hourTo] = [input.hour_from, input.hour_to];
  }
  const area = rentPer === 'acre' || rentPer === 'hectare' ? input.volume : undefined;
  if ((rentPer === 'acre' || rentPer === 'hectare') && area === undefined)
    throw invalid('volume', { key: 'validation.required' });
  const quantity = bookingQuantity(
    rentPer,
    { date_from: input.date_from, date_to: dateTo, hour_from: hourFrom ?? undefined, hour_to: hourTo ?? undefined },
    area,
  );
  return { rentPer, bookingFrom: input.date_from, bookingTo: dateTo, hourFrom, hourTo, quantity };
}

/** What recording an offer did: the new offer, and the waiting offers a direct buy declined in the seller's name. */
export interface RecordedOffer {
  id: number;
  lotOwnerId: number;
  declined: number[];
}

/**
 * `POST /offer/create-offer`: an offer on someone else's lot that is on the market, counted against the maker's
 * hourly limit; the other party is e-mailed, the mail queued in the offer's transaction (docs/deals.md).
 */
export async function createOffer(
  db: Database,
  user: SessionUser,
  input: CreateOfferInput,
  locale: Locale,
): Promise<OfferView> {
  await consumeLimit('offerCreate', `user:${user.id}`);
  const id = await db.transaction(async (tx) => {
    const { id, declined, lotOwnerId } = await recordOffer(tx, user, input);
    await notifyDealStep(tx, id, 'create', user.id);
    // A direct buy that took the last volume declined the offers still waiting, in the seller's name.
    for (const other of declined) await notifyDealStep(tx, other, 'decline-offer', lotOwnerId);
    return id;
  });
  const [view] = await loadOfferViews(db, user.id, [id], locale);
  return view;
}

/**
 * Records an offer and the first event of its history, nothing else (no limit, no e-mail: the demo data set
 * records its deals with it inside its own transaction). The lot's terms are copied into the offer; a buyer's
 * offer at a fixed-price lot's price is a direct buy, approved at once under the same volume rule as any approval.
 */
export async function recordOffer(db: Executor, user: SessionUser, input: CreateOfferInput): Promise<RecordedOffer> {
  const kind = KIND_BY_ORDER_TYPE[input.order_type];
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  let declined: number[] = [];
  let lotOwnerId = 0;
  const id = await db.transaction(async (tx) => {
    const lot = await lockLot(tx, input.order_id);
    lotOwnerId = lot.userId;
    if (lot.kind !== kind) throw new AppError('not_found', 'lots.not_found');
    if (lot.userId === user.id) throw new AppError('forbidden', 'offers.own_lot');
    assertOnMarket(lot);
    const offerType = OFFER_TYPE_FOR_LOT[lot.type];
    if (input.offer_type !== undefined && input.offer_type !== offerType)
      throw invalid('offer_type', { key: 'offers.wrong_offer_type' });
    const [currency] = await tx
      .select({ code: currencies.code, decimals: currencies.decimals })
      .from(currencies)
      .where(eq(currencies.id, lot.currencyId));

    // Only machinery lots carry a price type; crop, seed and fertilizer prices are open to offers.
    const fixedPrice = offerType === OFFER_TYPE.buy && lot.details.price_type === 'fixed';
    const price = input.price ?? lot.priceMinor / 10 ** currency.decimals;
    const priceMinor = toMinor(price, currency.decimals);
    // The lot's own price is always a price; another must fit the currency (no cents in shillings).
    const priceProblem = priceMinor === lot.priceMinor ? null : priceDecimalsProblem(price, currency);
    if (priceProblem) throw invalid('price', priceProblem);
    // A fixed rent rate is not negotiable either, though the owner still confirms the dates.
    const fixedRate = offerType === OFFER_TYPE.rent && lot.details.price_type === 'fixed';
    if ((fixedPrice || fixedRate) && priceMinor !== lot.priceMinor)
      throw invalid('price', { key: 'offers.fixed_price' });

    const booking = offerType === OFFER_TYPE.rent ? readBooking(lot, input, today) : null;
    let volume: number;
    if (booking) {
      if (booking.quantity <= 0) throw invalid('hour_to', { key: 'offers.hours_order' });
      await assertDatesFree(tx, lot.id, booking);
      volume = booking.quantity;
    } else {
      if (input.volume === undefined) throw invalid('volume', { key: 'validation.required' });
      assertVolumeFits(lot, input.volume);
      volume = input.volume;
    }

    let deliveryPricePerKmMinor = 0;
    if (input.delivery_type === DELIVERY_TYPE.sellerDelivers) {
      if (offerType === OFFER_TYPE.sellToRequest) {
        const perKm = input.delivery_price_per_km ?? 0;
        const perKmProblem = priceDecimalsProblem(perKm, currency);
        if (perKmProblem) throw invalid('delivery_price_per_km', perKmProblem);
        deliveryPricePerKmMinor = toMinor(perKm, currency.decimals);
      } else {
        if (lot.deliveryPricePerKmMinor === null) throw invalid('delivery_type', { key: 'offers.no_delivery' });
        deliveryPricePerKmMinor = lot.deliveryPricePerKmMinor;
      }
    }

    const distance = input.delivery_type === DELIVERY_TYPE.sellerDelivers ? (input.delivery_distance ?? 0) : 0;
    if (
      !hasSafeTotal({
        lotPriceMinor: lot.priceMinor,
        offerPriceMinor: priceMinor,
        volumeCenti: toHundredths(volume),
        deliveryPricePerKmMinor,
        distanceCenti: toHundredths(distance),
      })
    ) {
      throw invalid('volume', { key: 'offers.total_too_large' });
    }
    const sellerId = offerType === OFFER_TYPE.sellToRequest ? user.id : lot.userId;
    const buyerId = offerType === OFFER_TYPE.sellToRequest ? lot.userId : user.id;
    const values = {
      lotId: lot.id,
      offerType,
      status: fixedPrice ? OFFER_STATUS.approved : OFFER_STATUS.created,
      buyerId,
      sellerId,
      currencyId: lot.currencyId,
      perUnitId: lot.perUnitId,
      lotPriceMinor: lot.priceMinor,
      priceMinor,
      volume: volume.toFixed(2),
      deliveryType: input.delivery_type,
      deliveryPricePerKmMinor,
      deliveryDistance: distance.toFixed(2),
      deliveryFrom: input.delivery_from ?? null,
      deliveryTo: input.delivery_to ?? null,
      paymentType: input.payment_type,
      deliveryStatus: TRACK.none,
      // A direct buy paid from the wallet freezes its money at once: "money sent" with it.
      paymentStatus: fixedPrice && input.payment_type === PAYMENT_TYPE.wallet ? TRACK.sent : TRACK.none,
      comment: input.comment ?? null,
      approvedDirectly: fixedPrice,
      approvedAt: fixedPrice ? now : null,
      bookingFrom: booking?.bookingFrom ?? null,
      bookingTo: booking?.bookingTo ?? null,
      hourFrom: booking?.hourFrom ?? null,
      hourTo: booking?.hourTo ?? null,
      rentPer: booking?.rentPer ?? null,
      createdAt: now,
      updatedAt: now,
    } as const;
    const [offer] = await tx.insert(offers).values(values).returning();
    // The freeze needs the offer's id (its frozen pocket) and comes before the reservation, whose declines of
    // waiting offers take the chat's lock: the ledger's locks before it, as in every step (act-on-offer.ts).
    const money =
      fixedPrice && offer.paymentType === PAYMENT_TYPE.wallet
        ? await moveDealMoney(tx, offer, 'freeze', user.id)
        : null;
    // Sold out by this direct buy: the offers still waiting can never be approved.
    if (fixedPrice && (await reserveForDeal(tx, lot, offer)).soldOut)
      declined = await declineWaitingOffers(tx, lot, 'sold_out');
    // The terms as agreed, in the history: what either party can later prove they were.
    const terms = {
      lot_id: lot.id,
      offer_type: offerType,
      buyer_id: buyerId,
      seller_id: sellerId,
      currency_id: lot.currencyId,
      per_unit_id: lot.perUnitId,
      lot_price_minor: lot.priceMinor,
      price_minor: priceMinor,
      volume: values.volume,
      delivery_type: values.deliveryType,
      delivery_price_per_km_minor: deliveryPricePerKmMinor,
      delivery_distance: values.deliveryDistance,
      payment_type: values.paymentType,
      booking: booking
        ? {
            from: booking.bookingFrom,
            to: booking.bookingTo,
            hour_from: booking.hourFrom,
            hour_to: booking.hourTo,
            rent_per: booking.rentPer,
          }
        : null,
      direct_buy: fixedPrice,
      ...(money ? { wallet: money } : {}),
    };
    await appendEvent(tx, offer, { actorId: user.id, action: 'create', comment: values.comment, data: terms, at: now });
    // A direct buy is a deal at once: its price counts as traded today (docs/statistics.md).
    if (fixedPrice) await refreshPriceCells(tx, await priceCellsOfOffer(tx, offer.id));
    return offer.id;
  });
  return { id, lotOwnerId, declined };
}
