import nodemailer, { type Transporter } from 'nodemailer';
import type { Executor } from '~/server/db';
import { mailOutbox } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { currentRequestId } from '~/server/http/faults';
import { onShutdown } from '~/server/lifecycle';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not to MAIL_FROM (support mail: the person who wrote). */
  replyTo?: string;
  /** Extra headers for SMTP (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/**
 * Queues an e-mail: a row of the mail outbox, written with `db` — the caller's transaction, so the message exists
 * exactly when the change that causes it does. The outbox worker delivers it (src/server/services/outbox/
 * deliver-outbox.ts): retried when the mail server fails, sent once across processes (docs/operations.md "Outbox").
 */
export async function queueMail(db: Executor, message: MailMessage, options: { expiresAt?: Date } = {}): Promise<void> {
  await db.insert(mailOutbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? null,
    expiresAt: options.expiresAt ?? null,
    requestId: currentRequestId() ?? null,
  });
}

/**
 * Where the outbox worker hands mail: the SMTP server when SMTP_URL is set; else nowhere, the outbox row itself being
 * the development mailbox (/dev/mailbox).
 */
export interface MailSender {
  /** `mailbox`: kept in the outbox for /dev/mailbox; `smtp`: handed to the mail server. */
  kind: 'mailbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

/** How long the worker waits on the mail server before the try counts as failed (nodemailer's defaults are minutes). */
const SMTP_TIMEOUT_MS = 20_000;

function smtpSender(url: string, from: string): MailSender {
  const transport: Transporter = nodemailer.createTransport({
    url,
    // Connections kept open between messages: a new one for each mail cost about 100 ms here, a pooled one 4 ms
    // (measured with smtp-server on this machine), which is what drains a backlog after an outage in seconds.
    pool: true,
    maxConnections: 2,
    maxMessages: 500,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  onShutdown('smtp', () => transport.close());
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

const mailboxSender: MailSender = { kind: 'mailbox', async send() {} };

let sender: MailSender | undefined;
export function getMailSender(): MailSender {
  const env = getEnv();
  sender ??= env.SMTP_URL ? smtpSender(env.SMTP_URL, env.MAIL_FROM) : mailboxSender;
  return sender;
}
