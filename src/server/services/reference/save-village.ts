import { and, eq, ne, sql } from 'drizzle-orm';
import type { PlaceInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { regions, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

const nameTaken = () =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { name: [{ key: 'admin.reference_name_taken' }] },
  });

/**
 * Adds a village or town to a region (`id` undefined, `regionId` given) or renames one and sets its centre
 * (docs/backoffice.md "Reference data"). A name the region already has (any case): 422 on `name`. Audited.
 */
export async function saveVillage(
  db: Executor,
  actor: StaffActor,
  target: { id: number } | { regionId: number },
  input: PlaceInput,
): Promise<{ id: number }> {
  requireCapability(actor, 'reference');
  const saved = await db.transaction(async (tx) => {
    const point = { latitude: input.latitude ?? null, longitude: input.longitude ?? null };
    if ('regionId' in target) {
      const [country] = await tx.select({ id: regions.id }).from(regions).where(eq(regions.id, target.regionId));
      if (!country)
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { region_id: [{ key: 'validation.invalid_option' }] },
        });
      const [clash] = await tx
        .select({ id: villages.id })
        .from(villages)
        .where(and(eq(villages.regionId, target.regionId), sql`lower(${villages.name}) = lower(${input.name})`));
      if (clash) throw nameTaken();
      const [row] = await tx
        .insert(villages)
        .values({ regionId: target.regionId, name: input.name, ...point })
        .returning({ id: villages.id });
      await recordAudit(tx, actor, {
        action: 'reference.village_add',
        objectType: 'village',
        objectId: row.id,
        after: { region_id: target.regionId, name: input.name, ...point },
      });
      return row;
    }
    const [row] = await tx.select().from(villages).where(eq(villages.id, target.id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    const [clash] = await tx
      .select({ id: villages.id })
      .from(villages)
      .where(
        and(
          eq(villages.regionId, row.regionId),
          ne(villages.id, row.id),
          sql`lower(${villages.name}) = lower(${input.name})`,
        ),
      );
    if (clash) throw nameTaken();
    await tx
      .update(villages)
      .set({ name: input.name, ...point })
      .where(eq(villages.id, row.id));
    await recordAudit(tx, actor, {
      action: 'reference.village_update',
      objectType: 'village',
      objectId: row.id,
      before: { name: row.name, latitude: row.latitude, longitude: row.longitude },
      after: { name: input.name, ...point },
    });
    return { id: row.id };
  });
  forgetReferenceCaches();
  return saved;
}
