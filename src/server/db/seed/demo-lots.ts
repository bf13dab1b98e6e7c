import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { currencyOfCountry } from '~/features/accounts/currency-of-country';
import type { LotKind } from '~/features/lots/constants';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db/client';
import {
  countries,
  currencies,
  lotPhotos,
  lots,
  memberWarehouseProducts,
  memberWarehouses,
  offers,
  regions,
  systemWarehouses,
  users,
  villages,
} from '~/server/db/schema';
import { refreshLotSearch } from '~/server/services/lots/save-lot';
import { latestPerUsd, toUsdCents } from '~/server/services/reference/exchange-rates';
import { clearDemoDeals } from './demo-deals';
import { DEMO_MARKET, type DemoLot, type LaunchCountry } from './demo-market';
import { demoPhotoOf } from './demo-photos';

/** A demo lot with its country. */
export type PlacedDemoLot = DemoLot & { country: LaunchCountry };

/**
 * Every demo lot, newest first: the countries' lists taken in turn, so the first page of every catalogue shows lots
 * of several countries and the demo accounts' lots (first in their countries' lists) are among the newest.
 */
export const DEMO_LOTS: PlacedDemoLot[] = (() => {
  const lists = (Object.entries(DEMO_MARKET) as [LaunchCountry, (typeof DEMO_MARKET)[LaunchCountry]][]).map(
    ([country, { lots: list }]) => list.map((lot) => ({ ...lot, country })),
  );
  const longest = Math.max(...lists.map((list) => list.length));
  return Array.from({ length: longest }, (_, round) => lists.flatMap((list) => list[round] ?? [])).flat();
})();

/** The language a demo lot is written in: its own, else its country's. */
export const languageOf = (lot: PlacedDemoLot) => lot.language ?? DEMO_MARKET[lot.country].language;

/** The demo lots are dated this far apart, newest first: about two months of listings, for the price charts. */
const LISTING_INTERVAL_MS = 9 * 3600_000;

/**
 * Replaces the demo lots of the demo accounts and market members (demo-market.ts): each in its place (a village of
 * the reference data, or a public warehouse), priced in its country's currency, with its drawing as its photo
 * (stored by storeDemoPhotos, demo-photos.ts) and "(demo data)" after its description, in its own language.
 */
export async function seedDemoLots(db: Executor): Promise<void> {
  const handles = [...new Set(DEMO_LOTS.map((lot) => lot.owner))];
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        handles.map((handle) => `${handle}@mavuno.test`),
      ),
    );
  const ownerIds = new Map(owners.map((o) => [o.email!.split('@')[0], o.id]));
  const missing = handles.filter((handle) => !ownerIds.has(handle));
  if (missing.length) throw new Error(`Demo lots: no demo account ${missing.join(', ')}`);
  const demoIds = [...ownerIds.values()];
  const previous = (await db.select({ id: lots.id }).from(lots).where(inArray(lots.userId, demoIds))).map(
    (lot) => lot.id,
  );
  await clearDemoDeals(db, previous, demoIds);
  // A demo lot a real member dealt on keeps that deal's history: it is closed, not deleted.
  const kept = previous.length
    ? (await db.selectDistinct({ id: offers.lotId }).from(offers).where(inArray(offers.lotId, previous))).map(
        (row) => row.id,
      )
    : [];
  if (kept.length) await db.update(lots).set({ status: 'closed' }).where(inArray(lots.id, kept));
  await db
    .delete(lots)
    .where(kept.length ? and(inArray(lots.userId, demoIds), notInArray(lots.id, kept)) : inArray(lots.userId, demoIds));
  // The demo owners' warehouses are made again with their lots (docs/warehouses.md "Demo data").
  await db.delete(memberWarehouses).where(inArray(memberWarehouses.userId, demoIds));

  const places = await loadPlaces(db);
  const money = await loadMoney(db);
  const now = Date.now();
  const rows: (typeof lots.$inferInsert)[] = [];
  for (const [index, lot] of DEMO_LOTS.entries()) {
    const place = places.of(lot);
    const currency = money.get(currencyOfCountry(lot.country)!)!;
    const created = new Date(now - index * LISTING_INTERVAL_MS);
    const store = lot.warehouse
      ? await demoWarehouse(db, ownerIds.get(lot.owner)!, lot.warehouse, {
          kind: lot.kind,
          category: lot.category,
          volume: lot.volume,
          unit: lot.unit,
        })
      : undefined;
    const label = createTranslator(languageOf(lot))('lots.demo_label');
    rows.push({
      kind: lot.kind,
      type: lot.type,
      userId: ownerIds.get(lot.owner)!,
      categoryId: lot.category,
      title: lot.title,
      description: `${lot.description} (${label})`,
      volume: lot.volume.toFixed(2),
      minVolume: lot.min?.toFixed(2) ?? null,
      maxVolume: lot.max?.toFixed(2) ?? null,
      perUnitId: lot.unit,
      priceMinor: Math.round(lot.price * 10 ** currency.decimals),
      currencyId: currency.id,
      priceUsdCents: toUsdCents(lot.price, currency.perUsd),
      countryId: store?.countryId ?? place.countryId,
      regionId: store?.regionId ?? place.regionId,
      villageId: store ? store.villageId : place.villageId,
      // The village's point, a few hundred metres apart for lots of one village; the warehouse's for a stored lot.
      latitude: store ? store.latitude : place.latitude + ((index % 5) - 2) * 0.004,
      longitude: store ? store.longitude : place.longitude + ((index % 3) - 1) * 0.004,
      warehouseId: store?.id ?? null,
      organic: lot.organic ?? false,
      details: lot.details ?? {},
      photoCount: 1,
      createdAt: created,
      updatedAt: created,
    });
  }
  const inserted = await db.insert(lots).values(rows).returning({ id: lots.id, title: lots.title });
  // Titles are unique in the demo set (the deals name their lots by title).
  const pictureOf = new Map(DEMO_LOTS.map((lot) => [lot.title, lot.picture]));
  await db
    .insert(lotPhotos)
    .values(inserted.map((row) => ({ lotId: row.id, position: 0, ...demoPhotoOf(pictureOf.get(row.title)!) })));
  await refreshLotSearch(
    db,
    inserted.map((row) => row.id),
  );
}

/** The reference places the demo lots name, found by country code, region and village name. */
async function loadPlaces(db: Executor) {
  const regionRows = await db
    .select({ id: regions.id, name: regions.name, countryId: regions.countryId, code: countries.code })
    .from(regions)
    .innerJoin(countries, eq(countries.id, regions.countryId))
    .where(inArray(countries.code, Object.keys(DEMO_MARKET)));
  const regionOf = new Map(regionRows.map((row) => [`${row.code}/${row.name}`, row]));
  const villageRows = await db
    .select({
      id: villages.id,
      name: villages.name,
      regionId: villages.regionId,
      lat: villages.latitude,
      lng: villages.longitude,
    })
    .from(villages)
    .where(
      inArray(
        villages.regionId,
        regionRows.map((row) => row.id),
      ),
    )
    .orderBy(villages.id);
  return {
    of(lot: PlacedDemoLot) {
      const region = regionOf.get(`${lot.country}/${lot.region}`);
      // A lot stored at a warehouse takes the depot's place; any other names its village (else the region's first).
      const village = villageRows.find(
        (row) => row.regionId === region?.id && (lot.village === undefined || row.name === lot.village),
      );
      if (!region || !village || village.lat === null || village.lng === null)
        throw new Error(`Demo lots: no place ${lot.country}/${lot.region}/${lot.village} for "${lot.title}"`);
      return {
        countryId: region.countryId,
        regionId: region.id,
        villageId: village.id,
        latitude: village.lat,
        longitude: village.lng,
      };
    },
  };
}

/** Each launch country's currency: id, decimals and latest rate. */
async function loadMoney(db: Executor) {
  const codes = [...new Set(Object.keys(DEMO_MARKET).map((country) => currencyOfCountry(country)!))];
  const rows = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals })
    .from(currencies)
    .where(inArray(currencies.code, codes));
  // One after the other: a transaction on PostgreSQL is one connection, which takes one query at a time.
  const money = new Map<string, (typeof rows)[number] & { perUsd: number }>();
  for (const row of rows) money.set(row.code.trim(), { ...row, perUsd: await latestPerUsd(db, row.id) });
  return money;
}

/**
 * The owner's warehouse at a public warehouse ("I store at this depot"), made on first use, with the lot's goods
 * as its stock: what a lot placed at a warehouse looks like on the lot page and the warehouse's public page.
 */
async function demoWarehouse(
  db: Executor,
  userId: number,
  title: string,
  goods: { kind: LotKind; category: number; volume: number; unit: number },
) {
  const [depot] = await db.select().from(systemWarehouses).where(eq(systemWarehouses.title, title));
  if (!depot) throw new Error(`Demo lots: no public warehouse "${title}"`);
  const [existing] = await db
    .select()
    .from(memberWarehouses)
    .where(and(eq(memberWarehouses.userId, userId), eq(memberWarehouses.systemWarehouseId, depot.id)));
  const store =
    existing ??
    (
      await db
        .insert(memberWarehouses)
        .values({
          userId,
          systemWarehouseId: depot.id,
          description: `${depot.title} (demo data)`,
          phone: depot.phone,
          email: depot.email,
          countryId: depot.countryId,
          regionId: depot.regionId,
          villageId: depot.villageId,
          latitude: depot.latitude,
          longitude: depot.longitude,
        })
        .returning()
    )[0];
  await db.insert(memberWarehouseProducts).values({
    warehouseId: store.id,
    categoryKind: goods.kind,
    categoryId: goods.category,
    quantity: goods.volume.toFixed(2),
    perUnitId: goods.unit,
  });
  return store;
}
