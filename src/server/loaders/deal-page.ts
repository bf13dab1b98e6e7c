import { parseId } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { getDealHistory } from '~/server/services/deals/history';
import { listHistoryShares } from '~/server/services/deals/history-shares';
import { getOffer } from '~/server/services/deals/list-offers';
import { readDealMoney } from '~/server/services/deals/read-deal-money';

/**
 * Everything /user/offer/{id} shows, or the status to answer instead: 404 for an id that is no offer, 403 for
 * anyone but its two parties. The deal, its history with the stored chain verified during this request (the
 * page's "Check it now" button asks again with `check`, and is told when it was checked), and the share links
 * of its record that work now; for a deal paid from the wallet, where its money is.
 */
export async function loadDealPage(user: SessionUser, locale: Locale, rawId: string, options: { check: boolean }) {
  // Ids are PostgreSQL integers: anything else cannot be an offer.
  const id = parseId(rawId);
  if (id === undefined) return { status: 404 as const };
  const db = await getDb();
  try {
    const [offer, history, shares, money] = await Promise.all([
      getOffer(db, user, id, locale),
      getDealHistory(db, user, id),
      listHistoryShares(db, user, id),
      readDealMoney(db, user.id, id),
    ]);
    return {
      status: 200 as const,
      offer,
      history,
      shares,
      money,
      checkedAt: options.check ? new Date().toISOString() : null,
    };
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403))
      return { status: error.status as 403 | 404 };
    throw error;
  }
}
export type DealPageData = Extract<Awaited<ReturnType<typeof loadDealPage>>, { status: 200 }>;
