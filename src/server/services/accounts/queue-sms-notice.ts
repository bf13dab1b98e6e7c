import { and, eq, gte, sql } from 'drizzle-orm';
import { SMS_NOTICE_DAILY_CAP } from '~/features/channels/constants';
import { toGsm7 } from '~/features/channels/gsm7';
import type { Executor } from '~/server/db';
import { smsOutbox, users } from '~/server/db/schema';
import { queueSms } from '~/server/sms';

export type SmsNoticeOutcome = 'queued' | 'no_phone' | 'off' | 'stopped' | 'capped';

/** The start of the UTC day of `now`: the daily cap's day. */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Who a notice by SMS goes to, or why it does not. */
export type SmsNoticeRecipient = { userId: number; phone: string } | { refused: Exclude<SmsNoticeOutcome, 'queued'> };

/**
 * Whether a member may have a notice by SMS now (docs/feature-phones.md "Notices"): a confirmed phone, notices by SMS
 * on (`users.sms_notification`), no STOP since, and fewer than SMS_NOTICE_DAILY_CAP notices today (UTC).
 * `chosenBySms`: the member asked for this very notice by SMS (a price alert's `by_sms`), so the general switch does
 * not apply; STOP and the cap still do. The caller has already checked the notice's own setting (deal e-mails).
 */
export async function smsNoticeRecipient(
  db: Executor,
  userId: number,
  { now = new Date(), chosenBySms = false }: { now?: Date; chosenBySms?: boolean } = {},
): Promise<SmsNoticeRecipient> {
  const [user] = await db
    .select({
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      smsNotification: users.smsNotification,
      smsStoppedAt: users.smsStoppedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.phone || !user.phoneVerifiedAt) return { refused: 'no_phone' };
  if (user.smsStoppedAt) return { refused: 'stopped' };
  if (!user.smsNotification && !chosenBySms) return { refused: 'off' };
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.purpose, 'notice'), gte(smsOutbox.createdAt, dayStart(now))));
  if (n >= SMS_NOTICE_DAILY_CAP) return { refused: 'capped' };
  return { userId, phone: user.phone };
}

/** Queues a notice to a recipient smsNoticeRecipient answered, in the caller's transaction, in GSM-7. */
export async function queueSmsNoticeTo(db: Executor, recipient: { userId: number; phone: string }, text: string) {
  await queueSms(db, recipient.phone, toGsm7(text), { userId: recipient.userId, purpose: 'notice' });
}

/**
 * Queues a notice by SMS to a member when they may have it (smsNoticeRecipient), in the caller's transaction, delivered
 * by the outbox. Answers what happened, for the caller's tests and logs.
 */
export async function queueSmsNotice(
  db: Executor,
  userId: number,
  text: string,
  options: { now?: Date; chosenBySms?: boolean } = {},
): Promise<SmsNoticeOutcome> {
  const recipient = await smsNoticeRecipient(db, userId, options);
  if ('refused' in recipient) return recipient.refused;
  await queueSmsNoticeTo(db, recipient, text);
  return 'queued';
}
