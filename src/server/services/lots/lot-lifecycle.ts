import { forgetLotCounts } from '~/server/cache/lot-counts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS } from '~/features/accounts/constants';
import { LOT_PHOTO_WIDTHS, type LotKind } from '~/features/lots/constants';
import type { Database } from '~/server/db';
import { lotPhotos, lots, offers } from '~/server/db/schema';
import { getStorage } from '~/server/storage';
import { priceDecimalsProblem } from '~/features/numbers/money';
import { AppError } from '~/server/errors';
import type { SessionUser } from '~/server/services/accounts/users';
import { declineWaitingOffers } from '~/server/services/deals/apply-deal-event';
import { assertLotMayChange, volumeLimits } from '~/server/services/deals/lot-reservation';
import { STATUS_CHANGES, type StatusAction } from '~/features/lots/owner-actions';
import { notifyDealStep } from '~/server/services/deals/notify';
import { latestPerUsd, toUsdCents } from '~/server/services/reference/exchange-rates';
import { assertMayPublish, findOwnLot } from './save-lot';
import { priceCellsOfLots, refreshPriceCells } from '~/server/services/statistics/refresh-price-cells';

/** `POST /{kind}/delete-quote`: the owner's alone; a lot in a running deal cannot go. Its photo files go too (unless a re-added copy shares them). */
export async function deleteLot(db: Database, user: SessionUser, kind: LotKind, id: number): Promise<void> {
  // Under the lot's lock: an offer made meanwhile (it locks the lot too) waits, then finds no lot.
  const photos = await db.transaction(async (tx) => {
    const lot = await findOwnLot(tx, user, kind, id, { lock: true });
    await assertLotMayChange(tx, lot);
    // Its offers keep their history (docs/deals.md): a lot anyone made an offer on is closed, not deleted.
    const [offer] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.lotId, id)).limit(1);
    if (offer) throw new AppError('conflict', 'lots.has_offers');
    const keys = await tx.select({ key: lotPhotos.storageKey }).from(lotPhotos).where(eq(lotPhotos.lotId, id));
    const cells = await priceCellsOfLots(tx, [id]);
    await tx.delete(lots).where(eq(lots.id, id));
    await refreshPriceCells(tx, cells);
    return keys;
  });
  forgetLotCounts();
  for (const { key } of photos) {
    const [shared] = await db
      .select({ id: lotPhotos.id })
      .from(lotPhotos)
      .where(eq(lotPhotos.storageKey, key))
      .limit(1);
    if (!shared) for (const width of LOT_PHOTO_WIDTHS) await getStorage().delete(`${key}-${width}.webp`);
  }
}

/**
 * The owner takes a lot off the market (closed, or not active) or puts a not-active one back (active, under the
 * tier rule). Off the market, its waiting offers are declined (their makers told, the mail queued in the same
 * transaction); its deals under way go on.
 */
export async function setLotStatus(
  db: Database,
  user: SessionUser,
  kind: LotKind,
  id: number,
  action: StatusAction,
): Promise<void> {
  const { to: status, from } = STATUS_CHANGES[action];
  if (status === 'active') assertMayPublish(user, kind);
  await findOwnLot(db, user, kind, id);
  await db.transaction(async (tx) => {
    const lot = await findOwnLot(tx, user, kind, id, { lock: true });
    if (!from.includes(lot.status)) throw new AppError('conflict', 'lots.wrong_status');
    // Hiding a machine would hide the calendar its renters rely on: a booking under way keeps it listed.
    if (status === 'not_active') await assertLotMayChange(tx, lot);
    await tx.update(lots).set({ status, updatedAt: new Date() }).where(eq(lots.id, id));
    const declined = status === 'active' ? [] : await declineWaitingOffers(tx, lot, 'lot_closed');
    for (const offerId of declined) await notifyDealStep(tx, offerId, 'decline-offer', user.id);
  });
  forgetLotCounts();
}

/** Re-adds a closed lot: an active copy (with its photos) the owner can then edit. */
export async function reAddLot(db: Database, user: SessionUser, kind: LotKind, id: number): Promise<{ id: number }> {
  assertMayPublish(user, kind);
  const lot = await findOwnLot(db, user, kind, id);
  if (lot.status !== 'closed') throw new AppError('conflict', 'lots.wrong_status');
  // What deals of the closed lot hold is not for sale again; a machine with a booking under way is not copied.
  const { remaining } = volumeLimits(lot);
  if (remaining <= 0) throw new AppError('conflict', 'lots.nothing_left');
  if (lot.type === 'rent') await assertLotMayChange(db, lot);
  const volume = remaining.toFixed(2);
  const clamp = (value: string | null) => (value === null ? null : Math.min(Number(value), remaining).toFixed(2));
  // Once: a closed lot that already has a live copy is not copied again.
  const [copy] = await db
    .select({ id: lots.id })
    .from(lots)
    .where(and(eq(lots.copiedFromId, lot.id), sql`${lots.status} <> 'closed'`));
  if (copy) throw new AppError('conflict', 'lots.already_readded');
  const created = await db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, search: _s, ...copy } = lot;
    const [row] = await tx
      .insert(lots)
      .values({
        ...copy,
        volume,
        minVolume: clamp(copy.minVolume),
        maxVolume: clamp(copy.maxVolume),
        status: 'active',
        reservedVolume: '0',
        copiedFromId: lot.id,
      })
      .returning({ id: lots.id });
    await tx.execute(sql`
      insert into lot_photos (lot_id, storage_key, width, height, position)
      select ${row.id}, storage_key, width, height, position from lot_photos where lot_id = ${lot.id}`);
    await refreshPriceCells(tx, await priceCellsOfLots(tx, [row.id]));
    await tx.execute(sql`update lots set search = (select search from lots where id = ${lot.id}) where id = ${row.id}`);
    return row;
  });
  forgetLotCounts();
  return created;
}

/**
 * Bulk price update (silver and gold): new prices for several of the user's own lots at once, each in its lot's
 * currency. All or nothing: one foreign or unknown lot refuses the whole request.
 */
export async function updateLotPrices(
  db: Database,
  user: SessionUser,
  kind: LotKind,
  prices: { id: number; price: number }[],
): Promise<{ updated: number }> {
  if (!user.scope.includes(PERMISSIONS.bulkPriceUpdate))
    throw new AppError('forbidden', 'lots.upgrade_required', { vars: { url: '/user/pro' } });
  const ids = prices.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { prices: [{ key: 'validation.invalid' }] },
    });
  await db.transaction(async (tx) => {
    // Locked in id order (one order for every caller): an approval cannot change a lot between check and write.
    const own = await tx
      .select({
        id: lots.id,
        status: lots.status,
        currencyId: lots.currencyId,
        decimals: sql<number>`(select decimals from currencies where id = ${lots.currencyId})`,
        code: sql<string>`(select code from currencies where id = ${lots.currencyId})`,
      })
      .from(lots)
      .where(and(eq(lots.kind, kind), eq(lots.userId, user.id), inArray(lots.id, ids)))
      .orderBy(lots.id)
      .for('update');
    if (own.length !== ids.length) throw new AppError('forbidden', 'lots.not_owner');
    for (const row of own) await assertLotMayChange(tx, row);
    const byId = new Map(own.map((row) => [row.id, row]));
    const perUsd = new Map<number, number>();
    for (const currencyId of new Set(own.map((row) => row.currencyId)))
      perUsd.set(currencyId, await latestPerUsd(tx, currencyId));
    for (const { id, price } of prices) {
      const row = byId.get(id)!;
      const scale = 10 ** Number(row.decimals);
      const problem = priceDecimalsProblem(price, { code: row.code, decimals: Number(row.decimals) });
      if (problem) {
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { [`prices.${prices.findIndex((p) => p.id === id)}.price`]: [problem] },
        });
      }
      const priceMinor = Math.round(price * scale);
      // The same reference as a saved lot: the price at today's indicative rate.
      const priceUsdCents = toUsdCents(price, perUsd.get(row.currencyId)!);
      await tx.update(lots).set({ priceMinor, priceUsdCents, updatedAt: new Date() }).where(eq(lots.id, id));
      await refreshPriceCells(tx, await priceCellsOfLots(tx, [id]));
    }
  });
  forgetLotCounts();
  return { updated: prices.length };
}
