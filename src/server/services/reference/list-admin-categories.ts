import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, type CategoryKind, lots } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/**
 * A kind's categories for the back office (docs/backoffice.md "Reference data"): every one, retired included, in
 * the three languages, with how many lots use it.
 */
export async function listAdminCategories(db: Executor, actor: StaffActor, kind: CategoryKind) {
  requireCapability(actor, 'reference');
  const [rows, uses] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.kind, kind))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select({ id: lots.categoryId, n: count() }).from(lots).where(eq(lots.kind, kind)).groupBy(lots.categoryId),
  ]);
  const lotCount = new Map(uses.map((u) => [u.id, Number(u.n)]));
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    parent_id: row.parentId,
    slug: row.slug,
    name_en: row.nameEn,
    name_sw: row.nameSw,
    name_fr: row.nameFr,
    retired_at: row.retiredAt?.toISOString() ?? null,
    lots: lotCount.get(row.id) ?? 0,
  }));
}
