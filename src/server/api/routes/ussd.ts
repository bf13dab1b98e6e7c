import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { assertGatewayRequest } from '~/server/channels/gateway-auth';
import { answerUssdStep, endUssdSession } from '~/server/channels/ussd/engine';
import { getDb } from '~/server/db';

const tag = 'Feature phones';

const field = (max: number) => z.string().trim().min(1).max(max);

/** Africa's Talking's USSD request (docs/feature-phones.md "Gateway set-up"). */
const ussdStepBody = z.object({
  sessionId: field(100),
  serviceCode: field(40),
  phoneNumber: field(20),
  networkCode: z.string().trim().max(20).optional(),
  /** Every answer typed so far, joined by `*`; empty on the first request. */
  text: z.string().max(1000).default(''),
});

/** Africa's Talking's end-of-session notice (its "events callback"). */
const ussdEndBody = z.object({
  sessionId: field(100),
  status: z.string().trim().max(40).optional(),
  phoneNumber: z.string().trim().max(20).optional(),
  serviceCode: z.string().trim().max(40).optional(),
  networkCode: z.string().trim().max(20).optional(),
  duration: z.string().trim().max(20).optional(),
  input: z.string().max(1000).optional(),
  errorMessage: z.string().max(500).optional(),
});

/** The USSD gateway's callbacks: each step of a session, and the notice that a session ended. */
export function ussdRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/ussd/:token',
      tag,
      summary:
        'Africa’s Talking’s USSD callback: one step of a session (`sessionId`, `serviceCode`, `phoneNumber`, `networkCode`, `text` — the answers so far joined by `*`), answered `text/plain` starting `CON ` (the caller answers) or `END `. The path carries the secret USSD_CALLBACK_TOKEN',
      body: ussdStepBody,
      invalidStatus: 400,
    },
    async (c, { body }) => {
      assertGatewayRequest(c);
      const screen = await answerUssdStep(await getDb(), body);
      return new Response(screen, {
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/ussd/:token/end',
      tag,
      summary:
        'Africa’s Talking’s end-of-session notice: the session is over (`status`: Success, Incomplete, Failed); answers whether it was known',
      body: ussdEndBody,
      invalidStatus: 400,
    },
    async (c, { body }) => {
      assertGatewayRequest(c);
      return { ok: true, known: await endUssdSession(await getDb(), body) };
    },
  );

  return app;
}
