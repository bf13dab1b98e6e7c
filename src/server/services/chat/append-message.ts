import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { type ChatSystemLine, chatMessages, chatRoomMembers, chatRooms } from '~/server/db/schema';
import { publishChatEvent } from './chat-events';

/**
 * Key of the transaction-scoped advisory lock every message insert holds until its commit. Message ids then
 * become visible in id order, so a stream that has delivered id N and later reads `id > N` never skips a message
 * committed late with a smaller id (docs/chat.md "Order").
 */
const MESSAGE_ORDER_LOCK = 7_270_011;

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export interface NewChatMessage {
  kind: 'text' | 'system';
  /** Null for a system line. */
  createdBy: number | null;
  /** The sender's own id of the message: a second message with the same one answers the first. */
  clientId?: string | null;
  body: string;
  photo?: { key: string; width: number; height: number } | null;
  system?: ChatSystemLine | null;
  offerId?: number | null;
}

/**
 * Stores one message in `room` and tells both members' streams, inside the caller's transaction (which must end
 * soon: it holds the order lock). The room's last message and both members' activity move to it. Who may write
 * is the caller's to check. Answers the message and whether it is new (false: the client id was already used).
 */
export async function appendMessage(
  tx: Executor,
  room: { id: number; ownerId: number; memberId: number },
  message: NewChatMessage,
): Promise<{ message: ChatMessageRow; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
  if (message.clientId && message.createdBy !== null) {
    const [existing] = await tx
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.createdBy, message.createdBy), eq(chatMessages.clientId, message.clientId)));
    if (existing) return { message: existing, created: false };
  }
  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId: room.id,
      kind: message.kind,
      createdBy: message.createdBy,
      clientId: message.clientId ?? null,
      body: message.body,
      photoKey: message.photo?.key ?? null,
      photoWidth: message.photo?.width ?? null,
      photoHeight: message.photo?.height ?? null,
      system: message.system ?? null,
      offerId: message.offerId ?? null,
    })
    .returning();
  await tx
    .update(chatRooms)
    .set({ lastMessageId: row.id, lastMessageAt: row.createdAt })
    .where(eq(chatRooms.id, room.id));
  await tx.update(chatRoomMembers).set({ activityAt: row.createdAt }).where(eq(chatRoomMembers.roomId, room.id));
  // A sender has read what they write (and everything before it).
  if (message.createdBy !== null) {
    await tx
      .update(chatRoomMembers)
      .set({ lastReadMessageId: row.id })
      .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, message.createdBy)));
  }
  await publishChatEvent(tx, { t: 'message', room: room.id, id: row.id, users: [room.ownerId, room.memberId] });
  return { message: row, created: true };
}
