import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { type ChatSystemLine, chatMessages, chatReports, users } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { displayName } from '~/server/services/accounts/users';
import type { ChatMessageRow } from './append-message';
import { findMemberRoom, otherMemberId } from './find-member-room';

/** How many of a room's newest messages a report of the whole room keeps. */
export const REPORT_ROOM_MESSAGES = 20;

/**
 * `POST /chat/report`: a member reports the other member's message, or the whole room, with a reason. The report
 * keeps the reporter, the reported member and a copy of the text as it is now — the message's, or the room's last
 * 20 messages, one line each (`<time> #<sender id> <name>: <text>`) — for the back office, whatever is deleted
 * later. A message that is not the other member's in this room is 404 `chat.message_not_found`.
 */
export async function reportChat(
  db: Executor,
  userId: number,
  input: { roomKey: string; messageId?: number; reason: string },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const room = await findMemberRoom(tx, userId, { key: input.roomKey });
    const otherId = otherMemberId(room, userId);
    let messages: ChatMessageRow[];
    if (input.messageId !== undefined) {
      messages = await tx
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.id, input.messageId),
            eq(chatMessages.roomId, room.id),
            eq(chatMessages.createdBy, otherId),
          ),
        );
      if (messages.length === 0) throw new AppError('not_found', 'chat.message_not_found');
    } else {
      messages = (
        await tx
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.roomId, room.id))
          .orderBy(desc(chatMessages.id))
          .limit(REPORT_ROOM_MESSAGES)
      ).reverse();
    }
    const senderIds = [...new Set(messages.map((m) => m.createdBy).filter((id): id is number => id !== null))];
    const senders =
      senderIds.length > 0
        ? await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, senderIds))
        : [];
    const names = new Map(senders.map((s) => [s.id, displayName(s)]));
    const snapshot =
      input.messageId !== undefined
        ? messageText(messages[0])
        : messages.map((m) => snapshotLine(m, m.createdBy === null ? '' : (names.get(m.createdBy) ?? ''))).join('\n');
    const [report] = await tx
      .insert(chatReports)
      .values({
        reporterId: userId,
        roomId: room.id,
        messageId: input.messageId ?? null,
        reportedUserId: otherId,
        reason: input.reason,
        snapshot,
      })
      .returning({ id: chatReports.id });
    return { id: report.id };
  });
}

function messageText(message: ChatMessageRow): string {
  if (message.deletedAt) return '[deleted]';
  if (message.kind === 'system') return systemText(message.system);
  return message.photoKey ? `${message.body}${message.body ? ' ' : ''}[photo ${message.photoKey}]` : message.body;
}

const systemText = (line: ChatSystemLine | null) => (line ? `[deal #${line.offerId}: ${line.event}]` : '[deal]');

function snapshotLine(message: ChatMessageRow, name: string): string {
  const who = message.createdBy === null ? 'system' : `#${message.createdBy} ${name}`;
  return `${message.createdAt.toISOString()} ${who}: ${messageText(message)}`;
}
