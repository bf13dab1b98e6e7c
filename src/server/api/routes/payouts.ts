import { Hono } from 'hono';
import { z } from 'zod';
import { payoutResponse, withdrawBody } from '~/features/wallet/payout';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { choosePaymentProvider } from '~/server/payments/registry';
import { confirmRecentSignIn } from '~/server/services/accounts/confirm-recent-sign-in';
import { readPayout } from '~/server/services/payments/read-payout';
import { requestPayout } from '~/server/services/payments/request-payout';

const tag = 'Wallet';

/** Withdrawals to mobile money or a bank account (docs/wallet.md "Payouts"). */
export function payoutRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'post',
      path: '/wallet/withdraw',
      tag,
      summary:
        'Withdraw from your available pocket: `amount` as you type it, `currency` (id), `method` (mobile_money with `phone`, bank with `account` and `bank_code`); `password` when your sign-in is older than 15 minutes. Large amounts wait for approval',
      auth: true,
      body: withdrawBody,
      response: payoutResponse,
    },
    async (_c, { body, user }) => {
      const db = await getDb();
      await confirmRecentSignIn(db, user, body.password);
      // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
      const payout = await requestPayout(db, choosePaymentProvider, {
        userId: user.id,
        amount: body.amount,
        currencyId: body.currency,
        method: body.method,
        phone: body.phone,
        account: body.account,
        bankCode: body.bank_code,
        bankName: body.bank_name,
        accountName: body.account_name,
      });
      return readPayout(db, user.id, payout.reference);
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/wallet/payout',
      tag,
      summary:
        'One of your payouts by its `reference`: status (awaiting_approval, pending, succeeded, failed, declined)',
      auth: true,
      query: z.object({ reference: z.string().trim().min(1).max(64) }),
      response: payoutResponse,
    },
    async (_c, { query, user }) => readPayout(await getDb(), user.id, query.reference),
  );

  return app;
}
