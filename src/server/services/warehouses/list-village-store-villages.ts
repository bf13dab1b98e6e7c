import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { systemWarehouses, villages } from '~/server/db/schema';
import { isLive } from './public-warehouse-fields';

export interface VillageWithStores {
  id: number;
  region_id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  store_count: number;
}

/** The villages of a region that have at least one live village store, by name, with how many. */
export async function listVillageStoreVillages(db: Executor, regionId: number): Promise<VillageWithStores[]> {
  const rows = await db
    .select({
      id: villages.id,
      region_id: villages.regionId,
      name: villages.name,
      latitude: villages.latitude,
      longitude: villages.longitude,
      store_count: count(systemWarehouses.id),
    })
    .from(villages)
    .innerJoin(systemWarehouses, eq(systemWarehouses.villageId, villages.id))
    .where(and(eq(villages.regionId, regionId), eq(systemWarehouses.kind, 'village_store'), isLive))
    .groupBy(villages.id)
    .orderBy(asc(villages.name), asc(villages.id));
  return rows;
}
