import { type SQL, and, arrayContains, asc, count, eq, sql } from 'drizzle-orm';
import type { WarehouseKind, WarehouseService } from '~/features/warehouses/constants';
import { foldText } from '~/features/warehouses/fold';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { systemWarehouses } from '~/server/db/schema';
import {
  type PublicWarehouse,
  containsPattern,
  foldSql,
  isLive,
  selectPublicWarehouses,
} from './public-warehouse-fields';

export interface PublicWarehouseFilter {
  countryId?: number;
  regionId?: number;
  villageId?: number;
  kind?: WarehouseKind;
  service?: WarehouseService;
  /** Part of the title or operator, compared without case and accents. */
  q?: string;
}

/**
 * The public warehouse list (docs/warehouses.md "API"): live warehouses matching every filter given, by title
 * then id, a page at a time. Village stores are this list with `kind: 'village_store'`.
 */
export async function listPublicWarehouses(
  db: Executor,
  filter: PublicWarehouseFilter,
  page: PageRequest,
  locale: Locale,
): Promise<Page<PublicWarehouse>> {
  const conditions: SQL[] = [isLive];
  if (filter.countryId) conditions.push(eq(systemWarehouses.countryId, filter.countryId));
  if (filter.regionId) conditions.push(eq(systemWarehouses.regionId, filter.regionId));
  if (filter.villageId) conditions.push(eq(systemWarehouses.villageId, filter.villageId));
  if (filter.kind) conditions.push(eq(systemWarehouses.kind, filter.kind));
  if (filter.service) conditions.push(arrayContains(systemWarehouses.services, [filter.service]));
  const folded = filter.q ? foldText(filter.q) : '';
  if (folded) {
    const text = sql`${systemWarehouses.title} || ' ' || coalesce(${systemWarehouses.operator}, '')`;
    conditions.push(sql`${foldSql(text)} like ${containsPattern(folded)}`);
  }
  const where = and(...conditions);
  const [items, [{ total }]] = await Promise.all([
    selectPublicWarehouses(db, locale)
      .where(where)
      .orderBy(asc(systemWarehouses.title), asc(systemWarehouses.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(systemWarehouses).where(where),
  ]);
  return toPage(items, total, page);
}
