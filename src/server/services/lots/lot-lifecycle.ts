import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../../features/accounts/constants';
import { LOT_PHOTO_WIDTHS, type LotKind } from '../../../features/lots/constants';
import type { Database } from '../../db';
import { lotPhotos, lots, offers } from '../../db/schema';
import { getStorage } from '../../storage';
import { hasDecimals } from '../../../features/lots/schemas';
import { AppError } from '../../errors';
import type { SessionUser } from '../accounts/users';
import { assertMayPublish, findOwnLot } from './save-lot';

/** `POST /{kind}/delete-quote`: the owner's alone; a lot in a running deal cannot go. Its photo files go too (unless a re-added copy shares them). */
export async function deleteLot(db: Database, user: SessionUser, kind: LotKind, id: number): Promise<void> {
  const lot = await findOwnLot(db, user, kind, id);
  if (lot.status === 'in_process') throw new AppError('conflict', 'lots.locked_by_deal');
  // Its offers keep their history (docs/deals.md): a lot anyone made an offer on is closed, not deleted.
  const [offer] = await db.select({ id: offers.id }).from(offers).where(eq(offers.lotId, id)).limit(1);
  if (offer) throw new AppError('conflict', 'lots.has_offers');
  const photos = await db.select({ key: lotPhotos.storageKey }).from(lotPhotos).where(eq(lotPhotos.lotId, id));
  await db.delete(lots).where(eq(lots.id, id));
  for (const { key } of photos) {
    const [shared] = await db.select({ id: lotPhotos.id }).from(lotPhotos).where(eq(lotPhotos.storageKey, key)).limit(1);
    if (!shared) for (const width of LOT_PHOTO_WIDTHS) await getStorage().delete(`${key}-${width}.webp`);
  }
}

/** The owner takes a lot off the market (closed) or puts a not-active one back (active, under the tier rule). */
export async function setLotStatus(db: Database, user: SessionUser, kind: LotKind, id: number, status: 'closed' | 'not_active' | 'active'): Promise<void> {
  if (status === 'active') assertMayPublish(user, kind);
  const lot = await findOwnLot(db, user, kind, id);
  const allowed: Record<string, string[]> = { active: ['not_active'], not_active: ['active'], closed: ['active', 'not_active', 'in_process'] };
  if (!allowed[status].includes(lot.status)) throw new AppError('conflict', 'lots.wrong_status');
  await db.update(lots).set({ status, updatedAt: new Date() }).where(eq(lots.id, id));
}

/** Re-adds a closed lot: an active copy (with its photos) the owner can then edit. */
export async function reAddLot(db: Database, user: SessionUser, kind: LotKind, id: number): Promise<{ id: number }> {
  assertMayPublish(user, kind);
  const lot = await findOwnLot(db, user, kind, id);
  if (lot.status !== 'closed') throw new AppError('conflict', 'lots.wrong_status');
  // Once: a closed lot that already has a live copy is not copied again.
  const [copy] = await db.select({ id: lots.id }).from(lots).where(and(eq(lots.copiedFromId, lot.id), sql`${lots.status} <> 'closed'`));
  if (copy) throw new AppError('conflict', 'lots.already_readded');
  return db.transaction(async (tx) => {
    const { id: _id, createdAt: _c, updatedAt: _u, search: _s, ...copy } = lot;
    const [row] = await tx.insert(lots).values({ ...copy, status: 'active', reservedVolume: '0', copiedFromId: lot.id }).returning({ id: lots.id });
    await tx.execute(sql`
      insert into lot_photos (lot_id, storage_key, width, height, position)
      select ${row.id}, storage_key, width, height, position from lot_photos where lot_id = ${lot.id}`);
    await tx.execute(sql`update lots set search = (select search from lots where id = ${lot.id}) where id = ${row.id}`);
    return row;
  });
}

/**
 * Bulk price update (silver and gold): new prices for several of the user's own lots at once, each in its lot's
 * currency. All or nothing: one foreign or unknown lot refuses the whole request.
 */
export async function updateLotPrices(db: Database, user: SessionUser, kind: LotKind, prices: { id: number; price: number }[]): Promise<{ updated: number }> {
  if (!user.scope.includes(PERMISSIONS.bulkPriceUpdate)) throw new AppError('forbidden', 'lots.upgrade_required', { vars: { url: '/user/pro' } });
  const ids = prices.map((p) => p.id);
  const own = await db
    .select({
      id: lots.id,
      status: lots.status,
      decimals: sql<number>`(select decimals from currencies where id = ${lots.currencyId})`,
      perUsd: sql<string>`(select per_usd from exchange_rates where currency_id = ${lots.currencyId} order by as_of desc limit 1)`,
    })
    .from(lots)
    .where(and(eq(lots.kind, kind), eq(lots.userId, user.id), inArray(lots.id, ids)));
  if (new Set(ids).size !== ids.length) throw new AppError('validation_failed', 'errors.validation_failed', { fields: { prices: [{ key: 'validation.invalid' }] } });
  if (own.length !== ids.length) throw new AppError('forbidden', 'lots.not_owner');
  if (own.some((row) => row.status === 'in_process' || row.status === 'success')) throw new AppError('conflict', 'lots.locked_by_deal');
  const byId = new Map(own.map((row) => [row.id, row]));
  await db.transaction(async (tx) => {
    for (const { id, price } of prices) {
      const row = byId.get(id)!;
      const scale = 10 ** Number(row.decimals);
      if (!hasDecimals(price, Number(row.decimals))) {
        throw new AppError('validation_failed', 'errors.validation_failed', { fields: { [`prices.${prices.findIndex((p) => p.id === id)}.price`]: [{ key: 'lots.currency_decimals', vars: { decimals: Number(row.decimals) } }] } });
      }
      const priceMinor = Math.round(price * scale);
      // The same reference as a saved lot: the price at today's indicative rate.
      const priceUsdCents = Math.round((price / (Number(row.perUsd) || 1)) * 100);
      await tx.update(lots).set({ priceMinor, priceUsdCents, updatedAt: new Date() }).where(eq(lots.id, id));
    }
  });
  return { updated: prices.length };
}
