import { notFoundAsUndefined } from './not-found';
import { TOP_UP_METHODS, topUpBody } from '~/features/wallet/top-up';
import { type ReceiptKind, minorToDecimal, receiptKind, receiptNumber } from '~/features/wallet/receipts';
import {
  TRANSACTION_CAUSES,
  TRANSACTION_DIRECTIONS,
  type TransactionFilters,
  WALLET_TRANSACTIONS_PER_PAGE,
  transactionFiltersSchema,
} from '~/features/wallet/schemas';
import { formatDate, formatMoney } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import type { Page } from '~/server/db/pagination';
import { redirectTarget, requestOrigin } from '~/server/http/request-origin';
import { choosePaymentProvider } from '~/server/payments/registry';
import { startTopUp, topUpReturnPath } from '~/server/services/payments/start-top-up';
import { listCurrencies } from '~/server/services/reference/list-currencies';
import { currencyOfCountry } from '~/features/accounts/currency-of-country';
import type { MobileMoneyNetwork } from '~/features/wallet/mobile-money';
import { paymentNetworks } from '~/server/payments/registry';
import { readMemberCountry } from '~/server/services/accounts/member-country';
import { type ReceiptSummary, listReceipts } from '~/server/services/wallet/list-receipts';
import { listWalletTransactions } from '~/server/services/wallet/list-wallet-transactions';
import { type Receipt, readReceipt } from '~/server/services/wallet/read-receipt';
import { readPockets } from '~/server/services/wallet/read-pockets';
import { parseReceiptNumber } from '~/features/wallet/receipts';
import {
  blankForm,
  handleFormPost,
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
} from './form-post';

/**
 * The member's wallet page (/user/profile/wallet and the money card my-wallet, docs/wallet.md "Screens"): pockets,
 * the top-up form (a plain HTML POST that starts the top-up and sends the browser to the checkout), the filtered
 * transactions twenty a page. Everything is the signed-in member's own; nothing of anyone else's is read.
 */
export const WALLET_PATH = '/user/profile/wallet';
export type TopUpField = 'amount' | 'currency' | 'method';

export interface PocketView {
  currency: string;
  available: string;
  frozen: string;
  hasFrozen: boolean;
  items: { amount: string; dealId: number | null; kind: 'deal' | 'payout' }[];
}

export interface TransactionView {
  id: number;
  receipt: string;
  date: string;
  amount: string;
  incoming: boolean;
  kind: ReceiptKind;
  dealId: number | null;
}

export interface WalletPageView {
  pockets: PocketView[];
  transactions: Page<TransactionView>;
  filters: TransactionFilters;
  /** The filters as a query string (`currency=KES&direction=in`, no page), for pages and the CSV link. */
  filterQuery: string;
  currencies: { id: number; code: string; name: string }[];
  /** The currency codes the filter offers: those of the member's pockets. */
  pocketCurrencies: string[];
  causes: readonly string[];
  directions: readonly string[];
  methods: readonly string[];
  /**
   * The mobile-money networks a top-up in the currency of the member's country would take there (docs/payments.md
   * "Mobile-money networks"), with that country and currency; null when the country or the networks are unknown.
   */
  networks: { country: string; currency: string; networks: MobileMoneyNetwork[] } | null;
  form: FormState<TopUpField>;
}

/** The filters of the URL: each valid one kept, an invalid one dropped (a hand-edited link shows all). */
export function filtersFromUrl(url: URL): TransactionFilters {
  const filters: Record<string, string> = {};
  for (const [name, schema] of Object.entries(transactionFiltersSchema.shape)) {
    const parsed = schema.safeParse(url.searchParams.get(name) ?? undefined);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  return filters as TransactionFilters;
}

export const filterQueryOf = (filters: TransactionFilters) =>
  new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined) as [string, string][]).toString();

export async function loadWalletPage(
  request: FormPageRequest,
  page: number,
): Promise<PageOutcome<WalletPageView> | undefined> {
  const user = request.user;
  if (!user) return undefined;
  const db = await getDb();
  const action = localizePath(WALLET_PATH, request.locale);
  const filters = filtersFromUrl(request.url);

  const view = async (form: FormState<TopUpField>): Promise<WalletPageView> => {
    const [pockets, transactions, currencies, country] = await Promise.all([
      readPockets(db, user.id),
      listWalletTransactions(db, user.id, { page, perPage: WALLET_TRANSACTIONS_PER_PAGE }, filters),
      listCurrencies(db, request.locale),
      readMemberCountry(db, user.id, request.locale),
    ]);
    const localCurrency = currencyOfCountry(country?.code);
    const networks = country && localCurrency ? paymentNetworks(localCurrency, country.code) : [];
    const decimalsOf = (code: string) =>
      pockets.find((p) => p.currency === code)?.decimals ?? currencies.find((c) => c.code === code)?.decimals ?? 2;
    const money = (amount: number, code: string) =>
      formatMoney(amount, { code, decimals: decimalsOf(code) }, request.locale);
    return {
      pockets: pockets.map((p) => ({
        currency: p.currency,
        available: money(p.available, p.currency),
        frozen: money(p.frozen, p.currency),
        hasFrozen: p.frozen > 0,
        items: p.frozen_items.map((i) => ({ amount: money(i.amount, p.currency), dealId: i.deal_id, kind: i.kind })),
      })),
      transactions: {
        _meta: transactions._meta,
        items: transactions.items.map((tx) => ({
          id: tx.id,
          receipt: receiptNumber(tx.transfer_id),
          date: formatDate(tx.created_at, request.locale, { dateStyle: 'medium', timeStyle: 'short' }),
          amount: money(tx.amount, tx.currency),
          incoming: tx.amount > 0,
          kind: receiptKind(tx.cause, tx.step),
          dealId: tx.deal_id,
        })),
      },
      filters,
      filterQuery: filterQueryOf(filters),
      currencies: currencies.map((c) => ({ id: c.id, code: c.code, name: c.name })),
      pocketCurrencies: pockets.map((p) => p.currency),
      causes: TRANSACTION_CAUSES,
      directions: TRANSACTION_DIRECTIONS,
      methods: TOP_UP_METHODS,
      networks:
        country && localCurrency && networks.length > 0
          ? { country: country.name, currency: localCurrency, networks }
          : null,
      form,
    };
  };

  if (request.request.method !== 'POST') {
    const currencies = await listCurrencies(db, request.locale);
    const preferred = currencies.find((c) => c.is_default) ?? currencies[0];
    return {
      view: await view(blankForm(request, action, { currency: preferred ? String(preferred.id) : '', method: 'card' })),
      status: 200,
      headers: PRIVATE_PAGE,
    };
  }

  return handleFormPost(request, {
    action,
    shownFields: ['amount', 'currency', 'method'],
    run: async (fields) => {
      const body = parseInput(topUpBody(request.locale), {
        amount: fields.amount,
        currency: fields.currency,
        method: fields.method,
      });
      const origin = requestOrigin(request.request);
      // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
      const started = await startTopUp(db, choosePaymentProvider, {
        userId: user.id,
        amount: body.amount,
        currencyId: body.currency,
        method: body.method,
        email: user.email,
        origin,
        locale: request.locale,
      });
      return started.checkout_url
        ? redirectTarget(started.checkout_url, origin)
        : localizePath(topUpReturnPath(started.reference), request.locale);
    },
    keep: (fields) => ({
      amount: fields.amount ?? '',
      currency: fields.currency ?? '',
      method: fields.method ?? 'card',
    }),
    view,
  });
}

export interface ReceiptListView {
  receipts: Page<ReceiptSummary & { date: string; money: string }>;
}

/** The my-receipts card: the member's money events, twenty a page, each leading to its receipt. */
export async function loadReceiptsPage(
  user: { id: number },
  locale: FormPageRequest['locale'],
  page: number,
): Promise<ReceiptListView> {
  const receipts = await listReceipts(await getDb(), user.id, { page, perPage: WALLET_TRANSACTIONS_PER_PAGE });
  return {
    receipts: {
      _meta: receipts._meta,
      items: receipts.items.map((r) => ({
        ...r,
        date: formatDate(r.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' }),
        money: formatMoney(r.amount, { code: r.currency, decimals: r.decimals }, locale),
      })),
    },
  };
}

export interface ReceiptView extends Receipt {
  date: string;
  money: (amount: number) => string;
  /** The amount as a plain decimal (major units), as the CSV writes it. */
  decimal: string;
}

/** One receipt for its reader, or undefined (a bad number, another member's money, none at all): the 404 page. */
export async function loadReceiptPage(
  user: { id: number },
  locale: FormPageRequest['locale'],
  number: string,
): Promise<ReceiptView | undefined> {
  const transferId = parseReceiptNumber(number);
  if (transferId === undefined) return undefined;
  const receipt = await notFoundAsUndefined(readReceipt(await getDb(), user.id, transferId));
  if (!receipt) return undefined;
  return {
    ...receipt,
    date: formatDate(receipt.created_at, locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }),
    money: (amount: number) => formatMoney(amount, { code: receipt.currency, decimals: receipt.decimals }, locale),
    decimal: minorToDecimal(receipt.amount, receipt.decimals),
  };
}
