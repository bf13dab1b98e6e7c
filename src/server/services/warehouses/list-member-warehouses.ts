import { count, desc } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { type Page, type PageRequest, pageOffset, toPage } from '~/server/db/pagination';
import { memberWarehouses } from '~/server/db/schema';
import { readableBy } from './access';
import { type MemberWarehouse, selectMemberWarehouses, withProducts } from './member-warehouse-fields';

/**
 * The warehouses `userId` may read (their own and their company's), newest first, a page at a time, each with its
 * products and the names of its place, categories and units in `locale`.
 */
export async function listMemberWarehouses(
  db: Executor,
  userId: number,
  page: PageRequest,
  locale: Locale,
): Promise<Page<MemberWarehouse>> {
  const where = readableBy(userId);
  const [rows, [{ total }]] = await Promise.all([
    selectMemberWarehouses(db, locale, userId, where)
      .orderBy(desc(memberWarehouses.id))
      .limit(page.perPage)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(memberWarehouses).where(where),
  ]);
  return toPage(await withProducts(db, rows, locale), total, page);
}
