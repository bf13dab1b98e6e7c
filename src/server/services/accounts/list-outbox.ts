import { desc, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { mailOutbox, type OutboxStatus, smsOutbox } from '~/server/db/schema';

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}
export interface OutboxSms {
  id: number;
  to: string;
  text: string;
  status: OutboxStatus;
  /** `notice`, `reply` (an answer to an SMS command) or null (codes and the rest). */
  purpose: 'notice' | 'reply' | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The newest SMS of the outbox, newest first; with `to` (E.164), those of one number (the development phone's box). */
export function listOutboxSms(db: Executor, { limit = 50, to }: { limit?: number; to?: string } = {}) {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.to,
      text: smsOutbox.text,
      status: smsOutbox.status,
      purpose: smsOutbox.purpose,
      createdAt: smsOutbox.createdAt,
      sentAt: smsOutbox.sentAt,
    })
    .from(smsOutbox)
    .where(to ? eq(smsOutbox.to, to) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}

/**
 * The newest e-mails and SMS kept in the outbox tables (when no mail server or SMS provider is set up), for
 * the development mailbox. Callers check that the mailbox may be shown (getEnv().isMailboxOpen).
 */
export async function listOutbox(db: Executor, limit = 50): Promise<{ mail: OutboxMail[]; sms: OutboxSms[] }> {
  const [mail, sms] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(limit),
    listOutboxSms(db, { limit }),
  ]);
  return { mail, sms };
}
