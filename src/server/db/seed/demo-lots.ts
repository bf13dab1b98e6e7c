import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { clearDemoDeals } from './demo-deals';
import { storeDemoPhotos } from './demo-photos';
import type { DemoPicture } from './demo-pictures';
import type { LotKind, LotType } from '~/features/lots/constants';
import type { Executor } from '~/server/db/client';
import { refreshLotSearch } from '~/server/services/lots/save-lot';
import {
  countries,
  currencies,
  exchangeRates,
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

/**
 * Demo lots of the demo accounts: real crops, inputs and machines in real places, priced plausibly in local
 * currencies, each with a drawing of what it offers as its photo. Replaced (not duplicated) when the demo set loads again.
 */
const DEMO_LOTS: {
  owner: string;
  kind: LotKind;
  type: LotType;
  category: number;
  title: string;
  /** Its photo: one of the drawings of demo-pictures.ts. */
  picture: DemoPicture;
  volume: number;
  min?: number;
  max?: number;
  unit: number;
  price: number;
  currency: string;
  country: string;
  region: string;
  details?: Record<string, unknown>;
  organic?: boolean;
  /** The public warehouse (its title) the lot is stored at: the owner keeps a warehouse there holding it. */
  warehouse?: string;
  description: string;
}[] = [
  {
    owner: 'demo-silver',
    kind: 'board',
    type: 'sell',
    category: 3,
    title: 'White maize, dried and shelled',
    picture: 'maize',
    volume: 300,
    min: 10,
    max: 150,
    unit: 4,
    price: 67500,
    currency: 'TZS',
    country: 'TZ',
    region: 'Mbeya',
    details: { crop_name: 'Maize', crop_variety: 'SC 627' },
    warehouse: 'Ghala la Ushirika Rujewa',
    description: 'Grade 1 white maize, moisture 13%, in 90 kg bags at the Rujewa cooperative store.',
  },
  {
    owner: 'demo-silver',
    kind: 'board',
    type: 'sell',
    category: 4,
    title: 'Paddy rice from Kilombero',
    picture: 'rice',
    volume: 40,
    min: 1,
    max: 20,
    unit: 2,
    price: 1150000,
    currency: 'TZS',
    country: 'TZ',
    region: 'Morogoro',
    details: { crop_name: 'Rice', crop_variety: 'Supa' },
    description: 'Aromatic Supa paddy, harvested in June, stored dry.',
  },
  {
    owner: 'demo-gold',
    kind: 'board',
    type: 'sell',
    category: 59,
    title: 'Dried cocoa beans, main crop',
    picture: 'cocoa',
    volume: 25,
    min: 1,
    max: 10,
    unit: 2,
    price: 51660,
    currency: 'GHS',
    country: 'GH',
    region: 'Ashanti',
    details: { crop_name: 'Cocoa' },
    description: 'Fermented six days and sun-dried; bean count around 100 per 100 g.',
  },
  {
    owner: 'demo-gold',
    kind: 'board',
    type: 'buy',
    category: 5,
    title: 'Buying red sorghum for brewing',
    picture: 'sorghum',
    volume: 60,
    min: 5,
    unit: 2,
    price: 7200,
    currency: 'GHS',
    country: 'GH',
    region: 'Upper East',
    details: { crop_name: 'Sorghum' },
    description: 'We buy clean red sorghum, moisture under 13%, delivered to Bolgatanga.',
  },
  {
    owner: 'demo-buyer',
    kind: 'board',
    type: 'buy',
    category: 59,
    title: 'Achat de fèves de cacao',
    picture: 'cocoa',
    volume: 50,
    min: 2,
    unit: 2,
    price: 2800000,
    currency: 'XOF',
    country: 'CI',
    region: 'Bas-Sassandra',
    details: { crop_name: 'Cacao' },
    description: 'Fèves bien fermentées et séchées, livraison à San-Pédro.',
  },
  {
    owner: 'demo-buyer',
    kind: 'board',
    type: 'sell',
    category: 14,
    title: 'Arachides décortiquées',
    picture: 'groundnuts',
    volume: 12,
    min: 1,
    max: 6,
    unit: 2,
    price: 320000,
    currency: 'XOF',
    country: 'SN',
    region: 'Kaolack',
    details: { crop_name: 'Arachide' },
    organic: true,
    description: 'Arachides de bouche, récolte de cette saison, triées à la main.',
  },
  {
    owner: 'demo-admin',
    kind: 'board',
    type: 'sell',
    category: 7,
    title: 'Rosecoco beans, cooperative stock',
    picture: 'beans',
    volume: 80,
    min: 5,
    max: 40,
    unit: 4,
    price: 11500,
    currency: 'KES',
    country: 'KE',
    region: 'Nakuru',
    details: { crop_name: 'Beans', crop_variety: 'Rosecoco' },
    warehouse: 'Njoro Cereal Store',
    description: 'Cleaned and sorted by our cooperative members, stored at the Njoro cereal store.',
  },
  {
    owner: 'demo-admin',
    kind: 'board',
    type: 'sell',
    category: 25,
    title: 'Shangi potatoes, 50 kg bags',
    picture: 'potatoes',
    volume: 500,
    min: 20,
    max: 200,
    unit: 3,
    price: 2200,
    currency: 'KES',
    country: 'KE',
    region: 'Nyandarua',
    details: { crop_name: 'Irish potatoes', crop_variety: 'Shangi' },
    description: 'Fresh Shangi from Ol Kalou, sorted by size.',
  },
  {
    owner: 'demo-silver',
    kind: 'seed',
    type: 'sell',
    category: 2,
    title: 'Certified hybrid maize seed',
    picture: 'seeds',
    volume: 500,
    min: 2,
    max: 100,
    unit: 1,
    price: 8500,
    currency: 'TZS',
    country: 'TZ',
    region: 'Arusha',
    details: { seed_name: 'Hybrid maize', seed_variety: 'SC 403', generation: 'F1' },
    description: 'Certified by TOSCI, 2 kg packs, 90% germination.',
  },
  {
    owner: 'demo-gold',
    kind: 'seed',
    type: 'sell',
    category: 8,
    title: 'Improved bean seed',
    picture: 'seeds',
    volume: 300,
    min: 5,
    max: 50,
    unit: 1,
    price: 40,
    currency: 'GHS',
    country: 'GH',
    region: 'Ashanti',
    details: { seed_name: 'Common bean', seed_variety: 'Nsroma' },
    description: 'Drought-tolerant variety, treated against storage pests.',
  },
  {
    owner: 'demo-admin',
    kind: 'fertilizer',
    type: 'sell',
    category: 1,
    title: 'CAN top-dressing fertilizer, 50 kg',
    picture: 'fertilizer',
    volume: 200,
    min: 1,
    max: 50,
    unit: 3,
    price: 3800,
    currency: 'KES',
    country: 'KE',
    region: 'Nakuru',
    details: { fertilizer_name: 'CAN 26% N', fertilizer_type: 'Nitrogen', applied_to: 'Maize, wheat' },
    description: 'Calcium ammonium nitrate for top dressing, sealed bags.',
  },
  {
    owner: 'demo-gold',
    kind: 'fertilizer',
    type: 'sell',
    category: 3,
    title: 'NPK 15-15-15 compound fertilizer',
    picture: 'fertilizer',
    volume: 150,
    min: 1,
    max: 40,
    unit: 3,
    price: 420,
    currency: 'GHS',
    country: 'GH',
    region: 'Ashanti',
    details: {
      fertilizer_name: 'NPK 15-15-15',
      fertilizer_type: 'Compound',
      applied_to: 'Cocoa, maize, vegetables',
      chemical_specification: 'N 15%, P2O5 15%, K2O 15%',
    },
    description: 'Granular compound fertilizer for basal application.',
  },
  {
    owner: 'demo-buyer',
    kind: 'seed',
    type: 'buy',
    category: 2,
    title: 'Recherche semences de maïs certifiées',
    picture: 'seeds',
    volume: 400,
    min: 50,
    unit: 1,
    price: 1500,
    currency: 'XOF',
    country: 'SN',
    region: 'Kaolack',
    details: { seed_name: 'Maïs hybride', generation: 'F1' },
    description: 'Pour notre coopérative : semences certifiées, taux de germination supérieur à 85 %.',
  },
  {
    owner: 'demo-admin',
    kind: 'seed',
    type: 'buy',
    category: 15,
    title: 'Wanted: tomato seed for the short rains',
    picture: 'seeds',
    volume: 5,
    min: 1,
    unit: 1,
    price: 18000,
    currency: 'KES',
    country: 'KE',
    region: 'Kiambu',
    details: { seed_name: 'Tomato', seed_variety: 'Anna F1 or similar' },
    description: 'Our horticulture group needs hybrid tomato seed in sealed packets.',
  },
  {
    owner: 'demo-silver',
    kind: 'fertilizer',
    type: 'buy',
    category: 2,
    title: 'Tunanunua mbolea ya DAP',
    picture: 'fertilizer',
    volume: 100,
    min: 5,
    unit: 3,
    price: 75000,
    currency: 'TZS',
    country: 'TZ',
    region: 'Mbeya',
    details: { fertilizer_name: 'DAP', fertilizer_type: 'Phosphate', applied_to: 'Maize planting' },
    description: 'Kikundi chetu kinahitaji mifuko ya kilo 50 ya DAP kwa msimu wa kupanda.',
  },
  {
    owner: 'demo-gold',
    kind: 'fertilizer',
    type: 'buy',
    category: 1,
    title: 'Buying urea for top dressing',
    picture: 'fertilizer',
    volume: 80,
    min: 10,
    unit: 3,
    price: 380,
    currency: 'GHS',
    country: 'GH',
    region: 'Upper East',
    details: { fertilizer_name: 'Urea 46% N', fertilizer_type: 'Nitrogen' },
    description: 'For our outgrower maize scheme around Bolgatanga.',
  },
  {
    owner: 'demo-basic',
    kind: 'technic',
    type: 'rent',
    category: 2,
    title: 'Tractor with disc plough for hire',
    picture: 'tractor',
    volume: 1,
    unit: 13,
    price: 6500,
    currency: 'KES',
    country: 'KE',
    region: 'Nakuru',
    details: {
      maker: 'Massey Ferguson',
      model: '375',
      year_of_manufacture: 2015,
      rent_per: 'acre',
      working_radius_km: 40,
      is_owner: true,
      has_insurance: true,
      can_deliver_or_pickup: true,
      maintained_on_time: true,
      rate_includes_extras: true,
      price_type: 'fixed',
    },
    description: 'Ploughing per acre with operator and fuel, around Njoro and Molo.',
  },
  {
    owner: 'demo-basic',
    kind: 'technic',
    type: 'sell',
    category: 2,
    title: 'Used two-wheel tractor (power tiller)',
    picture: 'tiller',
    volume: 1,
    unit: 8,
    price: 180000,
    currency: 'KES',
    country: 'KE',
    region: 'Nakuru',
    details: { maker: 'Kubota', model: 'RT140', year_of_manufacture: 2018, price_type: 'negotiable', is_owner: true },
    description: 'Runs well, new tyres, with rotavator.',
  },
  {
    owner: 'demo-buyer',
    kind: 'technic',
    type: 'rent',
    category: 1,
    title: 'Batteuse de riz à louer',
    picture: 'thresher',
    volume: 1,
    unit: 13,
    price: 25000,
    currency: 'XOF',
    country: 'SN',
    region: 'Kaolack',
    details: {
      maker: 'ASI',
      model: 'Thresher',
      rent_per: 'day',
      working_radius_km: 60,
      is_owner: true,
      price_type: 'fixed',
    },
    description: 'Batteuse-vanneuse avec opérateur, disponible en saison.',
  },
];

async function rateOf(db: Executor, code: string) {
  const [row] = await db
    .select({ id: currencies.id, decimals: currencies.decimals, perUsd: exchangeRates.perUsd })
    .from(currencies)
    .innerJoin(exchangeRates, eq(exchangeRates.currencyId, currencies.id))
    .where(eq(currencies.code, code))
    .limit(1);
  return row;
}

export async function seedDemoLots(db: Executor): Promise<void> {
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [...new Set(DEMO_LOTS.map((l) => `${l.owner}@mavuno.test`))]));
  const ownerIds = new Map(owners.map((o) => [o.email!.split('@')[0], o.id]));
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
  const photos = await storeDemoPhotos(DEMO_LOTS.map((lot) => lot.picture));
  // The demo owners' warehouses are made again with their lots (docs/warehouses.md "Demo data").
  await db.delete(memberWarehouses).where(inArray(memberWarehouses.userId, demoIds));
  for (const [index, lot] of DEMO_LOTS.entries()) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, lot.country));
    const [region] = await db
      .select({ id: regions.id, lat: regions.latitude, lng: regions.longitude })
      .from(regions)
      .where(and(eq(regions.countryId, country.id), eq(regions.name, lot.region)));
    const [village] = await db
      .select({ id: villages.id })
      .from(villages)
      .where(eq(villages.regionId, region.id))
      .limit(1);
    const money = await rateOf(db, lot.currency);
    const created = new Date(Date.now() - index * 5 * 3600_000);
    const store = lot.warehouse
      ? await demoWarehouse(db, ownerIds.get(lot.owner)!, lot.warehouse, {
          kind: lot.kind,
          category: lot.category,
          volume: lot.volume,
          unit: lot.unit,
        })
      : undefined;
    const [row] = await db
      .insert(lots)
      .values({
        kind: lot.kind,
        type: lot.type,
        userId: ownerIds.get(lot.owner)!,
        categoryId: lot.category,
        title: lot.title,
        description: `${lot.description} (demo data)`,
        volume: lot.volume.toFixed(2),
        minVolume: lot.min?.toFixed(2) ?? null,
        maxVolume: lot.max?.toFixed(2) ?? null,
        perUnitId: lot.unit,
        priceMinor: Math.round(lot.price * 10 ** money.decimals),
        currencyId: money.id,
        priceUsdCents: Math.round((lot.price / Number(money.perUsd)) * 100),
        countryId: store?.countryId ?? country.id,
        regionId: store?.regionId ?? region.id,
        villageId: store ? store.villageId : (village?.id ?? null),
        // A point near the region's centre, so map views have something to show; the warehouse's for a stored lot.
        latitude: store ? store.latitude : region.lat === null ? null : region.lat + ((index % 5) - 2) * 0.02,
        longitude: store ? store.longitude : region.lng === null ? null : region.lng + ((index % 3) - 1) * 0.02,
        warehouseId: store?.id ?? null,
        organic: lot.organic ?? false,
        details: lot.details ?? {},
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: lots.id });
    await db.insert(lotPhotos).values({ lotId: row.id, position: 0, ...photos.get(lot.picture)! });
    await refreshLotSearch(db, row.id);
  }
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
