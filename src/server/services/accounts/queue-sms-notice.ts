import { and, eq, gte, sql } from 'drizzle-orm';
import { SMS_NOTICE_DAILY_CAP } from '~/features/channels/constants';
import { toGsm7 } from '~/features/channels/gsm7';
import type { Executor } from '~/server/db';
import { smsOutbox, users } from '~/server/db/schema';
import { queueSms } from '~/server/sms';

export type SmsNoticeOutcome = 'queued' | 'no_phone' | 'off' | 'stopped' | 'capped';

/** The start of the UTC day of `now`: the daily cap's day. */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Queues a notice by SMS to a member (docs/feature-phones.md "Notices"), in the caller's transaction, when they may
 * have it: a confirmed phone, notices by SMS on (`users.sms_notification`), no STOP since, and fewer than
 * SMS_NOTICE_DAILY_CAP notices today. The text is written in the GSM-7 alphabet. The caller has already checked the
 * notice's own setting (deal e-mails, price alerts). `chosenBySms`: the member asked for this very notice by SMS (a
 * price alert's `by_sms`), so the general switch does not apply; STOP and the cap still do. Answers what happened, for
 * the caller's tests and logs.
 */
export async function queueSmsNotice(
  db: Executor,
  userId: number,
  text: string,
  now = new Date(),
  options: { chosenBySms?: boolean } = {},
): Promise<SmsNoticeOutcome> {
  const [user] = await db
    .select({
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      smsNotification: users.smsNotification,
      smsStoppedAt: users.smsStoppedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.phone || !user.phoneVerifiedAt) return 'no_phone';
  if (user.smsStoppedAt) return 'stopped';
  if (!user.smsNotification && !options.chosenBySms) return 'off';
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.purpose, 'notice'), gte(smsOutbox.createdAt, dayStart(now))));
  if (n >= SMS_NOTICE_DAILY_CAP) return 'capped';
  await queueSms(db, user.phone, toGsm7(text), { userId, purpose: 'notice' });
  return 'queued';
}
