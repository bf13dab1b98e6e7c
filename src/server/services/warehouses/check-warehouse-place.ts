import type { Executor } from '~/server/db';
import { assertPlace } from '~/server/services/reference/check-place';

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

/**
 * Checks a warehouse's place and fills in what follows from it (assertPlace: a village names its region and
 * country, a region its country, each given one must agree, else a 422 on the field); without a point, a village's
 * point is the warehouse's (as for lots, src/server/services/lots/save-lot.ts).
 */
export async function checkWarehousePlace(db: Executor, input: WarehousePlaceInput): Promise<WarehousePlace> {
  const { villagePoint, ...ids } = await assertPlace(db, input);
  const point = input.latitude !== undefined && input.longitude !== undefined ? input : villagePoint;
  return { ...ids, latitude: point?.latitude ?? null, longitude: point?.longitude ?? null };
}
