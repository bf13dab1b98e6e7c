import { eq, max, sql } from 'drizzle-orm';
import type { UnitAddInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';
import { unitValues } from './unit-values';

/** Adds a unit (docs/backoffice.md "Reference data"): a code of its own (taken: 422 on `code`), names, kinds. Audited. */
export async function addUnit(db: Executor, actor: StaffActor, input: UnitAddInput): Promise<{ id: number }> {
  requireCapability(actor, 'reference');
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table per_units in share row exclusive mode`);
    const [taken] = await tx.select({ id: perUnits.id }).from(perUnits).where(eq(perUnits.code, input.code));
    if (taken)
      throw new AppError('validation_failed', 'errors.validation_failed', {
        fields: { code: [{ key: 'admin.reference_code_taken' }] },
      });
    const [{ top, order }] = await tx.select({ top: max(perUnits.id), order: max(perUnits.sortOrder) }).from(perUnits);
    const id = (top ?? 0) + 1;
    const values = unitValues(input);
    await tx.insert(perUnits).values({ id, code: input.code, ...values, sortOrder: Math.min((order ?? 0) + 1, 32767) });
    await recordAudit(tx, actor, {
      action: 'reference.unit_add',
      objectType: 'unit',
      objectId: id,
      after: { code: input.code, ...values },
    });
    return { id };
  });
  forgetReferenceCaches();
  return created;
}
