import { and, eq, ne, sql } from 'drizzle-orm';
import type { PlaceInput } from '~/features/admin/reference';
import type { Executor } from '~/server/db';
import { countries, regions } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';

const nameTaken = () =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { name: [{ key: 'admin.reference_name_taken' }] },
  });

/**
 * Adds a region to a country (`id` undefined, `countryId` given) or renames one and sets its centre
 * (docs/backoffice.md "Reference data"). A name the country already has (any case): 422 on `name`. Audited.
 */
export async function saveRegion(
  db: Executor,
  actor: StaffActor,
  target: { id: number } | { countryId: number },
  input: PlaceInput,
): Promise<{ id: number }> {
  requireCapability(actor, 'reference');
  const saved = await db.transaction(async (tx) => {
    const point = { latitude: input.latitude ?? null, longitude: input.longitude ?? null };
    if ('countryId' in target) {
      const [country] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, target.countryId));
      if (!country)
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { country_id: [{ key: 'validation.invalid_option' }] },
        });
      const [clash] = await tx
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.countryId, target.countryId), sql`lower(${regions.name}) = lower(${input.name})`));
      if (clash) throw nameTaken();
      const [row] = await tx
        .insert(regions)
        .values({ countryId: target.countryId, name: input.name, ...point })
        .returning({ id: regions.id });
      await recordAudit(tx, actor, {
        action: 'reference.region_add',
        objectType: 'region',
        objectId: row.id,
        after: { country_id: target.countryId, name: input.name, ...point },
      });
      return row;
    }
    const [row] = await tx.select().from(regions).where(eq(regions.id, target.id)).for('update');
    if (!row) throw new AppError('not_found', 'errors.not_found');
    const [clash] = await tx
      .select({ id: regions.id })
      .from(regions)
      .where(
        and(
          eq(regions.countryId, row.countryId),
          ne(regions.id, row.id),
          sql`lower(${regions.name}) = lower(${input.name})`,
        ),
      );
    if (clash) throw nameTaken();
    await tx
      .update(regions)
      .set({ name: input.name, ...point })
      .where(eq(regions.id, row.id));
    await recordAudit(tx, actor, {
      action: 'reference.region_update',
      objectType: 'region',
      objectId: row.id,
      before: { name: row.name, latitude: row.latitude, longitude: row.longitude },
      after: { name: input.name, ...point },
    });
    return { id: row.id };
  });
  forgetReferenceCaches();
  return saved;
}
