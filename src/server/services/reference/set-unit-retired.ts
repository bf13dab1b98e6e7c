import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

/** Retires a unit (not offered for new lots; lots that use it keep it) or brings it back. Same state: 409. Audited. */
export async function setUnitRetired(
  db: Executor,
  actor: StaffActor,
  id: number,
  retired: boolean,
): Promise<{ retired_at: string | null }> {
  requireCapability(actor, 'reference');
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(perUnits).where(eq(perUnits.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    if (retired === (row.retiredAt !== null))
      throw new AppError('conflict', retired ? 'admin.reference_already_retired' : 'admin.reference_not_retired');
    const retiredAt = retired ? new Date() : null;
    await tx.update(perUnits).set({ retiredAt }).where(eq(perUnits.id, id));
    await recordAudit(tx, actor, {
      action: retired ? 'reference.unit_retire' : 'reference.unit_restore',
      objectType: 'unit',
      objectId: id,
      before: { retired_at: row.retiredAt },
      after: { retired_at: retiredAt },
    });
    return { retired_at: retiredAt?.toISOString() ?? null };
  });
  forgetReferenceCaches();
  return result;
}
