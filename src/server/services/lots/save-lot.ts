import { forgetLotCounts } from '~/server/cache/lot-counts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { assertLotMayChange } from '~/server/services/deals/lot-reservation';
import { PERMISSIONS } from '~/features/accounts/constants';
import { KINDS, type LotKind } from '~/features/lots/constants';
import { DETAIL_FIELDS, type LotInput } from '~/features/lots/schemas';
import { priceDecimalsProblem } from '~/features/numbers/money';
import type { Database, Executor } from '~/server/db';
import { categories, currencies, lotPhotoUploads, lotPhotos, lots, perUnits } from '~/server/db/schema';
import { AppError, type LocalizedMessage } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { checkPlace } from '~/server/services/reference/check-place';
import { latestPerUsd, toUsdCents } from '~/server/services/reference/exchange-rates';
import type { Locale } from '~/i18n/config';
import { findMembership } from '~/server/services/companies/access';
import { findUsableWarehouse } from '~/server/services/warehouses/access';
import { assertPlausiblePrice } from './price-plausibility';
import { fireLotPriceAlerts } from '~/server/services/statistics/fire-lot-price-alerts';
import { priceCellsOfLots, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';
import { errorMessage, log } from '~/server/log';

const UNIT_FLAG = {
  for_board: perUnits.forBoard,
  for_seed: perUnits.forSeed,
  for_fertilizer: perUnits.forFertilizer,
  for_machinery: perUnits.forMachinery,
} as const;

/**
 * Tier rule (docs/lots.md): agro sell lots, buy requests, seed and fertilizer lots need silver or gold; machinery
 * lots are open to every signed-in user. A basic user is told where to upgrade.
 */
export function assertMayPublish(user: SessionUser, kind: LotKind): void {
  const needed = kind === 'technic' ? PERMISSIONS.createTechnicLots : PERMISSIONS.createTradeLots;
  if (!user.scope.includes(needed))
    throw new AppError('forbidden', 'lots.upgrade_required', { vars: { url: '/user/pro' } });
}

interface Money {
  currency: { code: string; decimals: number };
  perUsd: number;
  point?: { latitude: number; longitude: number };
}

/**
 * Every id the lot names must exist and fit together (unit for this kind; the place by checkPlace, the one rule of
 * places: region in the country, village in the region).
 */
async function checkReferences(
  db: Executor,
  kind: LotKind,
  input: LotInput,
  user: SessionUser,
  /** What the lot already uses: a category or unit retired since (docs/backoffice.md "Reference data") is kept. */
  kept?: { categoryId: number; perUnitId: number },
): Promise<Money> {
  const errors: Record<string, LocalizedMessage[]> = {};
  const bad = (field: string) => (errors[field] = [{ key: 'validation.invalid_option' }]);
  // A lot is published only for the owner's own company (docs/companies.md "Company lots").
  if (input.company_id !== undefined && (await findMembership(db, user.id))?.companyId !== input.company_id)
    errors.company_id = [{ key: 'lots.company_not_yours' }];
  let warehousePoint: { latitude: number; longitude: number } | undefined;
  if (input.warehouse_id !== undefined) {
    // A lot is placed only at a warehouse its owner may read: their own or their company's (docs/warehouses.md).
    const warehouse = await findUsableWarehouse(db, user.id, input.warehouse_id);
    if (!warehouse) errors.warehouse_id = [{ key: 'warehouses.not_yours' }];
    else {
      // The warehouse's place is the lot's; a warehouse without a country leaves the lot's country as sent.
      if (warehouse.countryId !== null) {
        input.country_id = warehouse.countryId;
        input.region_id = warehouse.regionId ?? undefined;
        input.village_id = warehouse.villageId ?? undefined;
      }
      input.latitude = warehouse.latitude ?? undefined;
      input.longitude = warehouse.longitude ?? undefined;
      if (warehouse.latitude !== null && warehouse.longitude !== null)
        warehousePoint = { latitude: warehouse.latitude, longitude: warehouse.longitude };
    }
  }
  const [[category], [unit], [currency], place] = await Promise.all([
    db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.kind, kind),
          eq(categories.id, input.category_id),
          kept?.categoryId === input.category_id ? undefined : isNull(categories.retiredAt),
        ),
      ),
    db
      .select({ id: perUnits.id })
      .from(perUnits)
      .where(
        and(
          eq(perUnits.id, input.per_unit_id),
          eq(UNIT_FLAG[KINDS[kind].unitCategory], true),
          kept?.perUnitId === input.per_unit_id ? undefined : isNull(perUnits.retiredAt),
        ),
      ),
    db
      .select({ code: currencies.code, decimals: currencies.decimals })
      .from(currencies)
      .where(and(eq(currencies.id, input.currency_id), eq(currencies.isActive, true))),
    checkPlace(db, input),
  ]);
  if (!category) bad('category_id');
  if (!unit) bad('per_unit_id');
  if (!currency) bad('currency_id');
  let point: { latitude: number; longitude: number } | undefined;
  if (!place.ok) bad(place.field);
  else {
    // A village alone is a place: its region comes with it (and must be in the lot's country).
    input.region_id = place.place.regionId ?? undefined;
    // A lot placed by its village shows on maps at the village until the seller picks a point.
    if (!warehousePoint && place.place.villagePoint) point = place.place.villagePoint;
  }
  if (currency) {
    // Prices in the currency's terms: no cents in shillings or francs, else the currency's decimals.
    for (const field of ['price', 'delivery_price_per_km'] as const) {
      const value = input[field];
      const problem = value === undefined ? null : priceDecimalsProblem(value, currency);
      if (problem) errors[field] = [problem];
    }
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: errors });
  return { currency: currency!, perUsd: await latestPerUsd(db, input.currency_id), point };
}

function columns(kind: LotKind, input: LotInput, money: Money) {
  const scale = 10 ** money.currency.decimals;
  const details = Object.fromEntries(
    DETAIL_FIELDS[kind]
      .map((field) => [field, (input as Record<string, unknown>)[field] ?? null])
      .filter(([, v]) => v !== null),
  );
  return {
    type: input.type,
    categoryId: input.category_id,
    title: input.title,
    description: input.description ?? null,
    volume: input.volume.toFixed(2),
    minVolume: input.min_volume?.toFixed(2) ?? null,
    maxVolume: input.max_volume?.toFixed(2) ?? null,
    perUnitId: input.per_unit_id,
    priceMinor: Math.round(input.price * scale),
    currencyId: input.currency_id,
    priceUsdCents: toUsdCents(input.price, money.perUsd),
    countryId: input.country_id,
    regionId: input.region_id ?? null,
    villageId: input.village_id ?? null,
    latitude: input.latitude ?? money.point?.latitude ?? null,
    longitude: input.longitude ?? money.point?.longitude ?? null,
    address: input.address ?? null,
    organic: input.organic,
    wholesaleOnly: input.wholesale_only,
    deliveryPricePerKmMinor:
      input.delivery_price_per_km === undefined ? null : Math.round(input.delivery_price_per_km * scale),
    details,
    photoCount: input.photos.length,
    companyId: input.company_id ?? null,
    warehouseId: input.warehouse_id ?? null,
  };
}

/**
 * The full-text document: title, category names in the three languages, the details' words, description. One lot,
 * or many at once (the demo seed's).
 */
export async function refreshLotSearch(db: Executor, lotIds: number | readonly number[]): Promise<void> {
  const ids = typeof lotIds === 'number' ? [lotIds] : lotIds;
  if (ids.length === 0) return;
  await db.execute(sql`
    update lots set search = to_tsvector('simple',
      coalesce(lots.title, '') || ' ' ||
      coalesce((select c.name_en || ' ' || c.name_sw || ' ' || c.name_fr from categories c where c.kind = lots.kind and c.id = lots.category_id), '') || ' ' ||
      coalesce((select string_agg(value, ' ') from jsonb_each_text(lots.details)), '') || ' ' ||
      coalesce(lots.description, ''))
    where ${inArray(lots.id, [...ids])}`);
}

/**
 * Attaches photos to a lot in the order given: keys just uploaded by this user (claimed from the uploads
 * table) or already on this lot. Anything else is refused.
 */
async function setPhotos(db: Executor, userId: number, lotId: number, keys: string[]): Promise<void> {
  const existing = await db.select().from(lotPhotos).where(eq(lotPhotos.lotId, lotId));
  const uploads = keys.length
    ? await db
        .select()
        .from(lotPhotoUploads)
        .where(and(eq(lotPhotoUploads.userId, userId), inArray(lotPhotoUploads.storageKey, keys)))
    : [];
  const known = new Map<string, { width: number; height: number }>([
    ...existing.map((p) => [p.storageKey, p] as const),
    ...uploads.map((u) => [u.storageKey, u] as const),
  ]);
  if (keys.some((key) => !known.has(key)) || new Set(keys).size !== keys.length) {
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { photos: [{ key: 'lots.photo_unknown' }] },
    });
  }
  await db.delete(lotPhotos).where(eq(lotPhotos.lotId, lotId));
  if (keys.length > 0) {
    await db.insert(lotPhotos).values(
      keys.map((key, position) => ({
        lotId,
        storageKey: key,
        width: known.get(key)!.width,
        height: known.get(key)!.height,
        position,
      })),
    );
    await db
      .delete(lotPhotoUploads)
      .where(and(eq(lotPhotoUploads.userId, userId), inArray(lotPhotoUploads.storageKey, keys)));
  }
}

/** The lots a price is compared with (price-plausibility.ts): same kind, category, type, unit, currency, rent unit. */
function priceGroupOf(kind: LotKind, input: LotInput) {
  const rentPer = (input as { rent_per?: string }).rent_per;
  return {
    kind,
    type: input.type,
    categoryId: input.category_id,
    perUnitId: input.per_unit_id,
    currencyId: input.currency_id,
    rentPer: input.type === 'rent' ? rentPer : undefined,
  };
}

/**
 * `POST /{kind}/create-quote`: a new active lot of the signed-in user (user_id comes from the session). A price
 * far from the usual one asks for confirmation first (409 `price_unusual`, in the caller's `locale`).
 */
export async function createLot(
  db: Database,
  user: SessionUser,
  kind: LotKind,
  input: LotInput,
  locale: Locale,
): Promise<{ id: number }> {
  assertMayPublish(user, kind);
  const money = await checkReferences(db, kind, input, user);
  const values = columns(kind, input, money);
  await assertPlausiblePrice(
    db,
    priceGroupOf(kind, input),
    { minor: values.priceMinor, currency: money.currency },
    { confirmed: input.price_confirmed, locale },
  );
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lots)
      .values({ kind, userId: user.id, ...values })
      .returning({ id: lots.id });
    await setPhotos(tx, user.id, row.id, input.photos);
    await refreshLotSearch(tx, row.id);
    await refreshPriceCells(tx, await priceCellsOfLots(tx, [row.id]));
    return row;
  });
  forgetLotCounts();
  // 'below' price alerts on the crop: after the commit, and never failing the lot's creation.
  if (kind === 'board' && input.type === 'sell')
    await fireLotPriceAlerts(db, created.id).catch((error) =>
      log.error(
        { component: 'price-alerts', lotId: created.id },
        `price alerts for new lot ${created.id} failed: ${errorMessage(error)}`,
      ),
    );
  return created;
}

/**
 * The lot if it is the user's own; another user's is a 403, a missing one a 404. With `lock` (inside a
 * transaction) its row stays locked, so a deal's approval cannot slip between a check and a change.
 */
export async function findOwnLot(
  db: Executor,
  user: SessionUser,
  kind: LotKind,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(lots)
    .where(and(eq(lots.id, id), eq(lots.kind, kind)));
  const [lot] = options.lock ? await query.for('update') : await query;
  if (!lot) throw new AppError('not_found', 'lots.not_found');
  if (lot.userId !== user.id) throw new AppError('forbidden', 'lots.not_owner');
  return lot;
}

/**
 * `POST /{kind}/update-quote`: the owner changes a lot; a lot in a deal keeps its terms (docs/deals.md). A new
 * price (or the same price in another category, unit or currency) far from the usual one asks for confirmation.
 */
export async function updateLot(
  db: Database,
  user: SessionUser,
  kind: LotKind,
  id: number,
  input: LotInput,
  locale: Locale,
): Promise<void> {
  const before = await findOwnLot(db, user, kind, id);
  const money = await checkReferences(db, kind, input, user, before);
  const values = columns(kind, input, money);
  const group = priceGroupOf(kind, input);
  const samePrice =
    before.priceMinor === values.priceMinor &&
    before.categoryId === group.categoryId &&
    before.perUnitId === group.perUnitId &&
    before.currencyId === group.currencyId &&
    before.type === group.type &&
    (before.details as { rent_per?: string }).rent_per === group.rentPer;
  if (!samePrice)
    await assertPlausiblePrice(
      db,
      group,
      { minor: values.priceMinor, currency: money.currency },
      { confirmed: input.price_confirmed, excludeLotId: id, locale },
    );
  await db.transaction(async (tx) => {
    await assertLotMayChange(tx, await findOwnLot(tx, user, kind, id, { lock: true }));
    const before = await priceCellsOfLots(tx, [id]);
    await tx
      .update(lots)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lots.id, id));
    await refreshPriceCells(tx, [...before, ...(await priceCellsOfLots(tx, [id]))]);
    await setPhotos(tx, user.id, id, input.photos);
    await refreshLotSearch(tx, id);
  });
  forgetLotCounts();
}
