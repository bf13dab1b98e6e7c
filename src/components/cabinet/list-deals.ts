import { and, count, desc, eq, inArray, or } from 'drizzle-orm';
import { OFFER_STATUS, OFFERS_PAGE_SIZE } from '../../features/deals/constants';
import type { Locale } from '../../i18n/config';
import type { Executor } from '../../server/db';
import { type Page, pageOffset, toPage } from '../../server/db/pagination';
import { offers } from '../../server/db/schema';
import type { SessionUser } from '../../server/services/accounts/users';
import { type OfferView, loadOfferViews } from '../../server/services/deals/offer-view';

/**
 * My deals (/user/profile/deals): the user's offers that became deals — approved (under way) or done — bought
 * and sold alike, the latest update first, twenty a page. listOffers has no status filter (its default order
 * puts deals under way before done ones), so the page reads the ids here and shapes them with the same
 * loadOfferViews every offer answer uses.
 */
export async function listDeals(db: Executor, user: SessionUser, page: number, locale: Locale): Promise<Page<OfferView>> {
  const condition = and(
    or(eq(offers.buyerId, user.id), eq(offers.sellerId, user.id)),
    inArray(offers.status, [OFFER_STATUS.approved, OFFER_STATUS.done]),
  );
  const request = { page, perPage: OFFERS_PAGE_SIZE };
  const [rows, [{ total }]] = await Promise.all([
    db.select({ id: offers.id }).from(offers).where(condition).orderBy(desc(offers.updatedAt), desc(offers.id)).limit(OFFERS_PAGE_SIZE).offset(pageOffset(request)),
    db.select({ total: count() }).from(offers).where(condition),
  ]);
  return toPage(await loadOfferViews(db, user.id, rows.map((row) => row.id), locale), total, request);
}
