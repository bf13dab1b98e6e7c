import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { type OutboxStatus, smsOutbox, users } from '~/server/db/schema';

export interface PhoneSms {
  id: number;
  text: string;
  status: OutboxStatus;
  /** `notice`, `reply` (an answer to an SMS command) or null (codes and the rest). */
  purpose: 'notice' | 'reply' | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The newest SMS the outbox holds for one number (E.164), newest first, with their delivery status: the development
 * phone (/dev/ussd) shows them beside the screen. Callers check that the outbox may be shown (getEnv().isMailboxOpen).
 */
export async function listSmsTo(db: Executor, phone: string, limit = 20): Promise<PhoneSms[]> {
  return db
    .select({
      id: smsOutbox.id,
      text: smsOutbox.text,
      status: smsOutbox.status,
      purpose: smsOutbox.purpose,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.to, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}

/** The confirmed phone of the account with this e-mail (a demo account's, for the development phone), if any. */
export async function findConfirmedPhone(
  db: Executor,
  email: string,
): Promise<{ phone: string; name: string } | undefined> {
  const [row] = await db
    .select({ phone: users.phone, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.phoneVerifiedAt), isNotNull(users.phone)));
  return row?.phone ? { phone: row.phone, name: row.firstName ?? '' } : undefined;
}
