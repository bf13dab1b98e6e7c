import type { LotKind } from '~/features/lots/constants';
import type { LotSearch } from '~/features/lots/schemas';
import type { Locale } from '~/i18n/config';
import { memoize } from '~/server/cache/memo';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import type { SessionUser } from '~/server/services/accounts/users';
import type { LotItem } from '~/server/services/lots/lot-item';
import { listLots } from '~/server/services/lots/list-lots';
import { listMapPoints } from '~/server/services/lots/list-map-points';
import { type CategoryNode, getCategoryTree } from '~/server/services/reference/list-categories';
import { type CountryOption, listCountries } from '~/server/services/reference/list-countries';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { listCountryRegions } from '~/server/services/reference/list-regions';
import { type BadgeMaps, listVerificationBadges } from '~/server/services/verification/list-verification-badges';

/** What a catalogue page asks for (parsed from its address by parseCatalogueQuery, components/lots/catalogue-query.ts). */
export interface CatalogueRequest {
  kind: LotKind;
  page: number;
  perPage: number;
  sort: string;
  view: string;
  search: LotSearch;
}

export interface CatalogueData {
  /** The request's search with the values no list offers left out (the form could not show them either). */
  search: LotSearch;
  categories: CategoryNode[];
  countries: CountryOption[];
  currencies: Awaited<ReturnType<typeof listCurrencies>>;
  regions: Awaited<ReturnType<typeof listCountryRegions>>;
  result: Page<LotItem>;
  /** Every matching lot with a place (up to 2,000), for the map view only; empty otherwise. */
  mapPoints: Awaited<ReturnType<typeof listMapPoints>>;
  /** Active verifications of the page's lot owners, read in one query for the whole page. */
  badges: BadgeMaps;
}

// Reference lists may be a minute old (as on the home page); the lots never are.
const MINUTE = 60_000;

/** Everything a catalogue page shows (components/lots/CataloguePage.astro), loaded once. */
export async function loadCataloguePage(
  request: CatalogueRequest,
  user: SessionUser | null,
  locale: Locale,
): Promise<CatalogueData> {
  const db = await getDb();
  const { kind } = request;
  const search = { ...request.search };
  const [categories, countries, currencies] = await Promise.all([
    memoize(`catalogue:categories:${kind}:${locale}`, MINUTE, () =>
      getCategoryTree(db, kind, locale, { includeRetired: true }),
    ),
    memoize(`catalogue:countries:${locale}`, MINUTE, () => listCountries(db, locale)),
    memoize(`catalogue:currencies:${locale}`, MINUTE, () => listCurrencies(db, locale)),
  ]);
  // Values no list offers are dropped, not answered with an empty page: the form could not show them either.
  const categoryIds = new Set(
    categories.flatMap((root) => [root.id, ...(root.children ?? []).map((child) => child.id)]),
  );
  if (search.category_id && !categoryIds.has(search.category_id)) search.category_id = undefined;
  if (search.country_id && !countries.some((c) => c.id === search.country_id)) search.country_id = undefined;
  // A price filter is compared in US dollars: a currency without an indicative rate cannot be converted.
  // The default currency (US dollar) is what an absent currency_id means: links leave it out.
  if (search.currency_id && !currencies.some((c) => c.id === search.currency_id && c.per_usd && !c.is_default))
    search.currency_id = undefined;
  const countryId = search.country_id;
  const regions = countryId
    ? await memoize(`catalogue:regions:${countryId}:${locale}`, MINUTE, () => listCountryRegions(db, countryId, locale))
    : [];
  // After a change of country, the region of the previous one would match nothing.
  if (countryId && search.region_id && !regions.some((r) => r.id === search.region_id)) search.region_id = undefined;

  const [result, mapPoints] = await Promise.all([
    listLots(db, kind, search, { page: request.page, perPage: request.perPage, sort: request.sort }, user, locale),
    request.view === 'map' ? listMapPoints(db, kind, search, user, locale) : Promise.resolve([]),
  ]);
  const badges = await listVerificationBadges(db, { userIds: result.items.map((lot) => lot.user.id) });
  return { search, categories, countries, currencies, regions, result, mapPoints, badges };
}
