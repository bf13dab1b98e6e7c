import { formatStoredMoney } from '~/server/services/reference/format-stored-money';
import { notFoundAsUndefined } from './not-found';
import { localizePath } from '~/i18n/paths';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { getSandboxProvider } from '~/server/payments/registry';
import { SANDBOX_TEST_CARDS, SANDBOX_TEST_PHONES } from '~/server/payments/sandbox';
import { readPayment } from '~/server/services/payments/read-payment';
import type { SessionUser } from '~/server/services/accounts/users';
import {
  blankForm,
  failedForm,
  type FormPageRequest,
  type FormState,
  guardFormPost,
  type PageOutcome,
  PRIVATE_PAGE,
  readForm,
} from './form-post';

/**
 * The sandbox's hosted checkout page (docs/payments.md "The sandbox checkout page"): anonymous, no JavaScript.
 * The signed token in the URL opens the session (forged or unknown: 404); the form's number decides the outcome
 * by the documented test numbers (the sandbox's `submit`, which hands its signed webhook to the app); a final
 * outcome sends the browser back to the session's return URL. The page decides nothing about the member's money.
 */
export interface SandboxCheckoutView {
  amount: string;
  description?: string;
  method: 'card' | 'mobile_money';
  /** Waiting for the 3-D Secure code (card) or the PIN (mobile money). */
  challenge?: 'code' | 'pin';
  /** The session already has its outcome: the page only links back. */
  finished: boolean;
  returnUrl: string;
  testNumbers: { number: string; outcome: string }[];
  form: FormState<'number' | 'code'>;
}

const groupCard = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
const phoneOf = (suffix: string) => `+254 ${suffix.slice(0, 3)} ${suffix.slice(3, 6)} ${suffix.slice(6)}`;

export async function loadSandboxCheckoutPage(
  request: FormPageRequest,
  token: string,
): Promise<PageOutcome<SandboxCheckoutView> | undefined> {
  const sandbox = getSandboxProvider();
  const session = sandbox && (await sandbox.openSession(token));
  if (!sandbox || !session) return undefined;
  const action = localizePath(`/sandbox-checkout/${token}`, request.locale);
  // The shop is this very site: back by the path alone, so the browser keeps the address (and cookies) it came with.
  const back = new URL(session.returnUrl);
  const returnUrl = `${back.pathname}${back.search}`;
  const amount = await formatStoredMoney(await getDb(), session.amountMinor, session.currency, request.locale);
  const testNumbers =
    session.method === 'card'
      ? Object.entries(SANDBOX_TEST_CARDS).map(([digits, outcome]) => ({ number: groupCard(digits), outcome }))
      : Object.entries(SANDBOX_TEST_PHONES).map(([suffix, outcome]) => ({ number: phoneOf(suffix), outcome }));
  const view = (form: FormState<'number' | 'code'>, challenge = session.pendingChallenge): SandboxCheckoutView => ({
    amount,
    description: session.description,
    method: session.method,
    challenge,
    finished: session.status !== 'pending' && session.status !== 'action_required',
    returnUrl,
    testNumbers,
    form,
  });
  if (request.request.method !== 'POST')
    return { view: view(blankForm(request, action)), status: 200, headers: PRIVATE_PAGE };

  let fields: Record<string, string> = {};
  try {
    fields = await readForm(request.request);
    guardFormPost(request, fields);
    const result = await sandbox.submit(token, {
      number: fields.number,
      code: fields.code,
      cancel: fields.cancel !== undefined,
    });
    if (!result.ok) {
      if (result.reason === 'not_a_test_number')
        throw new AppError('validation_failed', 'errors.validation_failed', {
          fields: { number: [{ key: 'sandbox_checkout.not_a_test_number' }] },
        });
      if (result.reason === 'unknown_session') return undefined;
      // Expired or already decided: back to the shop, which asks the provider where the payment stands.
      return { redirect: returnUrl, status: 303, headers: PRIVATE_PAGE };
    }
    if (result.challenge) return { redirect: action, status: 303, headers: PRIVATE_PAGE };
    return { redirect: returnUrl, status: 303, headers: PRIVATE_PAGE };
  } catch (error) {
    const failed = failedForm<'number' | 'code'>(error, request, {
      action,
      shownFields: ['number', 'code'],
      values: { number: fields.number ?? '' },
    });
    return { view: view(failed.state), status: failed.status, headers: failed.headers };
  }
}

export interface TopUpResultView {
  reference: string;
  status: string;
  failure: string | null;
  amount: string;
  credited: boolean;
}

/** The member's page after a top-up's checkout: where the payment stands (theirs only: anyone else's is a 404). */
export async function loadTopUpResultPage(
  user: SessionUser,
  reference: string,
  locale: FormPageRequest['locale'],
): Promise<TopUpResultView | undefined> {
  const db = await getDb();
  const payment = await notFoundAsUndefined(readPayment(db, user.id, reference));
  if (!payment) return undefined;
  return {
    reference: payment.reference,
    status: payment.status,
    failure: payment.failure,
    amount: await formatStoredMoney(db, payment.amount_minor, payment.currency, locale),
    credited: payment.credited,
  };
}
