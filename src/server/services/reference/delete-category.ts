import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, type CategoryKind } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { countCategoryUses } from './count-category-uses';
import { forgetReferenceCaches } from './forget-reference-caches';

/**
 * Deletes a category nothing uses (docs/backoffice.md "Reference data"). One in use (sub-categories, lots,
 * warehouse products, interests, articles, prices…) is refused with 409 `admin.reference_in_use` saying how many
 * uses it has: retire it instead. Audited.
 */
export async function deleteCategory(db: Executor, actor: StaffActor, kind: CategoryKind, id: number): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    const where = and(eq(categories.kind, kind), eq(categories.id, id));
    const [row] = await tx.select().from(categories).where(where).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    const uses = await countCategoryUses(tx, kind, id);
    if (uses > 0) throw new AppError('conflict', 'admin.reference_in_use', { vars: { count: uses } });
    await tx.delete(categories).where(where);
    await recordAudit(tx, actor, {
      action: 'reference.category_delete',
      objectType: 'category',
      objectId: `${kind}:${id}`,
      before: { slug: row.slug, name_en: row.nameEn, name_sw: row.nameSw, name_fr: row.nameFr },
    });
  });
  forgetReferenceCaches();
}
