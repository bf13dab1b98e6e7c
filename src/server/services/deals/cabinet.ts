import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CABINET_OFFER_VIEWS,
  DELIVERY_TYPE,
  OFFER_STATUS,
  type CabinetOfferView,
  type MoneyView,
} from '~/features/deals/constants';
import { LOT_KINDS, USER_ITEMS_LIMIT, type LotKind } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { SessionUser } from '~/server/services/accounts/users';
import { itemsOf, onMarket, selectLots, type LotItem } from '~/server/services/lots/lot-item';
import type { Executor } from '~/server/db';
import { currencies, lots, offers } from '~/server/db/schema';
import { cabinetCondition, notPaid } from './list-offers';

/** The "on sale" card: the user's lots on the market that others buy or rent (buy requests are the user's own asks). */
const onSaleCondition = (userId: number) =>
  and(eq(lots.userId, userId), onMarket(), inArray(lots.type, ['sell', 'rent']));

/** The lots of the "on sale" card, per kind, newest first (at most USER_ITEMS_LIMIT a kind; My lots has them all). */
export async function listLotsOnSale(
  db: Executor,
  user: SessionUser,
  locale: Locale,
): Promise<{ kind: LotKind; lots: LotItem[] }[]> {
  const groups = await Promise.all(
    LOT_KINDS.map(async (kind) => {
      const rows = await selectLots(db, user)
        .where(and(eq(lots.kind, kind), onSaleCondition(user.id)))
        .orderBy(desc(lots.createdAt))
        .limit(USER_ITEMS_LIMIT);
      return { kind, lots: await itemsOf(db, rows, user, locale) };
    }),
  );
  return groups.filter((group) => group.lots.length > 0);
}

/** The count of every cabinet card: the offer groupings and the user's lots on sale (sell and rent, on the market). */
export async function cabinetCounts(
  db: Executor,
  userId: number,
): Promise<Record<CabinetOfferView | 'on-sale', number>> {
  const selection = Object.fromEntries(
    CABINET_OFFER_VIEWS.map((view) => [
      view,
      sql<number>`count(*) filter (where ${cabinetCondition(view, userId)})`.mapWith(Number),
    ]),
  );
  const [[offerCounts], [{ onSale }]] = await Promise.all([
    db
      .select(selection)
      .from(offers)
      .where(or(eq(offers.buyerId, userId), eq(offers.sellerId, userId))),
    db.select({ onSale: count() }).from(lots).where(onSaleCondition(userId)),
  ]);
  return { ...(offerCounts as Record<CabinetOfferView, number>), 'on-sale': onSale };
}

/**
 * Money cards: per currency, what deals under way still owe — to the user as the seller (have-to-be-paid) or
 * from the user as the buyer (have-to-pay): total with delivery of each deal still to pay (its payment neither
 * received nor held frozen for it: `notPaid` of list-offers.ts),
 * rounded per figure exactly as figures.ts does (numeric round is half up for positive amounts).
 */
export async function listMoneyDue(db: Executor, userId: number, view: MoneyView) {
  const party = view === 'have-to-be-paid' ? eq(offers.sellerId, userId) : eq(offers.buyerId, userId);
  const total = sql<string>`sum(round(${offers.priceMinor} * ${offers.volume}) + case when ${offers.deliveryType} = ${DELIVERY_TYPE.sellerDelivers} then round(${offers.deliveryPricePerKmMinor} * ${offers.deliveryDistance}) else 0 end)`;
  const rows = await db
    .select({
      currencyId: offers.currencyId,
      currency: currencies.code,
      decimals: currencies.decimals,
      minor: total,
      count: count(),
    })
    .from(offers)
    .innerJoin(currencies, eq(currencies.id, offers.currencyId))
    .where(and(party, eq(offers.status, OFFER_STATUS.approved), notPaid))
    .groupBy(offers.currencyId, currencies.code, currencies.decimals)
    .orderBy(currencies.code);
  return rows.map((row) => ({
    currency_id: row.currencyId,
    currency: row.currency.trim(),
    decimals: row.decimals,
    amount: Number(row.minor) / 10 ** row.decimals,
    count: row.count,
  }));
}

/** For "My lots": per lot of the user, the offers on it and how many wait for the owner's answer. */
export async function countOffersByLot(
  db: Executor,
  userId: number,
  lotIds: number[],
): Promise<Map<number, { total: number; waiting: number }>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db
    .select({
      lotId: offers.lotId,
      total: count(),
      waiting: sql<number>`count(*) filter (where ${offers.status} = ${OFFER_STATUS.created})`.mapWith(Number),
    })
    .from(offers)
    .innerJoin(lots, eq(lots.id, offers.lotId))
    .where(and(inArray(offers.lotId, lotIds), eq(lots.userId, userId)))
    .groupBy(offers.lotId);
  return new Map(rows.map((row) => [row.lotId, { total: row.total, waiting: row.waiting }]));
}
