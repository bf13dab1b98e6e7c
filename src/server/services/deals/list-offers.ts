import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  OFFER_STATUS,
  OFFER_TYPE,
  OFFERS_PAGE_SIZE,
  PAYMENT_TYPE,
  TRACK,
  type CabinetOfferView,
  type OfferStatus,
  type OrderType,
} from '~/features/deals/constants';
import { roleOf } from '~/features/deals/state-machine';
import { KIND_BY_ORDER_TYPE } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { loadOfferViews, type OfferView } from './offer-view';

export interface OfferListQuery {
  order_id?: number;
  order_type?: OrderType;
  role?: 'buyer' | 'seller';
  view?: CabinetOfferView;
  /** Only offers in these statuses (My deals: approved and done); all statuses when left out. */
  statuses?: OfferStatus[];
  page?: number;
}

const asBuyer = (userId: number) => eq(offers.buyerId, userId);
const asSeller = (userId: number) => eq(offers.sellerId, userId);
const underWay = eq(offers.status, OFFER_STATUS.approved);
const done = eq(offers.status, OFFER_STATUS.done);
/**
 * Still to pay (docs/deals.md "Lists, badge, cabinet"): the money is not received, and not already held for the
 * deal either — a wallet or online deal with its money sent has it frozen, so nobody owes it any more.
 */
export const notPaid = sql`(${offers.paymentStatus} <> ${TRACK.received} and not (${offers.paymentType} in (${PAYMENT_TYPE.wallet}, ${PAYMENT_TYPE.online}) and ${offers.paymentStatus} = ${TRACK.sent}))`;
const notDelivered = sql`${offers.deliveryStatus} <> ${TRACK.received}`;

/** The cabinet groupings (docs/deals.md "Lists, badge, cabinet"): one rule each, used by lists and counts alike. */
export function cabinetCondition(view: CabinetOfferView, userId: number): SQL {
  switch (view) {
    case 'bought-not-paid':
      return and(asBuyer(userId), underWay, notPaid)!;
    case 'bought-not-delivered':
      return and(asBuyer(userId), underWay, notDelivered)!;
    case 'bought-paid-delivered':
      return and(asBuyer(userId), done)!;
    case 'sold-not-paid':
      return and(asSeller(userId), underWay, notPaid)!;
    case 'sold-not-delivered':
      return and(asSeller(userId), underWay, notDelivered)!;
    case 'sold-old':
      return and(asSeller(userId), done)!;
  }
}

/** Offers in status 2 that `userId` must answer: as the buyer of an offer on their buy request, else as the seller. */
export function waitingCondition(userId: number): SQL {
  return and(
    eq(offers.status, OFFER_STATUS.created),
    or(
      and(eq(offers.offerType, OFFER_TYPE.sellToRequest), asBuyer(userId)),
      and(sql`${offers.offerType} <> ${OFFER_TYPE.sellToRequest}`, asSeller(userId)),
    ),
  )!;
}

/**
 * The list order (docs/deals.md "Statuses"): offers waiting or under way (status 2, 3) first, then done (9), then
 * declined and deleted (below 2); the latest update first within each.
 */
const listOrder = [
  sql`case when ${offers.status} < ${OFFER_STATUS.created} then 2 when ${offers.status} = ${OFFER_STATUS.done} then 1 else 0 end`,
  desc(offers.updatedAt),
  desc(offers.id),
];

/** `GET /offer`: the user's offers (as buyer or seller), optionally one lot's, one role's, one cabinet grouping's or some statuses', 20 a page. */
export async function listOffers(
  db: Executor,
  user: SessionUser,
  query: OfferListQuery,
  locale: Locale,
): Promise<{
  items: OfferView[];
  _meta: { totalCount: number; pageCount: number; currentPage: number; perPage: number };
}> {
  const where: (SQL | undefined)[] = [or(asBuyer(user.id), asSeller(user.id))];
  if (query.order_id !== undefined && query.order_type) {
    const kind = KIND_BY_ORDER_TYPE[query.order_type];
    where.push(
      eq(offers.lotId, query.order_id),
      sql`exists (select 1 from ${lots} where ${lots.id} = ${offers.lotId} and ${lots.kind} = ${kind})`,
    );
  }
  if (query.role === 'buyer') where.push(asBuyer(user.id));
  if (query.role === 'seller') where.push(asSeller(user.id));
  if (query.view) where.push(cabinetCondition(query.view, user.id));
  if (query.statuses) where.push(inArray(offers.status, query.statuses));
  const page = query.page ?? 1;
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: offers.id })
      .from(offers)
      .where(condition)
      .orderBy(...listOrder)
      .limit(OFFERS_PAGE_SIZE)
      .offset((page - 1) * OFFERS_PAGE_SIZE),
    db.select({ total: count() }).from(offers).where(condition),
  ]);
  return {
    items: await loadOfferViews(
      db,
      user.id,
      rows.map((r) => r.id),
      locale,
    ),
    _meta: {
      totalCount: total,
      pageCount: Math.ceil(total / OFFERS_PAGE_SIZE),
      currentPage: page,
      perPage: OFFERS_PAGE_SIZE,
    },
  };
}

/** `POST /offer/user-offer-by-order`: every offer of the user on one lot (at most 100, the list order). */
export async function listOffersByOrder(
  db: Executor,
  user: SessionUser,
  orderId: number,
  orderType: OrderType,
  locale: Locale,
): Promise<OfferView[]> {
  const kind = KIND_BY_ORDER_TYPE[orderType];
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(and(eq(offers.lotId, orderId), eq(lots.kind, kind), or(asBuyer(user.id), asSeller(user.id))))
    .orderBy(...listOrder)
    .limit(100);
  return loadOfferViews(
    db,
    user.id,
    rows.map((r) => r.id),
    locale,
  );
}

/** One offer, for its two parties only (403 for anyone else, 404 for an unknown id). */
export async function getOffer(db: Executor, user: SessionUser, id: number, locale: Locale): Promise<OfferView> {
  await assertParty(db, user.id, id);
  const [view] = await loadOfferViews(db, user.id, [id], locale);
  return view;
}

/** The access rule of everything about one offer: its buyer and its seller, no one else. */
export async function assertParty(db: Executor, userId: number, offerId: number): Promise<void> {
  const [offer] = await db
    .select({ buyerId: offers.buyerId, sellerId: offers.sellerId })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) throw new AppError('not_found', 'offers.not_found');
  if (!roleOf(offer, userId)) throw new AppError('forbidden', 'offers.not_party');
}

/** `GET /offer/user-offer-count`: the badge. */
export async function countOffersWaiting(db: Executor, userId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(offers).where(waitingCondition(userId));
  return n;
}
