import { sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';

/** The NOTIFY channel of chat events; every process's stream hub listens to it (docs/chat.md "Live stream"). */
export const CHAT_CHANNEL = 'mavuno_chat';

/**
 * What a notification carries: ids only. A stream reads the message itself from the database, checking that its
 * member is in the room, so nothing private travels in a payload and nothing lives only in memory.
 * `users` are the room's two members: the only ones whose streams act on the event.
 */
export type ChatEvent =
  | { t: 'message'; room: number; id: number; users: number[] }
  | { t: 'deleted'; room: number; id: number; users: number[] }
  | { t: 'read'; room: number; reader: number; upTo: number; users: number[] }
  | { t: 'blocked'; users: number[] };

/** Sends `event` on commit of the caller's transaction (NOTIFY is transactional: a rolled-back write tells no one). */
export async function publishChatEvent(tx: Executor, event: ChatEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseChatEvent(payload: string | undefined): ChatEvent | undefined {
  if (!payload) return undefined;
  try {
    const event = JSON.parse(payload) as ChatEvent;
    return event && typeof event === 'object' && Array.isArray(event.users) ? event : undefined;
  } catch {
    return undefined;
  }
}
