import { desc } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { mailOutbox, smsOutbox } from '~/server/db/schema';

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
  createdAt: Date;
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
    db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(limit),
  ]);
  return { mail, sms };
}
