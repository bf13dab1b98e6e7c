import { asc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { countries, regions, villages } from '~/server/db/schema';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';

/** The places the back office edits: every country, a country's regions and a region's villages, by name. */
export async function listAdminPlaces(db: Executor, actor: StaffActor, at: { countryId?: number; regionId?: number }) {
  requireCapability(actor, 'reference');
  const [countryRows, regionRows, villageRows] = await Promise.all([
    db
      .select({ id: countries.id, code: countries.code, name: countries.nameEn })
      .from(countries)
      .orderBy(asc(countries.nameEn)),
    at.countryId
      ? db.select().from(regions).where(eq(regions.countryId, at.countryId)).orderBy(asc(regions.name))
      : Promise.resolve([]),
    at.regionId
      ? db.select().from(villages).where(eq(villages.regionId, at.regionId)).orderBy(asc(villages.name))
      : Promise.resolve([]),
  ]);
  return {
    countries: countryRows.map((c) => ({ ...c, code: c.code.trim() })),
    regions: regionRows.map((r) => ({
      id: r.id,
      country_id: r.countryId,
      name: r.name,
      latitude: r.latitude,
      longitude: r.longitude,
    })),
    villages: villageRows.map((v) => ({
      id: v.id,
      region_id: v.regionId,
      name: v.name,
      latitude: v.latitude,
      longitude: v.longitude,
    })),
  };
}
