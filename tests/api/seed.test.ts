import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '~/server/db/client';
import { appMeta, countries, marketPrices, offers } from '~/server/db/schema';
import { verifyStoredDeal } from '~/server/services/deals/history';
import { DEMO_MARKER, ensureSeeded, loadDemoData, seedReferenceData } from '~/server/db/seed';
import { listLatestPrices } from '~/server/services/market/list-latest-prices';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

/** A database with only the schema, as on a first start. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  return handle;
}
const opened: DatabaseHandle[] = [];
afterAll(async () => Promise.all(opened.map((h) => h.close())));

// A first start seeds a whole empty database: tens of seconds on a loaded two-core machine.
const FIRST_START_TIMEOUT = 180_000;

describe('first-start seeding', () => {
  it(
    'loads reference and demo data into an empty database, once',
    async () => {
      const handle = await emptyDatabase();
      opened.push(handle);
      await ensureSeeded(handle.db, { demo: true });
      const [{ n }] = await handle.db.select({ n: count() }).from(marketPrices);
      expect(n).toBe(15 * 12);
      const [marker] = await handle.db.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER));
      await ensureSeeded(handle.db, { demo: true });
      const [again] = await handle.db.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER));
      expect(again.value).toBe(marker.value);
      expect((await handle.db.select({ n: count() }).from(marketPrices))[0].n).toBe(n);
    },
    FIRST_START_TIMEOUT,
  );

  it(
    'leaves demo data out when SEED_DEMO is false, and does not add it on a later start',
    async () => {
      const handle = await emptyDatabase();
      opened.push(handle);
      await ensureSeeded(handle.db, { demo: false });
      expect((await handle.db.select({ n: count() }).from(countries))[0].n).toBeGreaterThan(240);
      await ensureSeeded(handle.db, { demo: true });
      expect((await handle.db.select({ n: count() }).from(marketPrices))[0].n).toBe(0);
    },
    FIRST_START_TIMEOUT,
  );
});

describe('npm run db:seed', () => {
  it('replaces the demo data set instead of duplicating it, all marked as demo', async () => {
    const { db } = database.handle();
    await loadDemoData(db);
    const [{ n: first }] = await db.select({ n: count() }).from(marketPrices);
    await loadDemoData(db);
    expect((await db.select({ n: count() }).from(marketPrices))[0].n).toBe(first);
    expect(await db.selectDistinct({ source: marketPrices.source }).from(marketPrices)).toEqual([{ source: 'demo' }]);
    // One demo deal at each stage, replaced with their lots, each history a valid chain.
    const deals = await db.select({ id: offers.id, status: offers.status }).from(offers).orderBy(offers.id);
    expect(deals.map((d) => d.status)).toEqual([2, 3, 9, 2, 3]);
    for (const deal of deals) expect((await verifyStoredDeal(db, deal.id)).valid).toBe(true);
  });

  it('re-runs the reference seed without duplicating rows', async () => {
    const { db } = database.handle();
    const [{ n: before }] = await db.select({ n: count() }).from(countries);
    await db.transaction((tx) => seedReferenceData(tx));
    expect((await db.select({ n: count() }).from(countries))[0].n).toBe(before);
  });

  it('answers the latest price of each series with the week before, in the asked language', async () => {
    const { db } = database.handle();
    await loadDemoData(db);
    const prices = await listLatestPrices(db, 'fr', 20);
    expect(prices).toHaveLength(15);
    expect(prices.every((p) => p.is_demo && p.previous_minor !== null)).toBe(true);
    const kenyanMaize = prices.find((p) => p.category_id === 3 && p.currency === 'KES');
    expect(kenyanMaize).toMatchObject({ crop: 'Maïs', region: 'Nakuru', country: 'Kenya', decimals: 2 });
    expect(kenyanMaize!.price_minor).toBeGreaterThan(300_000);
    expect(kenyanMaize!.price_minor).toBeLessThan(420_000);
  });
});
