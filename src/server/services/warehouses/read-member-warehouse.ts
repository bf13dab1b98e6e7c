import { and, eq } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { memberWarehouses } from '~/server/db/schema';
import { readableBy } from './access';
import { type MemberWarehouse, selectMemberWarehouses, withProducts } from './member-warehouse-fields';

/** One warehouse with its products, or null when `userId` may not read it (the API answers 404). */
export async function readMemberWarehouse(
  db: Executor,
  userId: number,
  id: number,
  locale: Locale,
): Promise<MemberWarehouse | null> {
  const rows = await selectMemberWarehouses(db, locale, userId, and(eq(memberWarehouses.id, id), readableBy(userId))!);
  if (rows.length === 0) return null;
  const [warehouse] = await withProducts(db, rows, locale);
  return warehouse;
}
