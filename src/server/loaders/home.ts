import { memoize } from '~/server/cache/memo';
import { loadHomeArticles } from './articles';
import { loadHomeIndices } from './statistics';
import { getDb } from '~/server/db';
import type { SessionUser } from '~/server/services/accounts/users';
import { listLots } from '~/server/services/lots/list-lots';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { listLatestPrices } from '~/server/services/market/list-latest-prices';
import { getCategoryTree } from '~/server/services/reference/list-categories';
import { listCurrencies } from '~/server/services/reference/list-currencies';

// Reference lists and the market snapshot may be a minute old; the home page is the most visited page.
const MINUTE = 60_000;

/**
 * What the home page shows: crop categories, today's exchange rates, the market price snapshot, the newest
 * crop lots, three headline price indices and the three newest articles (in the reader's language or the best one each has). The anonymous
 * answer is shared for a minute per process; a member's lots carry their favourites.
 */
export async function loadHomePage(user: SessionUser | null, locale: App.Locals['locale']) {
  const db = await getDb();
  const newestLots = () =>
    listLots(db, 'board', { price_from: 0 }, { page: 1, perPage: 4, sort: '-created_at' }, user, locale);
  const [crops, currencies, prices, latest, news, indices] = await Promise.all([
    memoize(`home:crops:${locale}`, MINUTE, () => getCategoryTree(db, 'board', locale)),
    memoize(`home:currencies:${locale}`, MINUTE, () => listCurrencies(db, locale)),
    memoize(`home:prices:${locale}`, MINUTE, () => listLatestPrices(db, locale)),
    user ? newestLots() : memoize(`home:lots:${locale}`, MINUTE, newestLots),
    loadHomeArticles(locale),
    loadHomeIndices(locale),
  ]);
  const rated = currencies.filter((c) => c.per_usd && c.code !== 'USD');
  // The owners' verification badges of the newest lots: one query.
  const badges = await listVerificationBadges(db, { userIds: latest.items.map((lot) => lot.user.id) });
  return { crops, prices, latest: latest.items, rated, rateDate: rated[0]?.rate_date, badges, news, indices };
}
