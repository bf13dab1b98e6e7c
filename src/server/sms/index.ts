import type { Executor } from '~/server/db';
import { smsOutbox } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { currentRequestId } from '~/server/http/faults';

/**
 * Queues an SMS: a row of the SMS outbox written with `db` (the caller's transaction), delivered by the outbox worker
 * (src/server/services/outbox/deliver-outbox.ts). `expiresAt`: past it the message is not sent (a PIN that expired).
 * `userId` and `purpose` say whom a notice is for, so the daily cap can count it (queueSmsNotice).
 */
export async function queueSms(
  db: Executor,
  to: string,
  text: string,
  options: { expiresAt?: Date; userId?: number; purpose?: 'notice' | 'reply' } = {},
) {
  await db.insert(smsOutbox).values({
    to,
    text,
    userId: options.userId ?? null,
    purpose: options.purpose ?? null,
    expiresAt: options.expiresAt ?? null,
    requestId: currentRequestId() ?? null,
  });
}

/**
 * Where the outbox worker hands SMS: Africa's Talking when configured; else nowhere, the outbox row being the
 * development mailbox (/dev/mailbox).
 */
export interface SmsSender {
  kind?: 'mailbox' | 'provider';
  send(to: string, text: string): Promise<void>;
}

const mailboxSender: SmsSender = { kind: 'mailbox', async send() {} };

/** Africa's Talking bulk SMS API (https://developers.africastalking.com): form-encoded, key in the `apiKey` header. */
export function africasTalkingSender(
  config: { username: string; apiKey: string; senderId?: string },
  fetchImpl: typeof fetch = fetch,
): SmsSender {
  const endpoint =
    config.username === 'sandbox'
      ? 'https://api.sandbox.africastalking.com/version1/messaging'
      : 'https://api.africastalking.com/version1/messaging';
  return {
    async send(to, text) {
      const body = new URLSearchParams({ username: config.username, to, message: text });
      if (config.senderId) body.set('from', config.senderId);
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        body,
        headers: {
          apiKey: config.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Africa's Talking answered ${response.status}`);
      const result = (await response.json()) as { SMSMessageData?: { Recipients?: { status?: string }[] } };
      const status = result.SMSMessageData?.Recipients?.[0]?.status;
      if (status !== 'Success')
        throw new Error(`Africa's Talking did not accept the message (${status ?? 'no recipient'})`);
    },
  };
}

let sender: SmsSender | undefined;
export function getSmsSender(): SmsSender {
  const env = getEnv();
  if (!sender) {
    sender =
      env.AFRICASTALKING_USERNAME && env.AFRICASTALKING_API_KEY
        ? africasTalkingSender({
            username: env.AFRICASTALKING_USERNAME,
            apiKey: env.AFRICASTALKING_API_KEY,
            senderId: env.AFRICASTALKING_SENDER_ID,
          })
        : mailboxSender;
  }
  return sender;
}

/** Tests put a sender of their own in place (a failing provider, say). */
export function installSmsSender(next: SmsSender | undefined): void {
  sender = next;
}
