import { shortenText } from '~/features/channels/phone-text';
import { and, desc, eq, exists, gt, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { localizePath } from '~/i18n/paths';
import { createTranslator } from '~/i18n/t';
import type { Executor } from '~/server/db';
import { chatBlocks, chatMessages, chatRoomMembers, chatRooms, lots, users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { chatUnreadMail } from '~/server/mail/templates';
import { queueSmsNotice } from '~/server/services/accounts/queue-sms-notice';
import { displayName, userLocale } from '~/server/services/accounts/users';
import { unreadCondition } from './unread';

/** A message waits this long unread before its reader is told (docs/chat.md "Notices"). */
export const NOTICE_DELAY_MS = 15 * 60_000;
/** At most one notice per member and room in this time. */
export const NOTICE_INTERVAL_MS = 60 * 60_000;
/** Memberships claimed per transaction: the claim holds their rows for a moment only (it queues, never sends). */
const BATCH = 100;
/** A run stops after this many batches; the next run (a minute later) goes on. */
const MAX_BATCHES = 20;
/** The latest message quoted in an e-mail, and a lot's title in an SMS, are cut to these lengths. */
const QUOTE_MAX = 280;
const SMS_TITLE_MAX = 40;

export interface SentNotice {
  roomId: number;
  userId: number;
  channel: 'email' | 'sms';
  /**
   * Queued in the outbox, which delivers it (a failed queueing throws); an SMS the member's choices hold back (STOP,
   * notices by SMS off, the daily cap: queueSmsNotice) is not sent.
   */
  sent: boolean;
}

/**
 * The chat's notices (docs/chat.md "Notices"), one run of the every-minute job: each membership whose member has
 * the `message_notification` switch on, was not told about that room in the last hour, and has an unread message
 * (`unread.ts`) older than 15 minutes and newer than the last notice, gets one e-mail in the member's language —
 * an SMS when the account has only a (confirmed) phone — naming the lot and the sender, with a link to the room.
 * A member who blocked the sender is not told.
 *
 * Claiming: the memberships are picked `FOR UPDATE SKIP LOCKED` and get `notified_at = now` in the same short
 * transaction, so two processes (or two runs) never pick the same one, and a membership whose row a message
 * insert holds at that moment is simply left for the next run (the claim never waits, so it cannot deadlock with
 * a post). The same transaction queues each notice's e-mail or SMS in the outbox: a claim exists exactly when its
 * notice does, and is kept; delivery, and its retries while a provider fails, are the outbox's (nothing is sent
 * under the lock). `now` is the run's clock (tests move it).
 */
export async function notifyUnread(db: Executor, now = new Date()): Promise<SentNotice[]> {
  const done: SentNotice[] = [];
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await claimBatch(db, now);
    done.push(...claimed);
    if (claimed.length < BATCH) break;
  }
  return done;
}

/** Claims a batch of due notices and queues their messages, in one transaction. */
async function claimBatch(db: Executor, now: Date): Promise<SentNotice[]> {
  return db.transaction(async (tx) => {
    const rows = await dueNotices(tx, now);
    if (rows.length > 0) {
      await tx
        .update(chatRoomMembers)
        .set({ notifiedAt: now })
        .where(
          or(...rows.map((row) => and(eq(chatRoomMembers.roomId, row.roomId), eq(chatRoomMembers.userId, row.userId)))),
        );
    }
    const queued: SentNotice[] = [];
    for (const notice of rows) queued.push(await queueNotice(tx, notice));
    return queued;
  });
}

/** The due memberships (at most BATCH), locked `FOR UPDATE SKIP LOCKED`: only within the claim's transaction. */
function dueNotices(tx: Executor, now: Date) {
  const quarterAgo = new Date(now.getTime() - NOTICE_DELAY_MS);
  const hourAgo = new Date(now.getTime() - NOTICE_INTERVAL_MS);
  const sender = alias(users, 'sender');
  return tx
    .select({
      roomId: chatRoomMembers.roomId,
      userId: chatRoomMembers.userId,
      email: users.email,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      firstName: users.firstName,
      locale: users.locale,
      roomKey: chatRooms.uniqueKey,
      lot: lots.title,
      senderFirstName: sender.firstName,
      senderLastName: sender.lastName,
    })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .innerJoin(lots, eq(lots.id, chatRooms.lotId))
    .innerJoin(
      sender,
      eq(
        sender.id,
        sql`case when ${chatRooms.ownerId} = ${chatRoomMembers.userId} then ${chatRooms.memberId} else ${chatRooms.ownerId} end`,
      ),
    )
    .where(
      and(
        eq(users.messageNotification, true),
        or(isNotNull(users.email), and(isNotNull(users.phone), isNotNull(users.phoneVerifiedAt))),
        or(isNull(chatRoomMembers.notifiedAt), lte(chatRoomMembers.notifiedAt, hourAgo)),
        exists(
          tx
            .select({ one: sql`1` })
            .from(chatMessages)
            .where(
              and(
                unreadCondition(chatRoomMembers.userId),
                lte(chatMessages.createdAt, quarterAgo),
                // Messages a notice already told about do not make another one.
                or(isNull(chatRoomMembers.notifiedAt), gt(chatMessages.createdAt, chatRoomMembers.notifiedAt)),
              ),
            ),
        ),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(chatBlocks)
            .where(and(eq(chatBlocks.blockerId, chatRoomMembers.userId), eq(chatBlocks.blockedId, sender.id))),
        ),
      ),
    )
    .orderBy(chatRoomMembers.roomId, chatRoomMembers.userId)
    .limit(BATCH)
    .for('update', { of: chatRoomMembers, skipLocked: true });
}

type Claimed = Awaited<ReturnType<typeof dueNotices>>[number];

/** Queues one claimed notice's e-mail (or SMS) with `tx`, the claim's transaction. */
async function queueNotice(tx: Executor, notice: Claimed): Promise<SentNotice> {
  const locale = userLocale(notice);
  const url = `${getEnv().publicUrl}${localizePath(`/chat?room=${notice.roomKey}`, locale)}`;
  const senderName = displayName({ firstName: notice.senderFirstName, lastName: notice.senderLastName });
  const channel = notice.email ? 'email' : 'sms';
  if (notice.email) {
    const [latest] = await tx
      .select({ body: chatMessages.body })
      .from(chatRoomMembers)
      .innerJoin(chatMessages, unreadCondition(notice.userId))
      .where(and(eq(chatRoomMembers.roomId, notice.roomId), eq(chatRoomMembers.userId, notice.userId)))
      .orderBy(desc(chatMessages.id))
      .limit(1);
    const text = latest?.body.trim() ? shortenText(latest.body.trim(), QUOTE_MAX) : null;
    await queueMail(
      tx,
      chatUnreadMail(locale, notice.email, notice.firstName, { lot: notice.lot, sender: senderName, text, url }),
    );
  } else {
    const t = createTranslator(locale);
    // A notice like any other by SMS (docs/feature-phones.md "Notices"): STOP, the switch and the daily cap hold.
    const outcome = await queueSmsNotice(
      tx,
      notice.userId,
      t('chat.unread_sms', { sender: senderName, lot: shortenText(notice.lot, SMS_TITLE_MAX), url }),
    );
    return { roomId: notice.roomId, userId: notice.userId, channel, sent: outcome === 'queued' };
  }
  return { roomId: notice.roomId, userId: notice.userId, channel, sent: true };
}
