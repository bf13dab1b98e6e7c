import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { lots, offers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type ChatRoomRow, findOrCreateRoom } from './find-or-create-room';

/**
 * The room of a deal's two parties about its lot, made when missing — what "Chat" on the deal page opens
 * (docs/chat.md "Screens"). Either party may open it, the lot's owner too (add-or-create refuses one's own lot;
 * a deal names the other member). The room is the one the deal's lines are written to
 * (services/chat/append-deal-lines.ts). Anyone else, and an unknown deal, gets the deal page's 404. A block does
 * not hide the room: it says it takes no messages.
 */
export async function openDealRoom(db: Executor, userId: number, offerId: number): Promise<ChatRoomRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ lotId: offers.lotId, buyerId: offers.buyerId, sellerId: offers.sellerId, ownerId: lots.userId })
      .from(offers)
      .innerJoin(lots, eq(lots.id, offers.lotId))
      .where(eq(offers.id, offerId));
    if (!row || (row.buyerId !== userId && row.sellerId !== userId))
      throw new AppError('not_found', 'offers.not_found');
    const member = row.ownerId === row.sellerId ? row.buyerId : row.sellerId;
    if (member === row.ownerId) throw new AppError('not_found', 'offers.not_found');
    const { room } = await findOrCreateRoom(tx, { id: row.lotId, userId: row.ownerId }, member);
    return room;
  });
}
