import { and, eq } from 'drizzle-orm';
import type { LotKind } from '~/features/lots/constants';
import { isLotOnMarket } from './lot-item';
import type { Executor } from '~/server/db';
import { lotFavorites, lots } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** The viewer's favourite lot ids of one kind (never another user's: the id comes from the session). */
export async function listFavoriteLotIds(db: Executor, userId: number, kind: LotKind): Promise<number[]> {
  const rows = await db
    .select({ id: lotFavorites.lotId })
    .from(lotFavorites)
    .innerJoin(lots, eq(lots.id, lotFavorites.lotId))
    .where(and(eq(lotFavorites.userId, userId), eq(lots.kind, kind)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Marks a lot as a favourite (an existing lot of this kind; adding twice is harmless). */
export async function addFavoriteLot(db: Executor, userId: number, kind: LotKind, lotId: number): Promise<number[]> {
  const [lot] = await db
    .select({
      id: lots.id,
      status: lots.status,
      userId: lots.userId,
      hiddenAt: lots.hiddenAt,
      ownerBlockedAt: lots.ownerBlockedAt,
    })
    .from(lots)
    .where(and(eq(lots.id, lotId), eq(lots.kind, kind)));
  // Like the lot page: someone else's lot that is not on offer does not exist for this user.
  if (!lot || (!isLotOnMarket(lot) && lot.userId !== userId)) throw new AppError('not_found', 'lots.not_found');
  await db.insert(lotFavorites).values({ userId, lotId }).onConflictDoNothing();
  return listFavoriteLotIds(db, userId, kind);
}

export async function removeFavoriteLot(db: Executor, userId: number, kind: LotKind, lotId: number): Promise<number[]> {
  await db.delete(lotFavorites).where(and(eq(lotFavorites.userId, userId), eq(lotFavorites.lotId, lotId)));
  return listFavoriteLotIds(db, userId, kind);
}
