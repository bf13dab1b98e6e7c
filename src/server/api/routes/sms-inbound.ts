import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '~/server/api/context';
import { readBody } from '~/server/api/body';
import { endpoint } from '~/server/api/endpoint';
import { parseInput } from '~/server/api/validate';
import { assertGatewayRequest } from '~/server/channels/gateway-auth';
import { handleInboundSms } from '~/server/channels/sms/handle-inbound-sms';
import { getDb } from '~/server/db';

const tag = 'Feature phones';

/**
 * A field PostgreSQL can store as it was checked: no NUL, no lone surrogate (the body is read here, after the token
 * check, not by endpoint(), whose reading refuses those).
 */
const field = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000') && value.isWellFormed());

/** Africa's Talking's incoming-message callback, form-encoded (https://developers.africastalking.com). */
const inboundSmsBody = z.object({
  from: field(32).pipe(z.string().trim().min(1)),
  to: field(32).default(''),
  text: field(2000).default(''),
  date: field(64).optional(),
  id: field(128).pipe(z.string().trim().min(1)),
  linkId: field(128).optional(),
});

/** The feature-phone gateway's inbound SMS (docs/feature-phones.md "SMS commands"). */
export function smsInboundRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/sms/:token/inbound',
      tag,
      summary:
        'Africa’s Talking’s incoming SMS (form fields `from`, `to`, `text`, `date`, `id`, `linkId`): authenticated by the secret token in the path (and the gateway’s addresses when configured), each message `id` acted on and answered once',
    },
    async (c) => {
      // Who calls comes before what they sent: a wrong token is a 404 whatever the body (assertGatewayCall).
      assertGatewayRequest(c);
      const body = parseInput(inboundSmsBody, await readBody(c), { status: 400 });
      const outcome = await handleInboundSms(await getDb(), {
        providerId: body.id,
        from: body.from,
        to: body.to,
        text: body.text,
        date: body.date,
        linkId: body.linkId,
      });
      return { ok: true, duplicate: outcome.duplicate };
    },
  );

  return app;
}
