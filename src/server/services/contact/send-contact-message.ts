import { normalizePhone } from '~/features/accounts/phone';
import type { ContactInput } from '~/features/contact/schema';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db/client';
import { contactMessages } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { queueMail } from '~/server/mail';
import { contactForSupportMail, contactReceivedMail } from '~/server/mail/templates';
import { consumeLimit } from '~/server/security/rate-limit';
import { topicLabel } from './topic-label';
import { log } from '~/server/log';

export interface ContactSender {
  /** The client's address: counted by the rate limit, never stored with the message. */
  ip: string;
  locale: Locale;
  /** The signed-in member who writes, if any: the message is linked to their account. */
  userId?: number;
}

/**
 * Takes a message of the contact form (docs/contact.md): counts it against the per-address and per-sender limits,
 * stores it in the support inbox (status `new`) and, in the same transaction, queues its e-mail to SUPPORT_EMAIL
 * (reply-to: the sender) and a copy to the sender, in their language, when they gave an e-mail. The outbox delivers
 * them (retrying while the mail server fails); the message is stored exactly when its mails are queued.
 */
export async function sendContactMessage(
  db: Executor,
  input: ContactInput,
  sender: ContactSender,
): Promise<{ id: number }> {
  const phone = input.phone ? (normalizePhone(input.phone) ?? input.phone) : undefined;
  await consumeLimit('contactIp', sender.ip);
  await consumeLimit('contactSender', input.email ?? phone ?? '');
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email ?? null,
        phone: phone ?? null,
        topic: input.topic,
        message: input.message,
        locale: sender.locale,
        userId: sender.userId ?? null,
      })
      .returning({ id: contactMessages.id });

    const support = getEnv().SUPPORT_EMAIL;
    if (support)
      await queueMail(
        tx,
        contactForSupportMail(support, {
          id: stored.id,
          name: input.name,
          email: input.email,
          phone,
          topic: topicLabel(input.topic),
          text: input.message,
          locale: sender.locale,
          userId: sender.userId,
        }),
      );
    else
      log.warn(
        { component: 'contact', messageId: stored.id },
        `contact message #${stored.id} kept in the inbox only: SUPPORT_EMAIL is not set`,
      );
    if (input.email)
      await queueMail(
        tx,
        contactReceivedMail(sender.locale, input.email, input.name, {
          topic: topicLabel(input.topic),
          id: stored.id,
        }),
      );
    return stored;
  });
}
