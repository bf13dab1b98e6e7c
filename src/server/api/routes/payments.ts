import { Hono } from 'hono';
import { z } from 'zod';
import { paymentResponse, topUpBody, topUpResponse } from '~/features/wallet/top-up';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { requestOrigin } from '~/server/http/request-origin';
import { choosePaymentProvider, getPaymentProvider } from '~/server/payments/registry';
import { processPaymentWebhook } from '~/server/services/payments/process-payment-webhook';
import { readPayment } from '~/server/services/payments/read-payment';
import { startTopUp } from '~/server/services/payments/start-top-up';

const tag = 'Wallet';

/** Top-ups and the providers' webhooks (docs/payments.md "Top-ups", "Webhooks"). */
export function paymentRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/wallet/top-up',
      tag,
      summary:
        'Top up your pocket: `amount` as you type it, `currency` (currency id), `method` (card, mobile_money); answers the checkout URL to open',
      auth: true,
      body: topUpBody,
      response: topUpResponse,
    },
    async (c, { body, user }) => {
      // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
      return startTopUp(await getDb(), choosePaymentProvider, {
        userId: user.id,
        amount: body.amount,
        currencyId: body.currency,
        method: body.method,
        phone: body.phone,
        email: user.email,
        origin: requestOrigin(c.req.raw),
        locale: c.get('locale'),
      });
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/wallet/payment',
      tag,
      summary: 'One of your payments by its `reference`: status, amount, whether your pocket was credited',
      auth: true,
      query: z.object({ reference: z.string().trim().min(1).max(64) }),
      response: paymentResponse,
    },
    async (_c, { query, user }) => readPayment(await getDb(), user.id, query.reference),
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/payments/webhooks/mpesa/:reference/:token',
      tag,
      summary:
        'M-Pesa’s callbacks (STK push results, B2C results): unsigned, so authenticated by the token made for their reference, and only a hint — the payment is asked of M-Pesa again before money moves',
    },
    async (c) => {
      const provider = getPaymentProvider('mpesa');
      if (!provider) throw new AppError('not_found', 'payments.unknown_provider');
      // The adapter reads the reference and checks the token from the URL itself (src/server/payments/mpesa.ts).
      const result = await processPaymentWebhook(await getDb(), provider, {
        rawBody: await c.req.text(),
        headers: c.req.raw.headers,
        url: new URL(c.req.url),
      });
      return { ok: true, outcome: result.outcome };
    },
  );

  endpoint(
    app,
    {
      method: 'post',
      path: '/payments/webhooks/:provider',
      tag,
      summary: 'A payment provider’s webhook: signed, verified with the provider, each event processed once',
    },
    async (c) => {
      const provider = getPaymentProvider(c.req.param('provider') ?? '');
      if (!provider) throw new AppError('not_found', 'payments.unknown_provider');
      // The exact bytes received: the signature is over them, not over re-serialised JSON.
      const rawBody = await c.req.text();
      const result = await processPaymentWebhook(await getDb(), provider, {
        rawBody,
        headers: c.req.raw.headers,
        url: new URL(c.req.url),
      });
      return { ok: true, outcome: result.outcome };
    },
  );

  return app;
}
