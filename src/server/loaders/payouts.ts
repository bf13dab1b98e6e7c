import { formatStoredMoney } from '~/server/services/reference/format-stored-money';
import { notFoundAsUndefined } from './not-found';
import { eq, inArray } from 'drizzle-orm';
import { withdrawBody } from '~/features/wallet/payout';
import { formatMoney } from '~/i18n/format';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { currencies, sessions } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';
import { choosePaymentProvider } from '~/server/payments/registry';
import { confirmRecentSignIn } from '~/server/services/accounts/confirm-recent-sign-in';
import type { SessionUser } from '~/server/services/accounts/users';
import { payoutResultPath } from '~/server/services/payments/notify-payout-outcome';
import { readPayout } from '~/server/services/payments/read-payout';
import { requestPayout } from '~/server/services/payments/request-payout';
import { readPockets } from '~/server/services/wallet/read-pockets';
import {
  blankForm,
  handleFormPost,
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
} from './form-post';

/**
 * The withdraw page (`/user/profile/wallet/withdraw`, docs/wallet.md "Payouts"): the member's pockets with money
 * available, and one plain form posting to the page itself — without JavaScript — to the same services as
 * `POST /api-v2/wallet/withdraw`. A payout made sends the browser to its result page.
 */
export const WITHDRAW_FIELDS = [
  'amount',
  'currency',
  'method',
  'phone',
  'account',
  'bank_code',
  'bank_name',
  'account_name',
  'password',
] as const;
export type WithdrawField = (typeof WITHDRAW_FIELDS)[number];

export interface WithdrawView {
  pockets: { currencyId: number; code: string; available: string }[];
  /** The sign-in is older than the configured minutes: the form asks for the password. */
  needsPassword: boolean;
  recentMinutes: number;
  approvalAboveUsd: number;
  form: FormState<WithdrawField>;
}

export const WITHDRAW_PATH = '/user/profile/wallet/withdraw';

async function isRecentSignIn(user: SessionUser): Promise<boolean> {
  const db = await getDb();
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, user.sessionId));
  return Boolean(
    session && Date.now() - session.createdAt.getTime() <= getEnv().PAYOUT_RECENT_SIGN_IN_MINUTES * 60_000,
  );
}

export async function loadWithdrawPage(
  request: FormPageRequest,
  user: SessionUser,
): Promise<PageOutcome<WithdrawView>> {
  const db = await getDb();
  const { locale } = request;
  const action = localizePath(WITHDRAW_PATH, locale);
  const held = (await readPockets(db, user.id)).filter((p) => p.available > 0);
  const ids = held.length
    ? await db
        .select({ id: currencies.id, code: currencies.code })
        .from(currencies)
        .where(
          inArray(
            currencies.code,
            held.map((p) => p.currency),
          ),
        )
    : [];
  const idOf = new Map(ids.map((row) => [row.code.trim(), row.id]));
  const pockets = held.map((p) => ({
    currencyId: idOf.get(p.currency) ?? 0,
    code: p.currency,
    available: formatMoney(p.available, { code: p.currency, decimals: p.decimals }, locale),
  }));
  const env = getEnv();
  const view = async (form: FormState<WithdrawField>): Promise<WithdrawView> => ({
    pockets,
    needsPassword: !(await isRecentSignIn(user)),
    recentMinutes: env.PAYOUT_RECENT_SIGN_IN_MINUTES,
    approvalAboveUsd: await readPlatformSetting(db, 'payout_approval_above_usd'),
    form,
  });
  if (request.request.method !== 'POST')
    return {
      view: await view(
        blankForm(request, action, { method: 'mobile_money', currency: String(pockets[0]?.currencyId ?? '') }),
      ),
      status: 200,
      headers: PRIVATE_PAGE,
    };

  return handleFormPost(request, {
    action,
    shownFields: WITHDRAW_FIELDS,
    run: async (fields) => {
      const input = parseInput(withdrawBody(locale), fields);
      await confirmRecentSignIn(db, user, input.password);
      // The provider is chosen by currency and method (docs/payments.md "Choosing the provider").
      const payout = await requestPayout(db, choosePaymentProvider, {
        userId: user.id,
        amount: input.amount,
        currencyId: input.currency,
        method: input.method,
        phone: input.phone,
        account: input.account,
        bankCode: input.bank_code,
        bankName: input.bank_name,
        accountName: input.account_name,
      });
      return localizePath(payoutResultPath(payout.reference), locale);
    },
    view,
  });
}

export interface PayoutResultView {
  reference: string;
  status: 'awaiting_approval' | 'pending' | 'succeeded' | 'failed' | 'declined';
  failure: string | null;
  amount: string;
  destination: string;
}

/** The payout result page: the member's own payout only (anyone else's, or none: undefined, the 404 page). */
export async function loadPayoutResultPage(
  user: SessionUser,
  reference: string,
  locale: FormPageRequest['locale'],
): Promise<PayoutResultView | undefined> {
  const db = await getDb();
  const payout = await notFoundAsUndefined(readPayout(db, user.id, reference));
  if (!payout) return undefined;
  return {
    reference: payout.reference,
    status: payout.status,
    failure: payout.failure,
    amount: await formatStoredMoney(db, payout.amount_minor, payout.currency, locale),
    destination: payout.destination,
  };
}
