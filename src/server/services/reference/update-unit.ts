import { eq } from 'drizzle-orm';
import type { UnitInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { countUnitUses } from './count-unit-uses';
import { forgetReferenceCaches } from './forget-reference-caches';
import { unitValues } from './unit-values';

/**
 * Renames a unit and sets its kinds and mass (its code stays). A unit lots use keeps its mass: a change there would
 * reprice statistics silently (409 `admin.reference_in_use`). Audited.
 */
export async function updateUnit(db: Executor, actor: StaffActor, id: number, input: UnitInput): Promise<void> {
  requireCapability(actor, 'reference');
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(perUnits).where(eq(perUnits.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    const values = unitValues(input);
    const before = {
      nameEn: row.nameEn,
      nameSw: row.nameSw,
      nameFr: row.nameFr,
      shortEn: row.shortEn,
      shortSw: row.shortSw,
      shortFr: row.shortFr,
      forBoard: row.forBoard,
      forSeed: row.forSeed,
      forFertilizer: row.forFertilizer,
      forMachinery: row.forMachinery,
      kgPerUnit: row.kgPerUnit,
    };
    const sameMass =
      (row.kgPerUnit === null && values.kgPerUnit === null) ||
      (row.kgPerUnit !== null && values.kgPerUnit !== null && Number(row.kgPerUnit) === Number(values.kgPerUnit));
    if (!sameMass) {
      const uses = await countUnitUses(tx, id);
      if (uses > 0) throw new AppError('conflict', 'admin.reference_in_use', { vars: { count: uses } });
    }
    await tx.update(perUnits).set(values).where(eq(perUnits.id, id));
    await recordAudit(tx, actor, {
      action: 'reference.unit_update',
      objectType: 'unit',
      objectId: id,
      before,
      after: values,
    });
  });
  forgetReferenceCaches();
}
