import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { countries, regions, villages } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** The ids a form names for a place (an address, a lot, a warehouse, a company), each optional. */
export interface PlaceIdsInput {
  country_id?: number | null;
  region_id?: number | null;
  village_id?: number | null;
}

/** A place whose ids fit together, filled in from the village or region given. */
export interface CheckedPlace {
  countryId: number | null;
  regionId: number | null;
  villageId: number | null;
  /** The village's centre, for a thing placed by its village without a point of its own; else null. */
  villagePoint: { latitude: number; longitude: number } | null;
}

export type PlaceField = 'country_id' | 'region_id' | 'village_id';

/**
 * The one rule of a place's ids: each must exist, a region lie in the country given and a village in the region and
 * country given; a village alone names its region and country, a region alone its country. Answers the place or the
 * field that is wrong (the first of region and village that does not fit, else the country).
 */
export async function checkPlace(
  db: Executor,
  input: PlaceIdsInput,
): Promise<{ ok: true; place: CheckedPlace } | { ok: false; field: PlaceField }> {
  let countryId = input.country_id ?? undefined;
  let regionId = input.region_id ?? undefined;
  const villageId = input.village_id ?? undefined;
  let villagePoint: CheckedPlace['villagePoint'] = null;
  if (regionId !== undefined) {
    const [region] = await db.select({ countryId: regions.countryId }).from(regions).where(eq(regions.id, regionId));
    if (!region || (countryId !== undefined && region.countryId !== countryId))
      return { ok: false, field: 'region_id' };
    countryId = region.countryId;
  }
  if (villageId !== undefined) {
    const [village] = await db
      .select({
        regionId: villages.regionId,
        countryId: regions.countryId,
        latitude: villages.latitude,
        longitude: villages.longitude,
      })
      .from(villages)
      .innerJoin(regions, eq(regions.id, villages.regionId))
      .where(eq(villages.id, villageId));
    if (
      !village ||
      (regionId !== undefined && village.regionId !== regionId) ||
      (countryId !== undefined && village.countryId !== countryId)
    )
      return { ok: false, field: 'village_id' };
    regionId = village.regionId;
    countryId = village.countryId;
    if (village.latitude !== null && village.longitude !== null)
      villagePoint = { latitude: village.latitude, longitude: village.longitude };
  }
  if (countryId !== undefined && regionId === undefined) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
    if (!country) return { ok: false, field: 'country_id' };
  }
  return {
    ok: true,
    place: { countryId: countryId ?? null, regionId: regionId ?? null, villageId: villageId ?? null, villagePoint },
  };
}

/** checkPlace, refusing a place that does not fit with a 422 on its field (`validation.invalid_option`). */
export async function assertPlace(db: Executor, input: PlaceIdsInput): Promise<CheckedPlace> {
  const checked = await checkPlace(db, input);
  if (!checked.ok)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { [checked.field]: [{ key: 'validation.invalid_option' }] },
    });
  return checked.place;
}
