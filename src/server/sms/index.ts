import { getDb } from '~/server/db';
import { smsOutbox } from '~/server/db/schema';
import { getEnv } from '~/server/env';

/** Where SMS go: Africa's Talking when configured, else the outbox table (shown at /dev/mailbox in development). */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

const outboxSender: SmsSender = {
  async send(to, text) {
    const db = await getDb();
    await db.insert(smsOutbox).values({ to, text });
  },
};

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
        : outboxSender;
  }
  return sender;
}

/** Tests put a sender of their own in place (a failing provider, say). */
export function installSmsSender(next: SmsSender | undefined): void {
  sender = next;
}
