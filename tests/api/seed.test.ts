import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '~/server/db/client';
import {
  appMeta,
  chatMessages,
  chatRooms,
  countries,
  currencies,
  lotPhotos,
  lots,
  marketPrices,
  priceDaily,
  memberWarehouseProducts,
  memberWarehouses,
  offers,
  regions,
  userFeedback,
  users,
  verifications,
  villages,
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
import { listCategoryIndices } from '~/server/services/statistics/list-category-indices';
import { DEMO_LOTS, languageOf } from '~/server/db/seed/demo-lots';
import { DEMO_MARKET } from '~/server/db/seed/demo-market';
import { DEMO_PICTURES } from '~/server/db/seed/demo-pictures';
import { REGIONS } from '~/server/db/seed/reference/regions';
import { UNITS } from '~/server/db/seed/reference/units';
import {
  BOARD_CATEGORIES,
  FERTILIZER_CATEGORIES,
  SEED_CATEGORIES,
  TECHNIC_CATEGORIES,
} from '~/server/db/seed/reference/categories';
import { currencyOfCountry } from '~/features/accounts/currency-of-country';
import { countryOfPhone } from '~/features/accounts/phone';
import { DETAIL_FIELDS, lotSchema } from '~/features/lots/schemas';
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

/** The demo accounts' and market members' ids: every demo lot is theirs. */
async function demoOwnerIds(db: DatabaseHandle['db']) {
  return (await db.select({ id: users.id }).from(users).where(like(users.email, 'demo-%@mavuno.test'))).map(
    (u) => u.id,
  );
}

describe('npm run db:seed', () => {
  // Loaded once for the tests that only read it; the first test loads it again to see it replaced.
  beforeAll(() => loadDemoData(database.handle().db), FIRST_START_TIMEOUT);

  it(
    'replaces the demo data set instead of duplicating it, all marked as demo, and reuses the stored drawings',
    async () => {
      const { db } = database.handle();
      const [{ n: prices }] = await db.select({ n: count() }).from(marketPrices);
      const [{ n: lotCount }] = await db.select({ n: count() }).from(lots);
      const [{ n: dealCount }] = await db.select({ n: count() }).from(offers);
      const [{ n: people }] = await db.select({ n: count() }).from(users);
      const keys = (await db.selectDistinct({ key: lotPhotos.storageKey }).from(lotPhotos)).map((row) => row.key);
      await loadDemoData(db);
      expect((await db.select({ n: count() }).from(marketPrices))[0].n).toBe(prices);
      expect((await db.select({ n: count() }).from(lots))[0].n).toBe(lotCount);
      expect((await db.select({ n: count() }).from(offers))[0].n).toBe(dealCount);
      expect((await db.select({ n: count() }).from(users))[0].n).toBe(people);
      expect(await db.selectDistinct({ source: marketPrices.source }).from(marketPrices)).toEqual([{ source: 'demo' }]);
      const again = (await db.selectDistinct({ key: lotPhotos.storageKey }).from(lotPhotos)).map((row) => row.key);
      expect(again.sort()).toEqual(keys.sort());
    },
    FIRST_START_TIMEOUT,
  );

  it('holds about 150 lots over the nine launch countries, of every kind, each in its own language with the demo label', async () => {
    const { db } = database.handle();
    const rows = await db
      .select({
        kind: lots.kind,
        type: lots.type,
        country: countries.code,
        description: lots.description,
        title: lots.title,
      })
      .from(lots)
      .innerJoin(countries, eq(countries.id, lots.countryId))
      .where(inArray(lots.userId, await demoOwnerIds(db)));
    expect(rows.length).toBeGreaterThanOrEqual(140);
    expect(rows.length).toBe(DEMO_LOTS.length);
    const launch = Object.keys(REGIONS);
    expect(launch).toHaveLength(9);
    for (const country of launch)
      expect(rows.filter((lot) => lot.country === country).length, country).toBeGreaterThan(10);
    // Crops for sale and wanted, seed and fertilizer both ways, machinery for sale and for hire.
    expect(new Set(rows.map((lot) => `${lot.kind} ${lot.type}`))).toEqual(
      new Set([
        'board sell',
        'board buy',
        'seed sell',
        'seed buy',
        'fertilizer sell',
        'fertilizer buy',
        'technic sell',
        'technic rent',
      ]),
    );
    // Many crops, not a handful repeated.
    expect(new Set(DEMO_LOTS.filter((lot) => lot.kind === 'board').map((lot) => lot.category)).size).toBeGreaterThan(
      25,
    );
    // Each says it is demo data, in the language it is written in.
    const label = { en: '(demo data)', sw: '(data ya majaribio)', fr: '(données de démonstration)' };
    for (const lot of DEMO_LOTS) {
      const row = rows.find((r) => r.title === lot.title);
      const said = label[languageOf(lot)];
      expect(row?.description?.slice(-said.length), lot.title).toBe(said);
    }
    expect(new Set(DEMO_LOTS.map(languageOf))).toEqual(new Set(['en', 'sw', 'fr']));
  });

  it('prices every lot in its country’s currency and places it in a region and village of that country', async () => {
    const { db } = database.handle();
    const rows = await db
      .select({
        title: lots.title,
        country: countries.code,
        currency: currencies.code,
        regionCountry: regions.countryId,
        countryId: lots.countryId,
        villageRegion: villages.regionId,
        regionId: lots.regionId,
        latitude: lots.latitude,
        longitude: lots.longitude,
        villageLatitude: villages.latitude,
        villageLongitude: villages.longitude,
        priceMinor: lots.priceMinor,
        priceUsdCents: lots.priceUsdCents,
      })
      .from(lots)
      .innerJoin(countries, eq(countries.id, lots.countryId))
      .innerJoin(currencies, eq(currencies.id, lots.currencyId))
      .innerJoin(regions, eq(regions.id, lots.regionId))
      .innerJoin(villages, eq(villages.id, lots.villageId))
      .where(inArray(lots.userId, await demoOwnerIds(db)));
    // Every lot has a region and a village (the inner joins keep only those).
    expect(rows).toHaveLength(DEMO_LOTS.length);
    for (const row of rows) {
      expect(row.currency.trim(), row.title).toBe(currencyOfCountry(row.country));
      expect(row.regionCountry, row.title).toBe(row.countryId);
      expect(row.villageRegion, row.title).toBe(row.regionId);
      expect(Math.abs(row.latitude! - row.villageLatitude!), row.title).toBeLessThan(0.05);
      expect(Math.abs(row.longitude! - row.villageLongitude!), row.title).toBeLessThan(0.05);
      expect(row.priceMinor, row.title).toBeGreaterThan(0);
      expect(row.priceUsdCents, row.title).toBeGreaterThan(0);
    }
    // The places the table names are the reference data's own.
    for (const lot of DEMO_LOTS.filter((l) => !l.warehouse)) {
      const region = REGIONS[lot.country].find((r) => r.name === lot.region);
      expect(
        region?.villages.some((v) => v.name === lot.village),
        `${lot.title}: ${lot.region}/${lot.village}`,
      ).toBe(true);
    }
  });

  it('describes every lot as the lot form would take it: a leaf category of its kind, a unit the kind may use, its details', () => {
    const trees = {
      board: BOARD_CATEGORIES,
      seed: SEED_CATEGORIES,
      fertilizer: FERTILIZER_CATEGORIES,
      technic: TECHNIC_CATEGORIES,
    };
    const unitFlag = {
      board: 'forBoard',
      seed: 'forSeed',
      fertilizer: 'forFertilizer',
      technic: 'forMachinery',
    } as const;
    expect(new Set(DEMO_LOTS.map((lot) => lot.title)).size).toBe(DEMO_LOTS.length);
    for (const lot of DEMO_LOTS) {
      const leaves = trees[lot.kind].flatMap((root) => (root.children ?? []).map((leaf) => leaf.id));
      expect(leaves, `${lot.title}: category`).toContain(lot.category);
      expect(UNITS.find((unit) => unit.id === lot.unit)?.[unitFlag[lot.kind]], `${lot.title}: unit`).toBe(true);
      for (const field of Object.keys(lot.details ?? {})) expect(DETAIL_FIELDS[lot.kind], lot.title).toContain(field);
      const parsed = lotSchema(lot.kind, 'en').safeParse({
        type: lot.type,
        category_id: lot.category,
        title: lot.title,
        volume: lot.volume,
        min_volume: lot.min,
        max_volume: lot.max,
        per_unit_id: lot.unit,
        price: lot.price,
        currency_id: 1,
        country_id: 1,
        village_id: 1,
        description: lot.description,
        organic: lot.organic ?? false,
        ...lot.details,
      });
      expect(parsed.error?.issues, lot.title).toBeUndefined();
    }
  });

  it('gives the demo market members plausible accounts in their countries', async () => {
    const { db } = database.handle();
    for (const [country, { members }] of Object.entries(DEMO_MARKET)) {
      expect(members.length).toBeGreaterThanOrEqual(4);
      expect(new Set(members.map((m) => m.traderStatus))).toEqual(
        new Set(['farmer', 'trader', 'cooperative', 'input_seller']),
      );
      for (const member of members) {
        expect(countryOfPhone(member.phone), member.handle).toBe(country);
        const [row] = await db
          .select({ country: countries.code, currency: currencies.code, verified: users.phoneVerifiedAt })
          .from(users)
          .innerJoin(countries, eq(countries.id, users.countryId))
          .innerJoin(currencies, eq(currencies.id, users.currencyId))
          .where(eq(users.email, `${member.handle}@mavuno.test`));
        expect(row, member.handle).toMatchObject({ country, currency: currencyOfCountry(country) });
        expect(row.verified).not.toBeNull();
      }
    }
  });

  it('has deals at every stage, each history a valid chain, and reviews on the done ones', async () => {
    const { db } = database.handle();
    const deals = await db
      .select({ id: offers.id, status: offers.status, lot: lots.title })
      .from(offers)
      .innerJoin(lots, eq(lots.id, offers.lotId))
      .orderBy(offers.id);
    // The demo accounts' deals, the first ones: waiting, under way, done, waiting, an approved booking.
    expect(deals.slice(0, 5).map((d) => d.status)).toEqual([2, 3, 9, 2, 3]);
    expect(deals.length).toBeGreaterThanOrEqual(20);
    // Declined (1), withdrawn (0), waiting (2), under way (3), done (9).
    expect(new Set(deals.map((d) => d.status))).toEqual(new Set([0, 1, 2, 3, 9]));
    for (const deal of deals) expect((await verifyStoredDeal(db, deal.id)).valid, deal.lot).toBe(true);
    const done = deals.filter((d) => d.status === 9);
    expect(done.length).toBeGreaterThanOrEqual(9);
    const reviews = await db.select().from(userFeedback);
    for (const deal of done) expect(reviews.filter((r) => r.offerId === deal.id).length, deal.lot).toBeGreaterThan(0);
    expect(reviews.every((r) => done.some((d) => d.id === r.offerId))).toBe(true);
    expect(reviews.length).toBeGreaterThanOrEqual(2 * done.length - 2);
    // Each deal's steps are told in its parties' chat room (one room per deal, not two).
    expect(await db.select().from(chatRooms)).toHaveLength(deals.length);
    // The done and approved crop deals make traded prices, beside the lots' asking prices and the reference prices.
    const series = await db.selectDistinct({ series: priceDaily.series }).from(priceDaily);
    expect(series.map((s) => s.series).sort()).toEqual(['asked', 'reference', 'traded']);
  });

  it('tells the demo accounts’ maize deal in its chat room, leaves the seller’s answers unread, stores two lots at depots', async () => {
    const { db } = database.handle();
    // Two demo lots are stored at public depots: their owners' warehouses hold the goods, replaced on reload, and
    // each depot's public page lists its lot.
    const stores = await db.select().from(memberWarehouses).orderBy(memberWarehouses.id);
    expect(stores.map((w) => w.description)).toEqual([
      'Njoro Cereal Store (demo data)',
      'Ghala la Ushirika Rujewa (demo data)',
    ]);
    for (const store of stores) {
      const stored = await listPublicWarehouseLots(db, store.systemWarehouseId!, { page: 1, perPage: 12 }, null, 'en');
      expect(stored.items).toHaveLength(1);
      expect(stored.items[0].warehouse_id).toBe(store.id);
      expect(stored.items[0].village_id).toBe(store.villageId);
    }
    expect(await db.select().from(memberWarehouseProducts)).toHaveLength(2);
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
    // Every demo message says it is one, in its language.
    const texts = await db.select({ body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.kind, 'text'));
    expect(texts.length).toBeGreaterThan(10);
    expect(texts.every((m) => /\((demo|démo|majaribio)\)$/.test(m.body))).toBe(true);
    // The seller's last answers wait unread for demo-buyer (the chat badge of the demo).
    const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo-buyer@mavuno.test'));
    expect(await countAllUnread(db, buyer.id)).toBe(2);
  });

  it('marks the verifications and articles as demo data', async () => {
    const { db } = database.handle();
    // demo-admin's verifications of demo members and of the demo companies (the badges of the demo), replaced too
    // and marked as demo.
    const demoVerifications = await db
      .select({ note: verifications.note, userId: verifications.userId })
      .from(verifications);
    expect(demoVerifications.filter((v) => v.userId !== null)).toHaveLength(14);
    expect(demoVerifications.filter((v) => v.userId === null)).toHaveLength(2);
    expect(demoVerifications.every((v) => v.note?.startsWith('Demo data:') || v.note?.endsWith('(demo data)'))).toBe(
      true,
    );
    // Demo articles: published, marked as demo data in the row and in every language's text, replaced on reload.
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

  it('gives every demo lot a photo, stored as WebP at every photo width, each drawing once and distinct', async () => {
    const { db } = database.handle();
    const demoLots = await db
      .select({ id: lots.id, photoCount: lots.photoCount })
      .from(lots)
      .where(inArray(lots.userId, await demoOwnerIds(db)));
    expect(demoLots.every((lot) => lot.photoCount === 1)).toBe(true);
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
    expect(photos.every((photo) => photo.width === 1600 && photo.height === 1200)).toBe(true);
    const keys = [...new Set(photos.map((photo) => photo.storageKey))];
    expect(keys.length).toBe(Object.keys(DEMO_PICTURES).length);
    const drawings = new Set<string>();
    for (const key of keys) {
      for (const width of LOT_PHOTO_WIDTHS) {
        const file = await getStorage().get(`${key}-${width}.webp`);
        expect(file, `${key}-${width}`).toBeDefined();
        const bytes = Buffer.from(await new Response(file!.body).arrayBuffer());
        const meta = await sharp(bytes).metadata();
        expect(meta, `${key}-${width}`).toMatchObject({ format: 'webp', width, height: (width * 3) / 4 });
        // Small files: a card's picture is a few kilobytes, the largest well under a tenth of a megabyte.
        expect(bytes.length, `${key}-${width}`).toBeLessThan(width === 320 ? 10_000 : 80_000);
        if (width === 320) drawings.add(createHash('sha256').update(bytes).digest('hex'));
      }
    }
    // Each drawing is its own picture, not one repeated.
    expect(drawings.size).toBe(keys.length);
  });

  it('re-runs the reference seed without duplicating rows', async () => {
    const { db } = database.handle();
    const [{ n: before }] = await db.select({ n: count() }).from(countries);
    await db.transaction((tx) => seedReferenceData(tx));
    expect((await db.select({ n: count() }).from(countries))[0].n).toBe(before);
  });

  it('answers the latest price of each series with the week before, in the asked language', async () => {
    const { db } = database.handle();
    const prices = await listLatestPrices(db, 'fr', 20);
    expect(prices).toHaveLength(15);
    expect(prices.every((p) => p.is_demo && p.previous_minor !== null)).toBe(true);
    const kenyanMaize = prices.find((p) => p.category_id === 3 && p.currency === 'KES');
    expect(kenyanMaize).toMatchObject({ crop: 'Maïs', region: 'Nakuru', country: 'Kenya', decimals: 2 });
    expect(kenyanMaize!.price_minor).toBeGreaterThan(300_000);
    expect(kenyanMaize!.price_minor).toBeLessThan(420_000);
  });

  it('feeds the statistics overview: cards for many crops, traded prices among them', async () => {
    const { db } = database.handle();
    const cards = await listCategoryIndices(db, { locale: 'en' });
    expect(cards.filter((card) => !card.is_root).length).toBeGreaterThan(20);
    expect(cards.some((card) => card.series === 'traded' || card.series === 'asked')).toBe(true);
  });
});
