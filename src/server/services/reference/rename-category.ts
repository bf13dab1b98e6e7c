import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, type CategoryKind } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

/** Renames a category in the three languages (its slug and id stay: links and lots keep working). Audited. */
export async function renameCategory(
  db: Executor,
  actor: StaffActor,
  kind: CategoryKind,
  id: number,
  names: { name_en: string; name_sw: string; name_fr: string },
): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    const where = and(eq(categories.kind, kind), eq(categories.id, id));
    const [row] = await tx.select().from(categories).where(where).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    await tx
      .update(categories)
      .set({ nameEn: names.name_en, nameSw: names.name_sw, nameFr: names.name_fr })
      .where(where);
    await recordAudit(tx, actor, {
      action: 'reference.category_rename',
      objectType: 'category',
      objectId: `${kind}:${id}`,
      before: { name_en: row.nameEn, name_sw: row.nameSw, name_fr: row.nameFr },
      after: names,
    });
  });
  forgetReferenceCaches();
}
