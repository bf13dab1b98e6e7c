import { type SQL, and, asc, count, inArray, sql } from 'drizzle-orm';
import type { CompanyDirectoryQuery } from '~/features/companies/directory-query';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, pageOffset, toPage } from '~/server/db/pagination';
import { companies } from '~/server/db/schema';
import { loadReferenceNames } from '~/server/services/reference/reference-names';
import { type CompanyCard, companyVerifiedSql, countCompanyLots, toCompanyCard } from './company-card';

/** `%`, `_` and `\` typed in a name are letters, not LIKE patterns. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The directory's WHERE: every filter narrows; the types default to 1, 2, 3 (docs/companies.md). */
export function directoryConditions(search: Omit<CompanyDirectoryQuery, 'page' | 'per-page'>): SQL | undefined {
  const where: SQL[] = [inArray(companies.typeId, search.type_ids)];
  if (search.country_ids?.length) where.push(inArray(companies.countryId, search.country_ids));
  if (search.region_ids?.length) where.push(inArray(companies.regionId, search.region_ids));
  if (search.title) where.push(sql`${companies.search} like ${`%${likeEscaped(search.title.toLowerCase())}%`}`);
  return and(...where);
}

/**
 * `GET /company/index` and the /companies page: companies by name (case-insensitive, any part of it), countries,
 * regions and types, alphabetically, a page at a time in SQL; each with its type, place, logo, number of lots on
 * the market and whether it is verified. Every company is public: what the list finds, the profile shows.
 */
export async function listCompanies(
  db: Executor,
  query: CompanyDirectoryQuery,
  locale: Locale,
): Promise<Page<CompanyCard>> {
  const where = directoryConditions(query);
  const page = { page: query.page, perPage: query['per-page'] };
  const [[{ total }], rows, names] = await Promise.all([
    db.select({ total: count() }).from(companies).where(where),
    db
      .select({
        id: companies.id,
        title: companies.title,
        typeId: companies.typeId,
        countryId: companies.countryId,
        regionId: companies.regionId,
        logoKey: companies.logoKey,
        verified: companyVerifiedSql(),
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.search), asc(companies.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
    loadReferenceNames(db),
  ]);
  const lotCounts = await countCompanyLots(
    db,
    rows.map((row) => row.id),
  );
  return toPage(
    rows.map((row) => toCompanyCard(row, names, lotCounts.get(row.id) ?? 0, locale)),
    total,
    page,
  );
}
