import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { DEMO_LABEL, DEMO_NOTE, WAREHOUSES } from './reference/warehouses';

/**
 * The public warehouses of the reference data set (seed/reference/warehouses.ts), every one flagged `is_demo`
 * and labelled "(demo data)". Idempotent: upserted by (country, title), so a second run corrects them in place.
 * Each point sits a little off its village's centre, so markers of one town do not overlap.
 */
export async function seedPublicWarehouses(db: Executor): Promise<void> {
  const places = await db
    .select({
      code: countries.code,
      countryId: countries.id,
      region: regions.name,
      regionId: regions.id,
      village: villages.name,
      villageId: villages.id,
      latitude: villages.latitude,
      longitude: villages.longitude,
    })
    .from(villages)
    .innerJoin(regions, eq(regions.id, villages.regionId))
    .innerJoin(countries, eq(countries.id, regions.countryId));
  const byKey = new Map(places.map((p) => [`${p.code}|${p.region}|${p.village}`, p]));
  const rows = WAREHOUSES.map((w, index) => {
    const place = byKey.get(`${w.country}|${w.region}|${w.village}`);
    if (!place) throw new Error(`Reference data: unknown place ${w.country} / ${w.region} / ${w.village}`);
    const offset = 0.004 + (index % 5) * 0.001;
    return {
      title: w.title,
      operator: `${w.operator} ${DEMO_LABEL}`,
      kind: w.kind,
      capacityTonnes: w.capacityTonnes,
      services: w.services,
      note: DEMO_NOTE,
      countryId: place.countryId,
      regionId: place.regionId,
      villageId: place.villageId,
      latitude: place.latitude === null ? null : Math.round((place.latitude + offset) * 1e5) / 1e5,
      longitude: place.longitude === null ? null : Math.round((place.longitude - offset) * 1e5) / 1e5,
      isDemo: true,
    };
  });
  await db
    .insert(systemWarehouses)
    .values(rows)
    .onConflictDoUpdate({
      target: [systemWarehouses.countryId, systemWarehouses.title],
      set: {
        operator: sql`excluded.operator`,
        kind: sql`excluded.kind`,
        capacityTonnes: sql`excluded.capacity_tonnes`,
        services: sql`excluded.services`,
        note: sql`excluded.note`,
        regionId: sql`excluded.region_id`,
        villageId: sql`excluded.village_id`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        isDemo: sql`excluded.is_demo`,
        updatedAt: sql`now()`,
      },
    });
}
