import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { lots, memberWarehouses } from '~/server/db/schema';
import type { SessionUser } from '~/server/services/accounts/users';
import { type LotItem, itemsOf, onMarket, selectLots } from '~/server/services/lots/lot-item';

/**
 * The lots on the market placed at a public warehouse: lots whose `warehouse_id` is a member's warehouse created
 * from it (`member_warehouses.system_warehouse_id`), newest first, a page at a time, in the catalogue's item shape.
 * The caller has read the warehouse (readPublicWarehouse): a retired or unknown one is its 404.
 */
export async function listPublicWarehouseLots(
  db: Executor,
  systemWarehouseId: number,
  page: PageRequest,
  viewer: SessionUser | null,
  locale: Locale,
): Promise<Page<LotItem>> {
  const placedHere = db
    .select({ id: memberWarehouses.id })
    .from(memberWarehouses)
    .where(eq(memberWarehouses.systemWarehouseId, systemWarehouseId));
  const where = and(inArray(lots.warehouseId, placedHere), onMarket());
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(lots).where(where),
    selectLots(db, viewer)
      .where(where)
      .orderBy(desc(lots.createdAt), desc(lots.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
  ]);
  return toPage(await itemsOf(db, rows, viewer, locale), total, page);
}
