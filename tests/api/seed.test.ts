import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '~/server/db/client';
import {
  appMeta,
  chatMessages,
  chatRooms,
  countries,
  lotPhotos,
  lots,
  marketPrices,
  priceDaily,
  memberWarehouseProducts,
  memberWarehouses,
  offers,
  users,
  verifications,
  articles,
  articleTranslations,
} from '~/server/db/schema';
import { countAllUnread } from '~/server/services/chat/unread';
import { isNewsArticle } from '~/server/services/articles/news-only';
import { LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import { createLocalStorage, getStorage, installStorage } from '~/server/storage';
import { verifyStoredDeal } from '~/server/services/deals/history';
import { DEMO_MARKER, ensureSeeded, loadDemoData, seedReferenceData } from '~/server/db/seed';
import { listLatestPrices } from '~/server/services/market/list-latest-prices';
import { listPublicWarehouseLots } from '~/server/services/warehouses/list-public-warehouse-lots';
import { useTestDatabase } from '../fixtures/database';

const database = useTestDatabase();

// The demo lots' photos go to a storage of this file's own.
const uploads = mkdtempSync(path.join(tmpdir(), 'mavuno-seed-uploads-'));
beforeAll(() => installStorage(createLocalStorage(uploads)));
afterAll(() => {
  installStorage(undefined);
  rmSync(uploads, { recursive: true, force: true });
});

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
      expect(n).toBe(15 * 104);
      // The price statistics are computed from them: one daily reference row per observation.
      const [{ cells }] = await handle.db
        .select({ cells: count() })
        .from(priceDaily)
        .where(eq(priceDaily.series, 'reference'));
      expect(cells).toBe(n);
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
    // Two demo lots are stored at public depots: their owners' warehouses hold the goods, replaced on reload, and
    // each depot's public page lists its lot.
    const stores = await db.select().from(memberWarehouses).orderBy(memberWarehouses.id);
    expect(stores.map((w) => w.description)).toEqual([
      'Ghala la Ushirika Rujewa (demo data)',
      'Njoro Cereal Store (demo data)',
    ]);
    for (const store of stores) {
      const stored = await listPublicWarehouseLots(db, store.systemWarehouseId!, { page: 1, perPage: 12 }, null, 'en');
      expect(stored.items).toHaveLength(1);
      expect(stored.items[0].warehouse_id).toBe(store.id);
      expect(stored.items[0].village_id).toBe(store.villageId);
    }
    expect(await db.select().from(memberWarehouseProducts)).toHaveLength(2);
    // Each demo deal's steps are told in its parties' chat room, replaced too (one room per deal, not two).
    const rooms = await db.select().from(chatRooms);
    expect(rooms).toHaveLength(deals.length);
    const [maize] = await db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .innerJoin(lots, eq(lots.id, chatRooms.lotId))
      .where(eq(lots.title, 'White maize, dried and shelled'));
    const story = await db
      .select({ kind: chatMessages.kind, system: chatMessages.system, body: chatMessages.body })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, maize.id))
      .orderBy(chatMessages.id);
    expect(story.map((m) => (m.kind === 'system' ? m.system!.event : 'text'))).toEqual([
      'text',
      'text',
      'text',
      'create',
      'approve-offer',
      'delivery-send',
      'text',
    ]);
    expect(story.filter((m) => m.kind === 'text').every((m) => m.body.endsWith('(demo)'))).toBe(true);
    // The seller's last answers wait unread for demo-buyer (the chat badge of the demo).
    const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo-buyer@mavuno.test'));
    expect(await countAllUnread(db, buyer.id)).toBe(2);
    // demo-admin's verifications of demo members and of the demo companies (the badges of the demo), replaced too
    // and marked as demo.
    const demoVerifications = await db
      .select({ note: verifications.note, userId: verifications.userId })
      .from(verifications);
    expect(demoVerifications.filter((v) => v.userId !== null)).toHaveLength(4);
    expect(demoVerifications.filter((v) => v.userId === null)).toHaveLength(2);
    expect(demoVerifications.every((v) => v.note?.startsWith('Demo data:') || v.note?.endsWith('(demo data)'))).toBe(
      true,
    ); // Demo articles: published, marked as demo data in the row and in every language's text, replaced on reload.
    const demoArticles = await db
      .select({ id: articles.id, isDemo: articles.isDemo, state: articles.state })
      .from(articles)
      .where(isNewsArticle);
    expect(demoArticles.length).toBe(4);
    expect(demoArticles.every((a) => a.isDemo && a.state === 'published')).toBe(true);
    const texts = await db
      .select({ body: articleTranslations.body })
      .from(articleTranslations)
      .where(
        inArray(
          articleTranslations.articleId,
          demoArticles.map((a) => a.id),
        ),
      );
    expect(texts.every((t) => /Demo article|Makala ya mfano|Article de démonstration/.test(t.body))).toBe(true);
  });

  it('gives every demo lot a photo, stored as WebP at every photo width, and stores each drawing once', async () => {
    const { db } = database.handle();
    await loadDemoData(db);
    const demoLots = await db
      .select({ id: lots.id })
      .from(lots)
      .innerJoin(users, eq(users.id, lots.userId))
      .where(eq(users.email, 'demo-gold@mavuno.test'));
    expect(demoLots.length).toBeGreaterThan(3);
    const photos = await db
      .select()
      .from(lotPhotos)
      .where(
        inArray(
          lotPhotos.lotId,
          demoLots.map((lot) => lot.id),
        ),
      );
    expect(new Set(photos.map((photo) => photo.lotId)).size).toBe(demoLots.length);
    const keys = [...new Set(photos.map((photo) => photo.storageKey))];
    for (const key of keys) {
      for (const width of LOT_PHOTO_WIDTHS) {
        const file = await getStorage().get(`${key}-${width}.webp`);
        expect(file, `${key}-${width}`).toBeDefined();
        const meta = await sharp(Buffer.from(await new Response(file!.body).arrayBuffer())).metadata();
        expect(meta).toMatchObject({ format: 'webp', width });
      }
    }
    expect(photos.every((photo) => photo.width === 1600 && photo.height === 1200)).toBe(true);
    // Loading the demo data again reuses the stored drawings.
    await loadDemoData(db);
    const again = await db.selectDistinct({ key: lotPhotos.storageKey }).from(lotPhotos);
    expect(again.map((row) => row.key).sort()).toEqual(expect.arrayContaining(keys.sort()));
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
