import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { countries, currencies, marketPrices, perUnits, regions } from '~/server/db/schema';
import { recomputeAllPrices } from '~/server/services/statistics/refresh-price-cells';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoArticles } from './demo-articles';
import { seedDemoCompanies } from './demo-companies';
import { seedDemoDeals } from './demo-deals';
import { seedDemoFinancing } from './demo-financing';
import { DEMO_LOTS, seedDemoLots } from './demo-lots';
import { storeDemoPhotos } from './demo-photos';
import { seedDemoVerifications } from './demo-verifications';

/**
 * The demo data set (`npm run db:seed`, and the first start unless SEED_DEMO=false). Everything it writes is
 * marked as demo data (`source = 'demo'`, accounts at @mavuno.test) and is replaced, not duplicated, when it runs again.
 *
 * Accounts: see demo-accounts.ts (listed in the README); the demo market's members, lots and deals: demo-market.ts,
 * demo-lots.ts, demo-deals.ts (docs/demo-data.md).
 *
 * Market prices: two years of weekly observations per series, ending on the day of seeding, around plausible
 * farm-gate and wholesale prices of 2025–26 in each market's own currency and unit, then the price statistics
 * computed from them and the demo deals and lots (docs/statistics.md).
 */
const PRICE_SERIES: {
  categoryId: number;
  country: string;
  region: string;
  currency: string;
  unit: string;
  price: number;
}[] = [
  { categoryId: 3, country: 'KE', region: 'Nakuru', currency: 'KES', unit: 'bag_90kg', price: 3600 },
  { categoryId: 3, country: 'TZ', region: 'Mbeya', currency: 'TZS', unit: 'kg', price: 750 },
  { categoryId: 3, country: 'UG', region: 'Eastern', currency: 'UGX', unit: 'kg', price: 1000 },
  { categoryId: 7, country: 'KE', region: 'Nairobi', currency: 'KES', unit: 'bag_90kg', price: 11500 },
  { categoryId: 7, country: 'RW', region: 'Southern', currency: 'RWF', unit: 'kg', price: 1000 },
  { categoryId: 4, country: 'TZ', region: 'Morogoro', currency: 'TZS', unit: 'kg', price: 1200 },
  { categoryId: 25, country: 'KE', region: 'Nyandarua', currency: 'KES', unit: 'bag_50kg', price: 2200 },
  { categoryId: 53, country: 'KE', region: 'Kiambu', currency: 'KES', unit: 'kg', price: 95 },
  { categoryId: 59, country: 'GH', region: 'Ashanti', currency: 'GHS', unit: 'tonne', price: 51660 },
  { categoryId: 59, country: 'CI', region: 'Bas-Sassandra', currency: 'XOF', unit: 'kg', price: 2800 },
  { categoryId: 23, country: 'NG', region: 'Benue', currency: 'NGN', unit: 'piece', price: 2500 },
  { categoryId: 40, country: 'NG', region: 'Kano', currency: 'NGN', unit: 'crate', price: 40000 },
  { categoryId: 14, country: 'SN', region: 'Kaolack', currency: 'XOF', unit: 'kg', price: 305 },
  { categoryId: 22, country: 'CM', region: 'Centre', currency: 'XAF', unit: 'kg', price: 120 },
  { categoryId: 5, country: 'GH', region: 'Upper East', currency: 'GHS', unit: 'kg', price: 8 },
];
const WEEKS = 104;

/** A repeatable wobble of a few per cent, so the demo series look like markets and not like flat lines. */
function variation(series: number, week: number): number {
  return (
    1 +
    0.04 * Math.sin(series * 1.7 + week * 0.9) +
    0.015 * Math.cos(series * 0.3 + week * 2.3) +
    0.05 * Math.sin((week / 52) * 2 * Math.PI + series) +
    (week - WEEKS) * 0.001
  );
}

export async function seedDemoData(db: Executor, today = new Date()): Promise<void> {
  // The lots' drawings are rasterised on sharp's threads while the database work below runs on this one; the
  // seeding waits for them before it ends, so a lot is never shown without its photo's files.
  const photos = storeDemoPhotos(DEMO_LOTS.map((lot) => lot.picture));
  // Until it is awaited, a failure is only kept: it fails the seeding there, not the process now.
  photos.catch(() => undefined);
  await seedDemoAccounts(db);
  await seedDemoLots(db);
  await seedDemoDeals(db);
  await seedDemoCompanies(db);
  await seedDemoVerifications(db);
  await seedDemoFinancing(db);
  await seedDemoArticles(db, today);
  await seedDemoPrices(db, today);
  await photos;
}

/** The demo market prices (PRICE_SERIES), then every price statistic computed again from them, lots and deals. */
async function seedDemoPrices(db: Executor, today: Date): Promise<void> {
  await db.delete(marketPrices).where(eq(marketPrices.source, 'demo'));

  const countryRows = await db
    .select({ id: countries.id, code: countries.code })
    .from(countries)
    .where(inArray(countries.code, [...new Set(PRICE_SERIES.map((s) => s.country))]));
  const countryIds = new Map(countryRows.map((row) => [row.code, row.id]));
  const currencyRows = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals })
    .from(currencies);
  const currencyByCode = new Map(currencyRows.map((row) => [row.code.trim(), row]));
  const unitIds = new Map(
    (await db.select({ id: perUnits.id, code: perUnits.code }).from(perUnits)).map((row) => [row.code, row.id]),
  );

  const rows: (typeof marketPrices.$inferInsert)[] = [];
  for (const [index, series] of PRICE_SERIES.entries()) {
    const [region] = await db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.countryId, countryIds.get(series.country)!), eq(regions.name, series.region)));
    const currency = currencyByCode.get(series.currency);
    const unitId = unitIds.get(series.unit);
    if (!region || !currency || !unitId)
      throw new Error(`Demo data: unknown place, currency or unit in ${JSON.stringify(series)}`);
    for (let week = 1; week <= WEEKS; week++) {
      const day = new Date(today);
      day.setUTCDate(day.getUTCDate() - (WEEKS - week) * 7);
      rows.push({
        categoryId: series.categoryId,
        regionId: region.id,
        currencyId: currency.id,
        unitId,
        priceMinor: Math.round(series.price * variation(index, week) * 10 ** currency.decimals),
        observedOn: day.toISOString().slice(0, 10),
        source: 'demo',
      });
    }
  }
  await db.insert(marketPrices).values(rows);
  await recomputeAllPrices(db);
}
