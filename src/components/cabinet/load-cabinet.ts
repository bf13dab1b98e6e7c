import type { CabinetOfferView, MoneyView } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { cabinetCounts, listMoneyDue } from '~/server/services/deals/cabinet';
import { loadOffersWaiting } from '~/server/loaders/offer-badge';

/** One currency's line of a money card: the sum due in major units of the currency, and how many deals add up to it. */
export type MoneyDue = Awaited<ReturnType<typeof listMoneyDue>>[number];

export interface CabinetSummary {
  counts: Record<CabinetOfferView | 'on-sale', number>;
  money: Record<MoneyView, MoneyDue[]>;
  /** Offers that wait for the user's answer (the header badge's number). */
  waiting: number;
}

/**
 * Everything the cabinet cards show, read at once for the cabinet and the summary of the deals page. The
 * waiting count is the header badge's, counted once per request (`request` is the page's Astro.request).
 */
export async function loadCabinetSummary(db: Executor, userId: number, request: Request): Promise<CabinetSummary> {
  const [counts, toBePaid, toPay, waiting] = await Promise.all([
    cabinetCounts(db, userId),
    listMoneyDue(db, userId, 'have-to-be-paid'),
    listMoneyDue(db, userId, 'have-to-pay'),
    loadOffersWaiting(request, userId),
  ]);
  return { counts, money: { 'have-to-be-paid': toBePaid, 'have-to-pay': toPay }, waiting };
}
