import { Hono } from 'hono';
import { WALLET_TRANSACTIONS_PER_PAGE, walletInfoQuery, walletInfoResponse } from '~/features/wallet/schemas';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { readWalletInfo } from '~/server/services/wallet/read-wallet-info';

const tag = 'Wallet';

/** The wallet's API (docs/wallet.md "Reading a member's wallet"). */
export function walletRoutes() {
  const app = new Hono<ApiEnv>();

  endpoint(
    app,
    {
      method: 'get',
      path: '/user-wallet-info',
      tag,
      summary:
        'Your pockets per currency (available and frozen in minor units, each frozen amount with its deal) and your recent transactions (20 a page)',
      auth: true,
      query: walletInfoQuery,
      response: walletInfoResponse,
    },
    async (_c, { query, user }) =>
      readWalletInfo(await getDb(), user.id, {
        page: query.page,
        perPage: query['per-page'] ?? WALLET_TRANSACTIONS_PER_PAGE,
      }),
  );

  return app;
}
