import { Hono } from 'hono';
import { z } from 'zod';
import { contactSchema } from '~/features/contact/schema';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { verifyCaptcha } from '~/server/security/captcha';
import { sendContactMessage } from '~/server/services/contact/send-contact-message';

/** The contact form (docs/contact.md "API"). */
export function contactRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/contact/send',
      tag: 'Contact',
      auth: 'optional',
      summary:
        'Send a message to support (an e-mail or a phone to answer to); rate-limited, bot check when configured. ' +
        'The sender gets a copy when they gave an e-mail',
      body: contactSchema,
      bodyWrapper: 'ContactForm',
      response: z.object({ success: z.literal(true), message: z.string() }),
    },
    async (c, { body, user }) => {
      await verifyCaptcha(body.captcha_token, c.get('ip'));
      await sendContactMessage(await getDb(), body, {
        ip: c.get('ip'),
        locale: c.get('locale'),
        userId: user?.id,
      });
      return { success: true as const, message: c.get('t')('contact.sent') };
    },
  );

  return app;
}
