import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { categories, type CategoryKind } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

/**
 * Retires a category (no longer offered for new lots or in the reference lists; lots that use it keep it and show
 * its name) or brings it back. Already in that state: 409. Audited.
 */
export async function setCategoryRetired(
  db: Executor,
  actor: StaffActor,
  kind: CategoryKind,
  id: number,
  retired: boolean,
): Promise<{ retired_at: string | null }> {
  requireCapability(actor, 'reference');
  const result = await db.transaction(async (tx) => {
    const where = and(eq(categories.kind, kind), eq(categories.id, id));
    const [row] = await tx.select().from(categories).where(where).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    if (retired === (row.retiredAt !== null))
      throw new AppError('conflict', retired ? 'admin.reference_already_retired' : 'admin.reference_not_retired');
    const retiredAt = retired ? new Date() : null;
    await tx.update(categories).set({ retiredAt }).where(where);
    await recordAudit(tx, actor, {
      action: retired ? 'reference.category_retire' : 'reference.category_restore',
      objectType: 'category',
      objectId: `${kind}:${id}`,
      before: { retired_at: row.retiredAt },
      after: { retired_at: retiredAt },
    });
    return { retired_at: retiredAt?.toISOString() ?? null };
  });
  forgetReferenceCaches();
  return result;
}
