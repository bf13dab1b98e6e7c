import { notFoundAsUndefined } from './not-found';
import qs from 'qs';
import { type CompanyDirectoryQuery, companyDirectoryPageQuery } from '~/features/companies/directory-query';
import { parseId } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { getDb } from '~/server/db';
import { loadPlaceFilter } from '~/server/loaders/place-filter';
import type { SessionUser } from '~/server/services/accounts/users';
import { listCompanies } from '~/server/services/companies/list-companies';
import { listVerificationBadges } from '~/server/services/verification/list-verification-badges';
import { listCompanyTypes } from '~/server/services/companies/list-company-types';
import { readCompanyProfile } from '~/server/services/companies/read-company-profile';

const QS_OPTIONS = { depth: 5, arrayLimit: 200, parameterLimit: 500 } as const;

/**
 * The directory's query read from a page address with the API's fields: a value the schema refuses is left out
 * (an old or hand-made link shows the directory, not an error). Unlike the API, a page address without types
 * lists every type (companyDirectoryPageQuery).
 */
export function parseDirectoryQuery(search: string): CompanyDirectoryQuery {
  const raw = qs.parse(search.replace(/^\?/, ''), QS_OPTIONS) as Record<string, unknown>;
  const picked = Object.fromEntries(
    (['page', 'title', 'country_ids', 'region_ids', 'type_ids'] as const).flatMap((name) => {
      const one = companyDirectoryPageQuery.shape[name].safeParse(raw[name]);
      return one.success && raw[name] !== undefined ? [[name, raw[name]]] : [];
    }),
  );
  return companyDirectoryPageQuery.parse(picked);
}

/** Everything the /companies page shows, loaded once: the page of companies and the filter form's lists. */
export async function loadCompanyDirectory(search: string, locale: Locale) {
  const db = await getDb();
  const query = parseDirectoryQuery(search);
  // The region list of the chosen countries, or of every country with regions (grouped by country).
  const [places, result] = await Promise.all([
    loadPlaceFilter(db, locale, query.country_ids),
    listCompanies(db, query, locale),
  ]);
  // What was verified and by whom, for the page's cards in one query.
  const badges = await listVerificationBadges(db, { companyIds: result.items.map((company) => company.id) });
  return {
    query,
    ...places,
    types: listCompanyTypes(locale),
    result,
    badges: badges.companies,
  };
}
export type CompanyDirectoryData = Awaited<ReturnType<typeof loadCompanyDirectory>>;

/** A company's profile page (/companies/{id}, /public-company-profile/{id}); undefined for an unknown id. */
export async function loadCompanyProfilePage(rawId: string | undefined, viewer: SessionUser | null, locale: Locale) {
  const id = parseId(rawId);
  if (id === undefined) return undefined;
  return notFoundAsUndefined(readCompanyProfile(await getDb(), id, viewer, locale));
}
