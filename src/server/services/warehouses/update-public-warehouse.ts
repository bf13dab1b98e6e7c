import { eq } from 'drizzle-orm';
import { publicWarehouseInput } from '~/features/warehouses/public-warehouse-input';
import type { Database } from '~/server/db';
import { countries, systemWarehouses } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { parseInput } from '~/server/api/validate';
import { assertTitleFree, publicWarehouseValues } from './public-warehouse-values';

/**
 * Changes the fields named in `changes` of a public warehouse (`npm run admin -- warehouse-edit`), live or
 * retired; the result is checked whole with publicWarehouseInput. A new village without a new point moves the
 * warehouse to the village's centre. An unknown id is a 404. A demo warehouse stays demo data.
 */
export async function updatePublicWarehouse(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ row: systemWarehouses, countryCode: countries.code })
      .from(systemWarehouses)
      .innerJoin(countries, eq(countries.id, systemWarehouses.countryId))
      .where(eq(systemWarehouses.id, id));
    if (!current) throw new AppError('not_found', 'errors.not_found');
    const { row } = current;
    const movesPlace = 'village' in changes || 'region' in changes || 'country_code' in changes;
    const keepsPoint = !movesPlace || 'latitude' in changes || 'longitude' in changes;
    const merged = {
      title: row.title,
      operator: row.operator,
      kind: row.kind,
      capacity_tonnes: row.capacityTonnes === null ? null : Number(row.capacityTonnes),
      services: row.services,
      phone: row.phone,
      email: row.email,
      note: row.note,
      country_code: current.countryCode,
      region: row.regionId === null ? null : String(row.regionId),
      village: row.villageId === null ? null : String(row.villageId),
      latitude: keepsPoint ? row.latitude : null,
      longitude: keepsPoint ? row.longitude : null,
      // A region or country changed alone leaves the old village behind.
      ...('region' in changes || 'country_code' in changes ? { village: null } : {}),
      ...('country_code' in changes ? { region: null } : {}),
      ...changes,
    };
    const input = parseInput(publicWarehouseInput, merged);
    const values = await publicWarehouseValues(tx, input);
    await assertTitleFree(tx, values.countryId, values.title, id);
    await tx
      .update(systemWarehouses)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(systemWarehouses.id, id));
    return { id };
  });
}
