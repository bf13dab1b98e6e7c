import { eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { regions, villages } from '~/server/db/schema';
import { checkPlace } from '~/server/services/reference/check-place';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
const db = () => database.handle().db;

describe('checkPlace, the one rule of places', () => {
  it('fills a place in from its village or region, and names the field that does not fit', async () => {
    const [village] = await db()
      .select({ id: villages.id, regionId: villages.regionId, countryId: regions.countryId })
      .from(villages)
      .innerJoin(regions, eq(regions.id, villages.regionId))
      .limit(1);
    const [elsewhere] = await db()
      .select({ id: regions.id, countryId: regions.countryId })
      .from(regions)
      .where(ne(regions.countryId, village.countryId))
      .limit(1);

    const byVillage = await checkPlace(db(), { village_id: village.id });
    expect(byVillage).toMatchObject({
      ok: true,
      place: { countryId: village.countryId, regionId: village.regionId, villageId: village.id },
    });
    expect(await checkPlace(db(), { region_id: village.regionId })).toMatchObject({
      ok: true,
      place: { countryId: village.countryId, regionId: village.regionId, villageId: null, villagePoint: null },
    });
    expect(await checkPlace(db(), {})).toEqual({
      ok: true,
      place: { countryId: null, regionId: null, villageId: null, villagePoint: null },
    });

    expect(await checkPlace(db(), { country_id: 999_999 })).toEqual({ ok: false, field: 'country_id' });
    expect(await checkPlace(db(), { country_id: village.countryId, region_id: elsewhere.id })).toEqual({
      ok: false,
      field: 'region_id',
    });
    expect(await checkPlace(db(), { region_id: elsewhere.id, village_id: village.id })).toEqual({
      ok: false,
      field: 'village_id',
    });
    expect(await checkPlace(db(), { country_id: elsewhere.countryId, village_id: village.id })).toEqual({
      ok: false,
      field: 'village_id',
    });
    expect(await checkPlace(db(), { village_id: 999_999 })).toEqual({ ok: false, field: 'village_id' });
  });
});
