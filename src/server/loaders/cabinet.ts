import { loadOffersWaiting } from './offer-badge';
import { MONEY_OFFER_VIEW, isOfferView } from '~/features/deals/cabinet-cards';
import { type CabinetOfferView, type MoneyView, OFFER_STATUS } from '~/features/deals/constants';
import type { Locale } from '~/i18n/config';
import { type Executor, getDb } from '~/server/db';
import type { SessionUser } from '~/server/services/accounts/users';
import { cabinetCounts, countOffersByLot, listLotsOnSale, listMoneyDue } from '~/server/services/deals/cabinet';
import { listOffers } from '~/server/services/deals/list-offers';
import { countMemberStock } from '~/server/services/warehouses/count-member-stock';

/**
 * The data of the cabinet's pages (/user/profile/cabinet-cards, its card pages, its money cards) and of My deals
 * (/user/profile/deals), each read once by its page after the page's sign-in check.
 */

/** One currency's line of a money card: the sum due in major units of the currency, and how many deals add up to it. */
export type MoneyDue = Awaited<ReturnType<typeof listMoneyDue>>[number];

/** One page of the user's offers, as the offers list shows it. */
export type OfferPage = Awaited<ReturnType<typeof listOffers>>;

export interface CabinetSummary {
  /** Deals and lots per card; `warehouse`: the member's warehouses (their own and their company's). */
  counts: Record<CabinetOfferView | 'on-sale' | 'warehouse', number>;
  /** The lines of stock in those warehouses (said under the warehouse card's count). */
  stockLines: number;
  money: Record<MoneyView, MoneyDue[]>;
  /** Offers that wait for the user's answer (the header badge's number). */
  waiting: number;
}

/**
 * Everything the cabinet cards show, read at once. The waiting count is the header badge's, counted once per
 * request (`request` is the page's Astro.request).
 */
async function loadCabinetSummary(db: Executor, userId: number, request: Request): Promise<CabinetSummary> {
  const [counts, stock, toBePaid, toPay, waiting] = await Promise.all([
    cabinetCounts(db, userId),
    countMemberStock(db, userId),
    listMoneyDue(db, userId, 'have-to-be-paid'),
    listMoneyDue(db, userId, 'have-to-pay'),
    loadOffersWaiting(request, userId),
  ]);
  return {
    counts: { ...counts, warehouse: stock.warehouses },
    stockLines: stock.products,
    money: { 'have-to-be-paid': toBePaid, 'have-to-pay': toPay },
    waiting,
  };
}

/** The cabinet: every card's figures. */
export async function loadCabinetPage(user: SessionUser, request: Request): Promise<{ summary: CabinetSummary }> {
  return { summary: await loadCabinetSummary(await getDb(), user.id, request) };
}

/**
 * My deals: the cards' summary and one page of the offers that became deals — under way first, then done (the
 * offers list's order), the latest update first within each.
 */
export async function loadDealsPage(
  user: SessionUser,
  locale: Locale,
  page: number,
  request: Request,
): Promise<{ summary: CabinetSummary; deals: OfferPage }> {
  const db = await getDb();
  const [summary, deals] = await Promise.all([
    loadCabinetSummary(db, user.id, request),
    listOffers(db, user, { statuses: [OFFER_STATUS.approved, OFFER_STATUS.done], page }, locale),
  ]);
  return { summary, deals };
}

export interface CabinetCardPage {
  /** A deal grouping's card: one page of the user's deals in that state (the same rule as the card's count). */
  offers?: OfferPage;
  /** The "on sale" card: the user's lots on the market per kind, and the offers on each of them. */
  onSale: Awaited<ReturnType<typeof listLotsOnSale>>;
  lotOffers: Awaited<ReturnType<typeof countOffersByLot>>;
}

/** One card of the cabinet as a page: what the list behind its number holds (nothing to read for the others). */
export async function loadCabinetCardPage(
  user: SessionUser,
  view: string,
  locale: Locale,
  page: number,
): Promise<CabinetCardPage> {
  const db = await getDb();
  if (isOfferView(view))
    return { offers: await listOffers(db, user, { view, page }, locale), onSale: [], lotOffers: new Map() };
  if (view !== 'on-sale') return { onSale: [], lotOffers: new Map() };
  const onSale = await listLotsOnSale(db, user, locale);
  const lotIds = onSale.flatMap((group) => group.lots.map((lot) => lot.id));
  return { onSale, lotOffers: await countOffersByLot(db, user.id, lotIds) };
}

/** A money card as a page: the totals due per currency, and one page of the deals behind them. */
export async function loadMoneyCardPage(
  user: SessionUser,
  view: MoneyView,
  locale: Locale,
  page: number,
): Promise<{ totals: MoneyDue[]; offers: OfferPage }> {
  const db = await getDb();
  const [totals, offers] = await Promise.all([
    listMoneyDue(db, user.id, view),
    listOffers(db, user, { view: MONEY_OFFER_VIEW[view], page }, locale),
  ]);
  return { totals, offers };
}
