import { and, eq, sql } from 'drizzle-orm';
import type { PublicWarehouseInput } from '~/features/warehouses/public-warehouse-input';
import { foldText } from '~/features/warehouses/fold';
import type { Executor } from '~/server/db';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { foldSql } from './public-warehouse-fields';

const invalidPlace = (field: string) =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { [field]: [{ key: 'validation.invalid_option' }] },
  });

/** A region or village named by id or by name (folded), within its parent. */
async function findPlace(
  db: Executor,
  table: typeof regions | typeof villages,
  parent: { column: typeof regions.countryId | typeof villages.regionId; id: number },
  named: string,
) {
  const match = /^\d+$/.test(named) ? eq(table.id, Number(named)) : sql`${foldSql(table.name)} = ${foldText(named)}`;
  const [row] = await db
    .select({ id: table.id, latitude: table.latitude, longitude: table.longitude })
    .from(table)
    .where(and(eq(parent.column, parent.id), match))
    .limit(1);
  return row;
}

/**
 * The columns of a public warehouse from an administrator's input (publicWarehouseInput, already parsed): the
 * country by code, region and village by id or name within it. Without a point, the village's centre is taken.
 */
export async function publicWarehouseValues(db: Executor, input: PublicWarehouseInput) {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, input.country_code));
  if (!country) throw invalidPlace('country_code');
  const region = input.region
    ? await findPlace(db, regions, { column: regions.countryId, id: country.id }, input.region)
    : undefined;
  if (input.region && !region) throw invalidPlace('region');
  if (input.village && !region) throw invalidPlace('village');
  const village =
    input.village && region
      ? await findPlace(db, villages, { column: villages.regionId, id: region.id }, input.village)
      : undefined;
  if (input.village && !village) throw invalidPlace('village');
  const point =
    input.latitude != null && input.longitude != null
      ? { latitude: input.latitude, longitude: input.longitude }
      : { latitude: village?.latitude ?? null, longitude: village?.longitude ?? null };
  return {
    title: input.title,
    operator: input.operator ?? null,
    kind: input.kind,
    capacityTonnes: input.capacity_tonnes == null ? null : String(input.capacity_tonnes),
    services: [...new Set(input.services)],
    phone: input.phone ?? null,
    email: input.email ?? null,
    note: input.note ?? null,
    countryId: country.id,
    regionId: region?.id ?? null,
    villageId: village?.id ?? null,
    ...point,
  } satisfies Partial<typeof systemWarehouses.$inferInsert>;
}

/** The title is unique within a country (the reference seed upserts by it). */
export async function assertTitleFree(db: Executor, countryId: number, title: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: systemWarehouses.id })
    .from(systemWarehouses)
    .where(and(eq(systemWarehouses.countryId, countryId), eq(systemWarehouses.title, title)));
  if (taken && taken.id !== exceptId)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { title: [{ key: 'warehouses.title_taken' }] },
    });
}
