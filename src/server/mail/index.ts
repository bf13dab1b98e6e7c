import nodemailer, { type Transporter } from 'nodemailer';
import { getDb } from '~/server/db';
import { mailOutbox } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { onShutdown } from '~/server/lifecycle';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not to MAIL_FROM (support mail: the person who wrote). */
  replyTo?: string;
  /** Extra headers for SMTP (List-Unsubscribe…); the development outbox keeps none. */
  headers?: Record<string, string>;
}

/** Where mail goes: an SMTP server when SMTP_URL is set, else the outbox table (readable at /dev/mailbox in development). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

function smtpSender(url: string, from: string): MailSender {
  const transport: Transporter = nodemailer.createTransport(url);
  onShutdown('smtp', () => transport.close());
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

const outboxSender: MailSender = {
  async send({ headers: _headers, ...message }) {
    const db = await getDb();
    await db.insert(mailOutbox).values(message);
  },
};

let sender: MailSender | undefined;
export function getMailSender(): MailSender {
  const env = getEnv();
  sender ??= env.SMTP_URL ? smtpSender(env.SMTP_URL, env.MAIL_FROM) : outboxSender;
  return sender;
}

/**
 * Sends a message without failing the caller's action: a sign-up succeeds even when the mail server is down
 * (the user can ask for the message again); the failure is logged.
 */
export async function sendMail(message: MailMessage): Promise<boolean> {
  try {
    await getMailSender().send(message);
    return true;
  } catch (error) {
    console.error('[mail] sending failed:', error instanceof Error ? error.message : error);
    return false;
  }
}
