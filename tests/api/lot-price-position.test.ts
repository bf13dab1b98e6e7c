import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countries, priceDaily, regions } from '~/server/db/schema';
import { type PricedLot, readLotPricePosition } from '~/server/services/statistics/read-lot-price-position';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();
const TODAY = '2026-11-20';
let kenya = 0;
let nakuru = 0;
let nairobi = 0;

/** A traded cell of maize (3) in kg basis at `usd` per kg, `n` deals, on `day`. */
const cell = (regionId: number, day: string, usd: number, n: number) => ({
  series: 'traded' as const,
  categoryId: 3,
  countryId: kenya,
  regionId,
  unitId: 4,
  source: '',
  day,
  basis: 'kg' as const,
  n,
  volume: String(n * 90),
  valueUsd: String(usd * n * 90),
  priceSumUsd: String(usd * n),
  minUsd: String(usd),
  maxUsd: String(usd),
  p25Usd: String(usd),
  medianUsd: String(usd),
  p75Usd: String(usd),
});

/** A maize lot in KES (id 1, 129.2 per USD) at `bagPrice` shillings per 90 kg bag. */
const lot = (regionId: number | null, bagPrice: number): PricedLot => ({
  kind: 'board',
  category_id: 3,
  country_id: kenya,
  region_id: regionId,
  per_unit_id: 4,
  price_minor: bagPrice * 100,
  currency_id: 1,
});

beforeAll(async () => {
  const db = database.handle().db;
  [{ id: kenya }] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'KE'));
  const regionId = async (name: string) =>
    (
      await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.countryId, kenya), eq(regions.name, name)))
    )[0].id;
  nakuru = await regionId('Nakuru');
  nairobi = await regionId('Nairobi');
  await db.insert(priceDaily).values([
    cell(nakuru, '2026-11-01', 0.3, 1),
    cell(nakuru, '2026-11-10', 0.4, 3),
    cell(nakuru, '2026-11-15', 0.5, 1),
    // Older than 90 days: not counted.
    cell(nakuru, '2026-06-01', 2, 10),
  ]);
});

describe('readLotPricePosition', () => {
  it("places a lot against the median of its region's recent deals, in its own unit and per kg, in its currency", async () => {
    const db = database.handle().db;
    // Median 0.4 USD/kg = 51.68 KES/kg = 4,651.20 KES per 90 kg bag; the lot asks 5,168 KES per bag = 57.42 KES/kg.
    const position = await readLotPricePosition(db, lot(nakuru, 5168), { today: TODAY });
    expect(position).toMatchObject({
      scope: 'region',
      basis: 'kg',
      median_minor: 5168,
      lot_minor: 5742,
      kg_per_unit: 90,
      unit_median_minor: 465_120,
      unit_lot_minor: 516_800,
      deals: 5,
    });
    expect(position?.percent).toBe(11.1);
    const cheaper = await readLotPricePosition(db, lot(nakuru, 4200), { today: TODAY });
    expect(cheaper?.percent).toBeLessThan(0);
  });

  it('compares a lot sold by the tonne per tonne, and one in a unit without a mass per that unit alone', async () => {
    const db = database.handle().db;
    // 0.4 USD/kg = 51,680 KES per tonne; a tonne at 62,016 KES is 20 % above.
    const tonne = await readLotPricePosition(db, { ...lot(nakuru, 62_016), per_unit_id: 2 }, { today: TODAY });
    expect(tonne).toMatchObject({ kg_per_unit: 1000, unit_median_minor: 5_168_000, unit_lot_minor: 6_201_600 });
    expect(tonne?.percent).toBe(20);
    // A crate has no mass: no kg cells compare with it, and none were traded per crate.
    expect(await readLotPricePosition(db, { ...lot(nakuru, 500), per_unit_id: 5 }, { today: TODAY })).toBeNull();
  });

  it('falls back to the country when the region had no deal, and says nothing when there were none', async () => {
    const db = database.handle().db;
    expect(await readLotPricePosition(db, lot(nairobi, 4186), { today: TODAY })).toMatchObject({
      scope: 'country',
      median_minor: 5168,
      percent: -10,
    });
    expect(await readLotPricePosition(db, { ...lot(nakuru, 5000), category_id: 7 }, { today: TODAY })).toBeNull();
    expect(await readLotPricePosition(db, lot(nakuru, 5000), { today: '2027-06-01' })).toBeNull();
    expect(await readLotPricePosition(db, { ...lot(nakuru, 5000), kind: 'seed' }, { today: TODAY })).toBeNull();
  });
});
