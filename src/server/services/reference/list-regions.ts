import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import { regionNameIn } from '~/server/db/localized';
import type { Executor } from '~/server/db';
import { type Page, type PageRequest, pageOffset, parseSort, toPage } from '~/server/db/pagination';
import { regions, villages } from '~/server/db/schema';

export interface RegionRow {
  id: number;
  country_id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

/** A region as lists show it: named in the reader's language (src/server/db/localized.ts). */
const regionColumns = (locale: Locale) => ({
  id: regions.id,
  country_id: regions.countryId,
  name: regionNameIn(locale),
  latitude: regions.latitude,
  longitude: regions.longitude,
});

/** Regions, optionally of one country and matching a name (as shown, or official), a page at a time, by name. */
export async function listRegions(
  db: Executor,
  filter: { countryId?: number; q?: string },
  page: PageRequest & { sort: string },
  locale: Locale,
): Promise<Page<RegionRow>> {
  const conditions: SQL[] = [];
  if (filter.countryId) conditions.push(eq(regions.countryId, filter.countryId));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(or(ilike(regions.name, pattern), ilike(regionNameIn(locale), pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select(regionColumns(locale))
      .from(regions)
      .where(where)
      .orderBy(parseSort(page.sort, { name: regionNameIn(locale), id: regions.id }), asc(regions.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(regions).where(where),
  ]);
  return toPage(items, total, page);
}

/** Place names sort by a language-neutral collation in JS, the same on PGlite and any PostgreSQL. */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** All regions of one country, for a drop-down, named and sorted in the reader's language. */
export async function listCountryRegions(db: Executor, countryId: number, locale: Locale): Promise<RegionRow[]> {
  const rows = await db.select(regionColumns(locale)).from(regions).where(eq(regions.countryId, countryId));
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}

/** All villages and towns of one region, for a drop-down. */
export async function listRegionVillages(db: Executor, regionId: number) {
  const rows = await db
    .select({
      id: villages.id,
      region_id: villages.regionId,
      name: villages.name,
      latitude: villages.latitude,
      longitude: villages.longitude,
    })
    .from(villages)
    .where(eq(villages.regionId, regionId));
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}
