import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appMeta, countries, marketPrices } from '../../src/server/db/schema';
import { DEMO_MARKER, ensureSeeded, loadDemoData, seedReferenceData } from '../../src/server/db/seed';
import { listLatestPrices } from '../../src/server/services/market/list-latest-prices';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

describe('seeding', () => {
  it('leaves demo data out when it is turned off', async () => {
    const { db } = database.handle();
    await ensureSeeded(db, { demo: false });
    expect((await db.select({ n: count() }).from(marketPrices))[0].n).toBe(0);
    expect(await db.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER))).toHaveLength(0);
  });

  it('loads the demo data set once, marked as demo, and replaces it when run again', async () => {
    const { db } = database.handle();
    await ensureSeeded(db, { demo: true });
    const [{ n: first }] = await db.select({ n: count() }).from(marketPrices);
    expect(first).toBe(15 * 12);
    await ensureSeeded(db, { demo: true });
    await loadDemoData(db);
    const [{ n: again }] = await db.select({ n: count() }).from(marketPrices);
    expect(again).toBe(first);
    const sources = await db.selectDistinct({ source: marketPrices.source }).from(marketPrices);
    expect(sources).toEqual([{ source: 'demo' }]);
  });

  it('re-runs the reference seed without duplicating rows', async () => {
    const { db } = database.handle();
    const [{ n: before }] = await db.select({ n: count() }).from(countries);
    await db.transaction((tx) => seedReferenceData(tx));
    const [{ n: after }] = await db.select({ n: count() }).from(countries);
    expect(after).toBe(before);
  });

  it('answers the latest price of each series with the week before, in the asked language', async () => {
    const { db } = database.handle();
    const prices = await listLatestPrices(db, 'fr', 20);
    expect(prices).toHaveLength(15);
    expect(prices.every((p) => p.is_demo && p.previous_minor !== null)).toBe(true);
    const kenyanMaize = prices.find((p) => p.category_id === 3 && p.currency === 'KES');
    expect(kenyanMaize).toMatchObject({ crop: 'Maïs', region: 'Nakuru', country: 'Kenya', decimals: 2 });
    // Around KES 3,600 a 90 kg bag, in minor units.
    expect(kenyanMaize!.price_minor).toBeGreaterThan(300_000);
    expect(kenyanMaize!.price_minor).toBeLessThan(420_000);
  });
});
