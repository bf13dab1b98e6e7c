import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { chatRoomMembers, chatRooms } from '~/server/db/schema';
import { newRoomKey } from './room-key';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

/**
 * The room between a lot's owner and `memberId` about the lot, made (with its two memberships) when missing.
 * Who may open it is the caller's to check (`open-room.ts` for members, deal lines for the parties of a deal).
 * Safe under concurrency: a second maker meets the unique (lot, member) index and reads the first one's room.
 */
export async function findOrCreateRoom(
  tx: Executor,
  lot: { id: number; userId: number },
  memberId: number,
): Promise<{ room: ChatRoomRow; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.lotId, lot.id), eq(chatRooms.memberId, memberId)));
  if (existing) return { room: existing, created: false };
  const [room] = await tx
    .insert(chatRooms)
    .values({ uniqueKey: newRoomKey(), lotId: lot.id, ownerId: lot.userId, memberId })
    .onConflictDoNothing({ target: [chatRooms.lotId, chatRooms.memberId] })
    .returning();
  if (!room) {
    const [made] = await tx
      .select()
      .from(chatRooms)
      .where(and(eq(chatRooms.lotId, lot.id), eq(chatRooms.memberId, memberId)));
    return { room: made, created: false };
  }
  await tx.insert(chatRoomMembers).values([
    { roomId: room.id, userId: lot.userId },
    { roomId: room.id, userId: memberId },
  ]);
  return { room, created: true };
}
