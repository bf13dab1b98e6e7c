import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { countries, regions, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';

export interface WarehousePlaceInput {
  country_id?: number;
  region_id?: number;
  village_id?: number;
  latitude?: number;
  longitude?: number;
}

export interface WarehousePlace {
  countryId: number | null;
  regionId: number | null;
  villageId: number | null;
  latitude: number | null;
  longitude: number | null;
}

const invalid = (field: string) =>
  new AppError('validation_failed', 'errors.validation_failed', {
    fields: { [field]: [{ key: 'validation.invalid_option' }] },
  });

/**
 * Checks a warehouse's place and fills in what follows from it: a village names its region and country, a region
 * its country (each given one must agree, else a 422 on the field); without a point, a village's point is the
 * warehouse's (as for lots, src/server/services/lots/save-lot.ts).
 */
export async function checkWarehousePlace(db: Executor, input: WarehousePlaceInput): Promise<WarehousePlace> {
  let { country_id: countryId, region_id: regionId } = input;
  let point = input.latitude !== undefined && input.longitude !== undefined ? input : undefined;
  if (input.village_id !== undefined) {
    const [village] = await db
      .select({
        regionId: villages.regionId,
        countryId: regions.countryId,
        latitude: villages.latitude,
        longitude: villages.longitude,
      })
      .from(villages)
      .innerJoin(regions, eq(regions.id, villages.regionId))
      .where(eq(villages.id, input.village_id));
    if (
      !village ||
      (regionId !== undefined && village.regionId !== regionId) ||
      (countryId !== undefined && village.countryId !== countryId)
    )
      throw invalid('village_id');
    regionId = village.regionId;
    countryId = village.countryId;
    if (!point && village.latitude !== null && village.longitude !== null)
      point = { latitude: village.latitude, longitude: village.longitude };
  } else if (regionId !== undefined) {
    const [region] = await db.select({ countryId: regions.countryId }).from(regions).where(eq(regions.id, regionId));
    if (!region || (countryId !== undefined && region.countryId !== countryId)) throw invalid('region_id');
    countryId = region.countryId;
  } else if (countryId !== undefined) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!country) throw invalid('country_id');
  }
  return {
    countryId: countryId ?? null,
    regionId: regionId ?? null,
    villageId: input.village_id ?? null,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
  };
}
