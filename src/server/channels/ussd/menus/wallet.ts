import { formatDate } from '~/i18n/format';
import type { MessageKey } from '~/i18n/t';
import { findCurrency } from '~/server/services/reference/find-currency';
import { listWalletTransactions } from '~/server/services/wallet/list-wallet-transactions';
import { readPockets } from '~/server/services/wallet/read-pockets';
import { callerAsUser, moneyText } from './common';
import { readTyped } from './sell';
import type { ScreenDef } from '../types';

/** Shown only behind the PIN (the main menu opens it through the `pin` screen). */
export const walletScreens: Record<string, ScreenDef> = {
  wallet: {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const pockets = await readPockets(ctx.db, user.id);
      const lines = pockets.map((pocket) =>
        ctx.t('ussd.wallet_pocket', {
          available: moneyText(pocket.available, { code: pocket.currency, decimals: pocket.decimals }, ctx.locale),
          frozen: moneyText(pocket.frozen, { code: pocket.currency, decimals: pocket.decimals }, ctx.locale),
        }),
      );
      return {
        body: [ctx.t('ussd.wallet_title'), ...(lines.length ? lines : [ctx.t('ussd.wallet_empty')])].join('\n'),
        items: [
          { label: ctx.t('ussd.wallet_transfers'), next: { push: { s: 'wallet.transfers' } } },
          ...pockets
            .filter((pocket) => pocket.available > 0)
            .map((pocket) => ({
              label: ctx.t('ussd.wallet_withdraw', { currency: pocket.currency }),
              next: { push: { s: 'wallet.withdraw', p: { currency: pocket.currency } } },
            })),
        ],
      };
    },
  },
  'wallet.transfers': {
    render: async (ctx) => {
      const user = callerAsUser(ctx);
      const [page, pockets] = await Promise.all([
        listWalletTransactions(ctx.db, user.id, { page: 1, perPage: 5 }),
        readPockets(ctx.db, user.id),
      ]);
      if (page.items.length === 0) return { body: ctx.t('ussd.wallet_no_transfers') };
      const decimals = new Map(pockets.map((pocket) => [pocket.currency, pocket.decimals]));
      const lines = page.items.map((item) => {
        const currency = { code: item.currency, decimals: decimals.get(item.currency) ?? 2 };
        const amount = moneyText(Math.abs(item.amount), currency, ctx.locale);
        const day = formatDate(new Date(item.created_at), ctx.locale, {
          day: 'numeric',
          month: 'short',
          timeZone: 'UTC',
        });
        const cause = ctx.t(`wallet_page.cause_${item.cause}` as MessageKey);
        return `${day} ${item.amount < 0 ? '-' : '+'}${amount} ${cause}`;
      });
      return { body: lines.join('\n') };
    },
  },
  'wallet.withdraw': {
    render: (ctx, p) => ({ body: ctx.t('ussd.withdraw_amount', { currency: String(p.currency) }), input: true }),
    onInput: async (ctx, p, value) => {
      const currency = await findCurrency(ctx.db, { code: String(p.currency) });
      const amount = readTyped(ctx.t, ctx.locale, value, Math.min(2, currency?.decimals ?? 2));
      if (!amount.ok) return { again: amount.message };
      // Paid out to the member's own confirmed number only: nobody else's, whatever is typed.
      const phone = callerAsUser(ctx).phone ?? ctx.phone;
      const decimals = currency?.decimals ?? 2;
      return {
        push: {
          s: 'wallet.withdraw.confirm',
          p: {
            currency: String(p.currency),
            currencyId: currency?.id ?? 0,
            amount: amount.value,
            shown: moneyText(
              Math.round(amount.value * 10 ** decimals),
              { code: String(p.currency), decimals },
              ctx.locale,
            ),
            phone,
          },
        },
      };
    },
  },
  'wallet.withdraw.confirm': {
    render: (ctx, p) => ({
      body: ctx.t('ussd.withdraw_confirm', {
        amount: String(p.shown),
        phone: String(p.phone),
      }),
      items: [
        {
          label: ctx.t('ussd.confirm_with_pin'),
          next: { push: { s: 'pin', p: { after: { run: 'wallet.withdraw', a: p } } } },
        },
      ],
    }),
  },
};
