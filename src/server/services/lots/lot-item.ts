import { and, eq, inArray, sql } from 'drizzle-orm';
import { offerVolumeLimits } from '~/features/deals/figures';
import { OFFER_STATUS } from '~/features/deals/constants';
import { DETAIL_FIELDS } from '~/features/lots/schemas';
import { KINDS, LOT_PHOTO_WIDTHS } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn } from '~/server/db/localized';
import {
  categories,
  countries,
  currencies,
  lotFavorites,
  lotPhotos,
  lots,
  perUnits,
  regions,
  users,
  villages,
} from '~/server/db/schema';
import { storageUrl } from '~/server/storage';
import { type SessionUser, displayName } from '~/server/services/accounts/users';

/** Columns every lot answer needs, joined once: names in the caller's language. */
export function lotColumns(locale: Locale) {
  return {
    lot: lots,
    category: localizedColumn(categories, 'name', locale),
    unit: localizedColumn(perUnits, 'short', locale),
    currency: currencies.code,
    decimals: currencies.decimals,
    country: localizedColumn(countries, 'name', locale),
    region: regions.name,
    village: villages.name,
    // What its owner may do depends on its deals (features/lots/owner-actions.ts): two index lookups.
    hasRunningDeal:
      sql<boolean>`exists (select 1 from offers where offers.lot_id = ${lots.id} and offers.status = ${OFFER_STATUS.approved})`.mapWith(
        Boolean,
      ),
    hasOffers: sql<boolean>`exists (select 1 from offers where offers.lot_id = ${lots.id})`.mapWith(Boolean),
    seller: {
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      traderStatus: users.traderStatus,
      tier: users.tier,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      createdAt: users.createdAt,
    },
  };
}

/** A select that can take joins: what withLotJoins needs of drizzle's query builder. */
interface Joinable {
  innerJoin(table: unknown, on: unknown): Joinable;
  leftJoin(table: unknown, on: unknown): Joinable;
}

/**
 * The joins of lotColumns. The query keeps its own type: lotColumns already names every column of the joined
 * tables it reads, so the joins add no field to the rows.
 */
export function withLotJoins<T extends Joinable>(query: T): T {
  return query
    .innerJoin(categories, sql`${categories.kind} = ${lots.kind} and ${categories.id} = ${lots.categoryId}`)
    .innerJoin(perUnits, eq(perUnits.id, lots.perUnitId))
    .innerJoin(currencies, eq(currencies.id, lots.currencyId))
    .innerJoin(countries, eq(countries.id, lots.countryId))
    .leftJoin(regions, eq(regions.id, lots.regionId))
    .leftJoin(villages, eq(villages.id, lots.villageId))
    .innerJoin(users, eq(users.id, lots.userId)) as T;
}

type Row = {
  lot: typeof lots.$inferSelect;
  category: string;
  unit: string;
  currency: string;
  decimals: number;
  country: string;
  region: string | null;
  village: string | null;
  hasRunningDeal: boolean;
  hasOffers: boolean;
  seller: {
    id: number;
    firstName: string;
    lastName: string | null;
    traderStatus: string;
    tier: string;
    emailVerifiedAt: Date | null;
    phoneVerifiedAt: Date | null;
    createdAt: Date;
  };
};

export interface LotPhoto {
  /** The storage key an edit form sends back in photos[] to keep this photo. */
  key: string;
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export function photoView(photo: { storageKey: string; width: number; height: number }): LotPhoto {
  return {
    key: photo.storageKey,
    url: storageUrl(`${photo.storageKey}-800.webp`),
    srcset: LOT_PHOTO_WIDTHS.map((w) => `${storageUrl(`${photo.storageKey}-${w}.webp`)} ${w}w`).join(', '),
    width: photo.width,
    height: photo.height,
  };
}

const decimal = (value: string | null) => (value === null ? null : Number(value));
const money = (minor: number | null, decimals: number) => (minor === null ? null : minor / 10 ** decimals);

/**
 * A lot as the API answers it (snake_case, the fields of docs/lots.md): every common field, the kind's details
 * flattened, the total cost derived (never stored), the seller's public card, and the viewer's relation to it.
 */
export function toLotItem(row: Row, photos: LotPhoto[], viewer: { userId?: number; favoriteIds?: Set<number> } = {}) {
  const { lot } = row;
  const price = money(lot.priceMinor, row.decimals)!;
  const volume = Number(lot.volume);
  const { remaining } = offerVolumeLimits({ volume, reserved: Number(lot.reservedVolume), min: null, max: null });
  const details = Object.fromEntries(DETAIL_FIELDS[lot.kind].map((field) => [field, lot.details[field] ?? null]));
  return {
    id: lot.id,
    kind: lot.kind,
    order_type: KINDS[lot.kind].orderType,
    type: lot.type,
    status: lot.status,
    title: lot.title,
    description: lot.description,
    category_id: lot.categoryId,
    category: row.category,
    volume,
    min_volume: decimal(lot.minVolume),
    max_volume: decimal(lot.maxVolume),
    /** Held by approved deals; what remains is on offer (docs/deals.md). */
    reserved_volume: Number(lot.reservedVolume),
    available_volume: remaining,
    per_unit_id: lot.perUnitId,
    unit: row.unit,
    price,
    price_minor: lot.priceMinor,
    currency_id: lot.currencyId,
    currency: row.currency.trim(),
    decimals: row.decimals,
    total_cost: Math.round(price * volume * 100) / 100,
    country_id: lot.countryId,
    country: row.country,
    region_id: lot.regionId,
    region: row.region,
    village_id: lot.villageId,
    village: row.village,
    latitude: lot.latitude,
    longitude: lot.longitude,
    address: lot.address,
    organic: lot.organic,
    wholesale_only: lot.wholesaleOnly,
    delivery_price_per_km: money(lot.deliveryPricePerKmMinor, row.decimals),
    ...details,
    photos,
    user_id: lot.userId,
    user: {
      id: row.seller.id,
      name: displayName(row.seller),
      trader_status: row.seller.traderStatus,
      tier: row.seller.tier,
      email_verified: row.seller.emailVerifiedAt !== null,
      phone_verified: row.seller.phoneVerifiedAt !== null,
      member_since: row.seller.createdAt.toISOString(),
    },
    is_own: viewer.userId === lot.userId,
    /** For its owner only: what decides the owner's actions (ownerLotActions). */
    owner_state:
      viewer.userId === lot.userId
        ? {
            status: lot.status,
            hasRunningDeal: row.hasRunningDeal,
            hasOffers: row.hasOffers,
            hasVolumeLeft: remaining > 0,
            isRental: lot.type === 'rent',
          }
        : null,
    is_favorite: viewer.favoriteIds?.has(lot.id) ?? false,
    copied_from_id: lot.copiedFromId,
    created_at: lot.createdAt.toISOString(),
    updated_at: lot.updatedAt.toISOString(),
  };
}
export type LotItem = ReturnType<typeof toLotItem>;

/** Photos of many lots in one query, in order. */
export async function photosOf(db: Executor, lotIds: number[]): Promise<Map<number, LotPhoto[]>> {
  const out = new Map<number, LotPhoto[]>();
  if (lotIds.length === 0) return out;
  const rows = await db
    .select()
    .from(lotPhotos)
    .where(
      sql`${lotPhotos.lotId} in (${sql.join(
        lotIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(lotPhotos.lotId, lotPhotos.position);
  for (const row of rows) {
    const list = out.get(row.lotId) ?? [];
    list.push(photoView(row));
    out.set(row.lotId, list);
  }
  return out;
}

/** The favourite lot ids of a viewer among some lots (to mark hearts). */
export async function favoriteIdsAmong(
  db: Executor,
  viewer: SessionUser | null,
  lotIds: number[],
): Promise<Set<number>> {
  if (!viewer || lotIds.length === 0) return new Set();
  const rows = await db
    .select({ id: lotFavorites.lotId })
    .from(lotFavorites)
    .where(and(eq(lotFavorites.userId, viewer.id), inArray(lotFavorites.lotId, lotIds)));
  return new Set(rows.map((r) => r.id));
}

/** Joined lot rows as the API answers them, for this viewer: with their photos and hearts, in two queries. */
export async function itemsOf(db: Executor, rows: Row[], viewer: SessionUser | null): Promise<LotItem[]> {
  const ids = rows.map((r) => r.lot.id);
  const [photos, favorites] = await Promise.all([photosOf(db, ids), favoriteIdsAmong(db, viewer, ids)]);
  return rows.map((row) =>
    toLotItem(row, photos.get(row.lot.id) ?? [], { userId: viewer?.id, favoriteIds: favorites }),
  );
}
