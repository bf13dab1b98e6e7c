import type { OfferFilter } from '~/features/deals/offer-filter';
import { KINDS, KIND_BY_ORDER_TYPE } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { listOffers } from '~/server/services/deals/list-offers';
import { getLot } from '~/server/services/lots/get-lot';
import { loadOffersWaiting } from './offer-badge';

/**
 * Everything /user/offers shows (docs/deals.md "Lists, badge, cabinet"): one page of the user's offers in the
 * list order of the contract, the badge's count of offers waiting for them, and for one lot's list the lot's
 * title and address — from its offers, else from the lot itself while the user may still see it.
 */
export async function loadOffersPage(request: Request, user: SessionUser, locale: Locale, filter: OfferFilter) {
  const db = await getDb();
  const [list, waiting] = await Promise.all([
    listOffers(
      db,
      user,
      { order_id: filter.lot?.order_id, order_type: filter.lot?.order_type, role: filter.role, page: filter.page },
      locale,
    ),
    loadOffersWaiting(request, user.id),
  ]);

  async function lotOfFilter(
    lot: NonNullable<OfferFilter['lot']>,
  ): Promise<{ title: string; path: string } | undefined> {
    const fromOffer = list.items[0]?.lot;
    if (fromOffer) return { title: fromOffer.title, path: fromOffer.path };
    const kind = KIND_BY_ORDER_TYPE[lot.order_type];
    try {
      const found = await getLot(db, kind, lot.order_id, user, locale);
      return { title: found.title, path: localizePath(`${KINDS[kind].sitePath}/${found.id}`, locale) };
    } catch (error) {
      // A lot gone or no longer visible to the user: the list is named without it.
      if (error instanceof AppError && (error.status === 404 || error.status === 403)) return undefined;
      throw error;
    }
  }
  const lot = filter.lot ? await lotOfFilter(filter.lot) : undefined;
  return { list, waiting, lot };
}
