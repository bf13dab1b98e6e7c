import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { countUnitUses } from './count-unit-uses';
import { forgetReferenceCaches } from './forget-reference-caches';

/** Deletes a unit nothing uses; one in use is refused with 409 `admin.reference_in_use` (retire it instead). Audited. */
export async function deleteUnit(db: Executor, actor: StaffActor, id: number): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(perUnits).where(eq(perUnits.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    const uses = await countUnitUses(tx, id);
    if (uses > 0) throw new AppError('conflict', 'admin.reference_in_use', { vars: { count: uses } });
    await tx.delete(perUnits).where(eq(perUnits.id, id));
    await recordAudit(tx, actor, {
      action: 'reference.unit_delete',
      objectType: 'unit',
      objectId: id,
      before: { code: row.code, name_en: row.nameEn, name_sw: row.nameSw, name_fr: row.nameFr },
    });
  });
  forgetReferenceCaches();
}
