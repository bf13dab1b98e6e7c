import { logoUrls } from './upload-company-logo';
import { and, inArray, sql } from 'drizzle-orm';
import { COMPANY_TYPES, type CompanyTypeKey } from '~/features/companies/constants';
import { COMPANY_TYPE_LABEL } from '~/features/companies/labels';
import type { Locale } from '~/i18n/config';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { type companies, lots } from '~/server/db/schema';
import type { ReferenceNames } from '~/server/services/reference/reference-names';
import { onMarket } from '~/server/services/lots/lot-item';

/** A company type's key by id (COMPANY_TYPES). */
export const companyTypeKey = (id: number): CompanyTypeKey =>
  COMPANY_TYPES.find((type) => type.id === id)?.key ?? 'cooperative';

/** A company type's name in a language. */
export const companyTypeName = (id: number, locale: Locale) =>
  createTranslator(locale)(COMPANY_TYPE_LABEL[companyTypeKey(id)]);

/** Verified: at least one verification of the company that was not revoked (docs/companies.md "Verification"). */
export const companyVerifiedSql = () =>
  // Written with its table names: inside a select's fields, columns render unqualified and would bind to the
  // sub-query's own table.
  sql<boolean>`exists (select 1 from verifications v where v.company_id = "companies"."id" and v.revoked_at is null)`.mapWith(
    Boolean,
  );

/** The number of lots on the market of each company, in one grouped query over the company index of lots. */
export async function countCompanyLots(db: Executor, companyIds: number[]): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: lots.companyId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(lots)
    .where(and(inArray(lots.companyId, companyIds), onMarket()))
    .groupBy(lots.companyId);
  return new Map(rows.map((row) => [row.companyId!, row.n]));
}

type CardRow = Pick<typeof companies.$inferSelect, 'id' | 'title' | 'typeId' | 'countryId' | 'regionId' | 'logoKey'>;

/** A company as the directory shows it (`GET /company/index` items): named from the memoised reference lists. */
export function toCompanyCard(
  row: CardRow & { verified: boolean },
  names: Pick<ReferenceNames, 'countries' | 'regions'>,
  lotsCount: number,
  locale: Locale,
) {
  return {
    id: row.id,
    title: row.title,
    type_id: row.typeId,
    type: companyTypeName(row.typeId, locale),
    country_id: row.countryId,
    country: names.countries.get(row.countryId)?.[locale] ?? '',
    region_id: row.regionId,
    region: row.regionId === null ? null : (names.regions.get(row.regionId)?.[locale] ?? null),
    ...logoUrls(row.logoKey),
    lots_count: lotsCount,
    verified: row.verified,
  };
}
export type CompanyCard = ReturnType<typeof toCompanyCard>;
