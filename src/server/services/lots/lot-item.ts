import { type SQL, eq, getTableColumns, sql } from 'drizzle-orm';
import { offerVolumeLimits } from '~/features/deals/figures';
import { OFFER_STATUS } from '~/features/deals/constants';
import { DETAIL_FIELDS } from '~/features/lots/schemas';
import { KINDS, LOT_PHOTO_WIDTHS, ON_MARKET_STATUSES } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import {
  companies,
  lotFavorites,
  lotPhotos,
  lots,
  memberWarehouses,
  offers,
  systemWarehouses,
  users,
} from '~/server/db/schema';
import { storageUrl } from '~/server/storage';
import { COMPANY_TYPES } from '~/features/companies/constants';
import { type SessionUser, displayName } from '~/server/services/accounts/users';
import { type ReferenceNames, loadReferenceNames } from '~/server/services/reference/reference-names';

/** The company a lot is published for, as its answer names it (docs/companies.md "Company lots"). */
export interface CompanyName {
  id: number;
  title: string;
  typeId: number;
}

/** What a lot shows of the warehouse it is placed at (docs/warehouses.md "Lots placed at a warehouse"). */
export interface WarehouseSummary {
  id: number;
  description: string | null;
  address: string | null;
  system_warehouse_id: number | null;
  /** The public warehouse's title while it is live, else null (then no link to it is shown). */
  system_warehouse_title: string | null;
}

/**
 * Columns every lot answer reads: the lot's own and its seller's public card (a primary-key join), and — as
 * subqueries of the same statement, evaluated for the rows answered only — its photos in order, the company it is
 * published for and the warehouse it is placed at. Reference names (category, unit, currency, country, region,
 * village) are not joined: they come from the memoised lists (loadReferenceNames). One statement per list of lots,
 * whatever it shows (docs/lots.md "What a catalogue page costs").
 */
const { search: _search, ...lotFields } = getTableColumns(lots);
const lotColumns = {
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
  photos: sql<
    PhotoRow[]
  >`(select coalesce(json_agg(json_build_object('storageKey', ${lotPhotos.storageKey}, 'width', ${lotPhotos.width}, 'height', ${lotPhotos.height}) order by ${lotPhotos.position}), '[]'::json) from ${lotPhotos} where ${lotPhotos.lotId} = ${lots.id})`,
  company: sql<CompanyName | null>`(select json_build_object('id', ${companies.id}, 'title', ${companies.title}, 'typeId', ${companies.typeId}) from ${companies} where ${companies.id} = ${lots.companyId})`,
  warehouse: sql<WarehouseSummary | null>`(select json_build_object('id', ${memberWarehouses.id}, 'description', ${memberWarehouses.description}, 'address', ${memberWarehouses.address}, 'system_warehouse_id', ${memberWarehouses.systemWarehouseId}, 'system_warehouse_title', case when ${systemWarehouses.retiredAt} is null then ${systemWarehouses.title} end) from ${memberWarehouses} left join ${systemWarehouses} on ${systemWarehouses.id} = ${memberWarehouses.systemWarehouseId} where ${memberWarehouses.id} = ${lots.warehouseId})`,
};

/**
 * The viewer's relation to each lot, in the same statement: the heart, and for the viewer's own lots what decides
 * their actions (ownerLotActions of features/lots/owner-actions.ts): any offer at all, a deal under way.
 */
function viewerColumns(viewer: SessionUser | null) {
  if (!viewer)
    return {
      favorite: sql<boolean>`false`,
      hasOffers: sql<boolean | null>`null::boolean`,
      hasRunningDeal: sql<boolean | null>`null::boolean`,
    };
  const own = sql`${lots.userId} = ${viewer.id}`;
  return {
    favorite: sql<boolean>`exists (select 1 from ${lotFavorites} where ${lotFavorites.lotId} = ${lots.id} and ${lotFavorites.userId} = ${viewer.id})`,
    hasOffers: sql<
      boolean | null
    >`case when ${own} then exists (select 1 from ${offers} where ${offers.lotId} = ${lots.id}) end`,
    hasRunningDeal: sql<
      boolean | null
    >`case when ${own} then exists (select 1 from ${offers} where ${offers.lotId} = ${lots.id} and ${offers.status} = ${OFFER_STATUS.approved}) end`,
  };
}

/**
 * `select … from lots join users`, with the photos, company, warehouse and the viewer's relation of each lot: add
 * `.where(…)`, `.orderBy(…)`, `.limit(…)`, then give the rows to itemsOf (which queries nothing more).
 */
export function selectLots(db: Executor, viewer: SessionUser | null) {
  return db
    .select({ ...lotColumns, viewer: viewerColumns(viewer) })
    .from(lots)
    .innerJoin(users, eq(users.id, lots.userId));
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
  photos: PhotoRow[];
  company: CompanyName | null;
  warehouse: WarehouseSummary | null;
  /** For the viewer of selectLots: the heart, and for their own lots any offer and a deal under way (else null). */
  viewer: { favorite: boolean; hasOffers: boolean | null; hasRunningDeal: boolean | null };
};

/** A photo as a lot select reads it (lot_photos). */
interface PhotoRow {
  storageKey: string;
  width: number;
  height: number;
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
function toLotItem(row: LotRow, names: ReferenceNames, locale: Locale, viewerId: number | undefined) {
  const { lot, company } = row;
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
    photos: row.photos.map(photoView),
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
    warehouse: row.warehouse,
    is_own: viewerId === lot.userId,
    /** For its owner only: what decides the owner's actions (ownerLotActions). */
    owner_state:
      viewerId === lot.userId
        ? {
            status: lot.status,
            hasRunningDeal: row.viewer.hasRunningDeal ?? false,
            hasOffers: row.viewer.hasOffers ?? false,
            hasVolumeLeft: remaining > 0,
            isRental: lot.type === 'rent',
          }
        : null,
    /**
     * For its owner only, while a moderator keeps it hidden (docs/backoffice.md "Moderation"): why, and their one
     * appeal (null until sent; its outcome null until decided).
     */
    moderation:
      viewerId === lot.userId && lot.hiddenAt
        ? {
            hidden_at: lot.hiddenAt.toISOString(),
            reason: lot.hiddenReason ?? '',
            appeal: lot.appealedAt
              ? { text: lot.appealText ?? '', at: lot.appealedAt.toISOString(), outcome: lot.appealOutcome }
              : null,
          }
        : null,
    is_favorite: row.viewer.favorite,
    copied_from_id: lot.copiedFromId,
    created_at: lot.createdAt.toISOString(),
    updated_at: lot.updatedAt.toISOString(),
  };
}
export type LotItem = ReturnType<typeof toLotItem>;

/**
 * Lot rows of selectLots as the API answers them, for the viewer they were selected for, in the rows' order: names
 * from the memoised reference lists; nothing else is queried.
 */
export async function itemsOf(
  db: Executor,
  rows: LotRow[],
  viewer: SessionUser | null,
  locale: Locale,
): Promise<LotItem[]> {
  if (rows.length === 0) return [];
  const names = await loadReferenceNames(
    db,
    rows.map((r) => r.lot),
  );
  return rows.map((row) => toLotItem(row, names, locale, viewer?.id));
}
