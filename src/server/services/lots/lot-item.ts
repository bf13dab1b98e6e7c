import { type SQL, and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { offerVolumeLimits } from '~/features/deals/figures';
import { OFFER_STATUS } from '~/features/deals/constants';
import { DETAIL_FIELDS } from '~/features/lots/schemas';
import { KINDS, LOT_PHOTO_WIDTHS, ON_MARKET_STATUSES } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { lotFavorites, lotPhotos, lots, offers, users } from '~/server/db/schema';
import { storageUrl } from '~/server/storage';
import { COMPANY_TYPES } from '~/features/companies/constants';
import { type CompanyName, companiesByIds } from '~/server/services/companies/companies-by-ids';
import { type WarehouseSummary, warehousesByIds } from '~/server/services/warehouses/warehouses-by-ids';
import { type SessionUser, displayName } from '~/server/services/accounts/users';
import { type ReferenceNames, loadReferenceNames } from '~/server/services/reference/reference-names';

/**
 * Columns every lot answer reads: the lot's own and its seller's public card. Reference names (category, unit,
 * currency, country, region, village) are not joined: they come from the memoised lists (loadReferenceNames), so a
 * lot select is a two-table join on primary keys, cheap to plan and to run (docs/lots.md "What a catalogue page
 * costs").
 */
const { search: _search, ...lotFields } = getTableColumns(lots);
export const lotColumns = {
  /** Every column but the full-text document, which no answer shows. */
  lot: lotFields,
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

/** `select … from lots join users`: add `.where(…)`, `.orderBy(…)`, `.limit(…)`, then give the rows to itemsOf. */
export function selectLots(db: Executor) {
  return db.select(lotColumns).from(lots).innerJoin(users, eq(users.id, lots.userId));
}

/**
 * A lot on the market, written out (not with bound values) so that the planner matches the catalogue's partial
 * indexes (schema/lots.ts) in every plan, generic ones of prepared statements too. ON_MARKET_STATUSES is the list;
 * a lot hidden by a moderator or of a blocked member is off the market (docs/backoffice.md "Moderation").
 */
export function onMarket(): SQL {
  return sql`${lots.status} in (${sql.raw(ON_MARKET_STATUSES.map((status) => `'${status}'`).join(', '))}) and ${lots.hiddenAt} is null and ${lots.ownerBlockedAt} is null`;
}

/** Whether a lot row is on the market: what onMarket() selects (isOnMarket of features/lots/constants reads the status alone). */
export function isLotOnMarket(lot: Pick<typeof lots.$inferSelect, 'status' | 'hiddenAt' | 'ownerBlockedAt'>): boolean {
  return (ON_MARKET_STATUSES as readonly string[]).includes(lot.status) && !lot.hiddenAt && !lot.ownerBlockedAt;
}

export type LotRow = {
  lot: Omit<typeof lots.$inferSelect, 'search'>;
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

/** What decides an owner's actions on a lot (features/lots/owner-actions.ts), read for the viewer's own lots only. */
interface DealState {
  hasRunningDeal: boolean;
  hasOffers: boolean;
}

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
export function toLotItem(
  row: LotRow,
  names: ReferenceNames,
  locale: Locale,
  photos: LotPhoto[],
  viewer: { userId?: number; favoriteIds?: Set<number>; dealStates?: Map<number, DealState> } = {},
  companies: Map<number, CompanyName> = new Map(),
  warehouses: Map<number, WarehouseSummary> = new Map(),
) {
  const company = row.lot.companyId === null ? undefined : companies.get(row.lot.companyId);
  const { lot } = row;
  const currency = names.currencies.get(lot.currencyId) ?? { code: '', decimals: 2 };
  const price = money(lot.priceMinor, currency.decimals)!;
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
    category: names.categories.get(`${lot.kind}:${lot.categoryId}`)?.[locale] ?? '',
    volume,
    min_volume: decimal(lot.minVolume),
    max_volume: decimal(lot.maxVolume),
    /** Held by approved deals; what remains is on offer (docs/deals.md). */
    reserved_volume: Number(lot.reservedVolume),
    available_volume: remaining,
    per_unit_id: lot.perUnitId,
    unit: names.units.get(lot.perUnitId)?.[locale] ?? '',
    price,
    price_minor: lot.priceMinor,
    currency_id: lot.currencyId,
    currency: currency.code,
    decimals: currency.decimals,
    total_cost: Math.round(price * volume * 100) / 100,
    country_id: lot.countryId,
    country: names.countries.get(lot.countryId)?.[locale] ?? '',
    region_id: lot.regionId,
    region: lot.regionId === null ? null : (names.regions.get(lot.regionId)?.[locale] ?? null),
    village_id: lot.villageId,
    village: lot.villageId === null ? null : (names.villages.get(lot.villageId) ?? null),
    latitude: lot.latitude,
    longitude: lot.longitude,
    address: lot.address,
    organic: lot.organic,
    wholesale_only: lot.wholesaleOnly,
    delivery_price_per_km: money(lot.deliveryPricePerKmMinor, currency.decimals),
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
    /** The company the lot is published for (docs/companies.md "Company lots"), or null: the owner's own. */
    company_id: lot.companyId,
    company: company
      ? {
          id: company.id,
          name: company.title,
          type_id: company.typeId,
          type: COMPANY_TYPES.find((type) => type.id === company.typeId)?.key ?? null,
        }
      : null,
    /** The owner's warehouse the lot is placed at (docs/warehouses.md "Lots placed at a warehouse"), or null. */
    warehouse_id: lot.warehouseId,
    warehouse: lot.warehouseId === null ? null : (warehouses.get(lot.warehouseId) ?? null),
    is_own: viewer.userId === lot.userId,
    /** For its owner only: what decides the owner's actions (ownerLotActions). */
    owner_state:
      viewer.userId === lot.userId
        ? {
            status: lot.status,
            hasRunningDeal: viewer.dealStates?.get(lot.id)?.hasRunningDeal ?? false,
            hasOffers: viewer.dealStates?.get(lot.id)?.hasOffers ?? false,
            hasVolumeLeft: remaining > 0,
            isRental: lot.type === 'rent',
          }
        : null,
    /**
     * For its owner only, while a moderator keeps it hidden (docs/backoffice.md "Moderation"): why, and their one
     * appeal (null until sent; its outcome null until decided).
     */
    moderation:
      viewer.userId === lot.userId && lot.hiddenAt
        ? {
            hidden_at: lot.hiddenAt.toISOString(),
            reason: lot.hiddenReason ?? '',
            appeal: lot.appealedAt
              ? { text: lot.appealText ?? '', at: lot.appealedAt.toISOString(), outcome: lot.appealOutcome }
              : null,
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

/** Whether each lot has a deal under way and any offer at all: one grouped query over the offers of these lots. */
async function dealStatesOf(db: Executor, lotIds: number[]): Promise<Map<number, DealState>> {
  const out = new Map<number, DealState>();
  if (lotIds.length === 0) return out;
  const rows = await db
    .select({
      lotId: offers.lotId,
      running: sql<boolean>`bool_or(${offers.status} = ${OFFER_STATUS.approved})`.mapWith(Boolean),
    })
    .from(offers)
    .where(inArray(offers.lotId, lotIds))
    .groupBy(offers.lotId);
  for (const row of rows) out.set(row.lotId, { hasRunningDeal: row.running, hasOffers: true });
  return out;
}

/**
 * Lot rows as the API answers them, for this viewer, in the rows' order: names from the memoised reference lists,
 * with their photos and hearts (two queries), and for the viewer's own lots what decides their actions (one more).
 */
export async function itemsOf(
  db: Executor,
  rows: LotRow[],
  viewer: SessionUser | null,
  locale: Locale,
): Promise<LotItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.lot.id);
  const ownIds = viewer ? rows.filter((r) => r.lot.userId === viewer.id).map((r) => r.lot.id) : [];
  const companyIds = rows.flatMap((r) => (r.lot.companyId === null ? [] : [r.lot.companyId]));
  const warehouseIds = rows.flatMap((r) => (r.lot.warehouseId === null ? [] : [r.lot.warehouseId]));
  const [names, photos, favorites, dealStates, companies, warehouses] = await Promise.all([
    loadReferenceNames(
      db,
      rows.map((r) => r.lot),
    ),
    photosOf(db, ids),
    favoriteIdsAmong(db, viewer, ids),
    dealStatesOf(db, ownIds),
    companiesByIds(db, companyIds),
    warehousesByIds(db, warehouseIds),
  ]);
  return rows.map((row) =>
    toLotItem(
      row,
      names,
      locale,
      photos.get(row.lot.id) ?? [],
      {
        userId: viewer?.id,
        favoriteIds: favorites,
        dealStates,
      },
      companies,
      warehouses,
    ),
  );
}
