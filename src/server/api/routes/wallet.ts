import { Hono } from 'hono';
import {
  WALLET_TRANSACTIONS_PER_PAGE,
  transactionFiltersSchema,
  walletInfoQuery,
  walletInfoResponse,
} from '~/features/wallet/schemas';
import type { ApiEnv } from '~/server/api/context';
import { endpoint } from '~/server/api/endpoint';
import { getDb } from '~/server/db';
import { exportWalletTransactions } from '~/server/services/wallet/export-wallet-transactions';
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
        'Your pockets per currency (available and frozen in minor units, each frozen amount with its deal) and your recent transactions (20 a page; filters `currency`, `cause`, `direction` in/out, `from`, `to` days)',
      auth: true,
      query: walletInfoQuery,
      response: walletInfoResponse,
    },
    async (_c, { query, user }) => {
      const { page, 'per-page': perPage, ...filters } = query;
      return readWalletInfo(
        await getDb(),
        user.id,
        { page, perPage: perPage ?? WALLET_TRANSACTIONS_PER_PAGE },
        filters,
      );
    },
  );

  endpoint(
    app,
    {
      method: 'get',
      path: '/wallet/transactions.csv',
      tag,
      summary:
        'Your transactions as CSV (header row; date, receipt, currency, direction, amount in major units, cause, step, deal_id), with the filters of /user-wallet-info',
      auth: true,
      query: transactionFiltersSchema,
    },
    async (_c, { query, user }) => {
      const csv = await exportWalletTransactions(await getDb(), user.id, query);
      return new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="mavuno-transactions.csv"',
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    },
  );

  return app;
}
