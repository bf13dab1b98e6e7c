import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, payouts, walletTransfers } from '~/server/db/schema';
import { configuredProviders } from '~/server/payments/index';
import { mpesaCallbackToken } from '~/server/payments/mpesa';
import { hmacHex, type PaymentProvider, type ProviderId } from '~/server/payments/provider';
import { getPaymentProviders, setPaymentProviders } from '~/server/payments/registry';
import { reconcilePayouts } from '~/server/services/payments/reconcile-payouts';
import { requestPayout } from '~/server/services/payments/request-payout';
import { settlePayoutByHand } from '~/server/services/payments/settle-payout-by-hand';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { apiRequest, form } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { TEST_ORIGIN } from '../fixtures/environment';
import * as daraja from '../fixtures/payments/mpesa';
import { envWithProviders } from '../fixtures/payments/provider-env';
import { recordedFetch } from '../fixtures/payments/recorded-fetch';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const KES = 1;

/** Daraja's recorded answers: the token, the STK push, its query (paid), a B2C request. */
const darajaFetch = recordedFetch({
  'GET /oauth/v1/generate': { body: daraja.oauthResponse },
  'POST /mpesa/stkpush/v1/processrequest': { body: daraja.stkPushAccepted },
  'POST /mpesa/stkpushquery/v1/query': { body: daraja.stkQueryPaid },
  'POST /mpesa/b2c/v3/paymentrequest': { body: daraja.b2cAccepted },
});
// The M-Pesa adapter exactly as the environment makes it (its callback URLs under this site's webhook path).
const mpesaEnv = envWithProviders(['mpesa', 'mpesaB2c'], { PUBLIC_URL: TEST_ORIGIN });
const mpesa = configuredProviders(mpesaEnv, { fetch: darajaFetch.fetchImpl }).get('mpesa') as PaymentProvider;
const lastStkPush = () => darajaFetch.requests.filter((r) => r.url.endsWith('/stkpush/v1/processrequest')).at(-1);

let previous: Map<ProviderId, PaymentProvider> | undefined;
beforeAll(() => {
  const withMpesa = new Map(getPaymentProviders());
  withMpesa.set('mpesa', mpesa);
  previous = setPaymentProviders(withMpesa);
});
afterAll(() => {
  setPaymentProviders(previous);
});

const callback = (path: string, body: string) =>
  apiRequest(path.replace(/^\/api-v2/, ''), { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

async function available(auth: Record<string, string>) {
  const info = await getAs(auth, '/user-wallet-info');
  return info.json.pockets.find((p: { currency: string }) => p.currency === 'KES')?.available ?? 0;
}

describe('M-Pesa top-ups: STK push, then the callback on its own URL', () => {
  it('chooses M-Pesa for KES mobile money; a wrong token is refused; the right one is verified and credits once', async () => {
    const member = await signedUpUser();
    const res = await apiRequest('/wallet/top-up', {
      method: 'POST',
      body: form({ amount: '1250', currency: KES, method: 'mobile_money', phone: '+254 708 374 149' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...member.auth },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ provider: 'mpesa', status: 'pending', amount_minor: 125_000, checkout_url: null });
    const reference: string = res.json.reference;

    // The STK push named a callback URL under this site's route, carrying the reference and its token.
    const push = lastStkPush()?.body as { CallBackURL: string } | undefined;
    const callbackUrl = new URL(push?.CallBackURL ?? 'http://missing');
    expect(callbackUrl.origin).toBe(TEST_ORIGIN);
    expect(callbackUrl.pathname).toMatch(new RegExp(`^/api-v2/payments/webhooks/mpesa/${reference}/[0-9a-f]{64}$`));
    const [row] = await db().select().from(payments).where(eq(payments.reference, reference));
    expect(row).toMatchObject({ provider: 'mpesa', providerReference: 'ws_CO_191220191020363925' });

    const queries = () => darajaFetch.requests.filter((r) => r.url.endsWith('/stkpushquery/v1/query')).length;
    const queriesBefore = queries();
    // A wrong token, or another reference's token: 401, Daraja not even asked.
    const forged = await callback(
      `/api-v2/payments/webhooks/mpesa/${reference}/${'0'.repeat(64)}`,
      daraja.stkCallbackPaid,
    );
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe('payments.webhook_refused');
    const otherToken = callbackUrl.pathname.replace(reference, 'tu_someone_else');
    expect((await callback(otherToken, daraja.stkCallbackPaid)).status).toBe(401);
    expect(queries()).toBe(queriesBefore);
    expect(await available(member.auth)).toBe(0);

    // The right URL: Daraja is queried (paid), and the pocket credited once.
    const first = await callback(callbackUrl.pathname, daraja.stkCallbackPaid);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ ok: true, outcome: 'credited' });
    expect(queries()).toBe(queriesBefore + 1);
    expect(await available(member.auth)).toBe(125_000);

    // Daraja repeating the callback: recorded once already, nothing more moves.
    const again = await callback(callbackUrl.pathname, daraja.stkCallbackPaid);
    expect(again.json).toEqual({ ok: true, outcome: 'duplicate' });
    const credits = await db()
      .select()
      .from(walletTransfers)
      .where(like(walletTransfers.idempotencyKey, `topup:mpesa:${reference}`));
    expect(credits).toHaveLength(1);
    expect(await available(member.auth)).toBe(125_000);
    const seen = await getAs(member.auth, `/wallet/payment?reference=${reference}`);
    expect(seen.json).toMatchObject({ status: 'succeeded', credited: true });
  });

  it('a valid token for a reference no payment has: 404; a body that is not JSON: 400', async () => {
    const token = mpesaCallbackToken(
      // The secret the environment derives (src/server/payments/index.ts): only a real token gets past the check.
      hmacHex('sha256', mpesaEnv.MPESA_CONSUMER_SECRET!, `mavuno-mpesa-callbacks:${mpesaEnv.MPESA_PASSKEY}`),
      'tu_unknown',
    );
    const unknown = await callback(`/api-v2/payments/webhooks/mpesa/tu_unknown/${token}`, daraja.stkCallbackPaid);
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('payments.unknown_payment');
    expect((await callback(`/api-v2/payments/webhooks/mpesa/tu_unknown/${token}`, '{not json')).status).toBe(400);
  });
});

describe('M-Pesa B2C results reach the payout webhook', () => {
  it('a result is read, but M-Pesa cannot confirm it: nothing settles, and reconcile reports it unverifiable', async () => {
    const member = await signedUpUser();
    const memberId = await userId(database.handle(), member.email);
    await topUp(database.handle(), memberId, 100_000);
    const payout = await requestPayout(db(), mpesa, {
      userId: memberId,
      amount: 500,
      currencyId: KES,
      method: 'mobile_money',
      phone: '+254708374149',
    });
    expect(payout).toMatchObject({ provider: 'mpesa', status: 'pending', amountMinor: 50_000 });
    const b2c = darajaFetch.requests.filter((r) => r.url.endsWith('/b2c/v3/paymentrequest')).at(-1)?.body as
      { ResultURL: string } | undefined;
    const resultUrl = new URL(b2c?.ResultURL ?? 'http://missing');
    expect(resultUrl.pathname).toMatch(
      new RegExp(`^/api-v2/payments/webhooks/mpesa/${payout.reference}/[0-9a-f]{64}$`),
    );

    expect(
      (await callback(`/api-v2/payments/webhooks/mpesa/${payout.reference}/${'f'.repeat(64)}`, daraja.b2cResultPaid))
        .status,
    ).toBe(401);
    // The right token: the result is parsed as a payout event; Daraja has no status query, so it is acknowledged
    // and left held for the statement, never settled on the callback's word.
    const result = await callback(resultUrl.pathname, daraja.b2cResultPaid);
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ outcome: 'awaiting_statement' });
    const [row] = await db().select().from(payouts).where(eq(payouts.reference, payout.reference));
    expect(row.status).toBe('pending');

    await db()
      .update(payouts)
      .set({ sentAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(payouts.reference, payout.reference));
    const findings = (await reconcilePayouts(db(), { repair: true })).filter((f) => f.reference === payout.reference);
    expect(findings).toEqual([
      expect.objectContaining({ provider: 'mpesa', problem: 'unverifiable', repaired: null, provider_status: null }),
    ]);
    expect((await db().select().from(payouts).where(eq(payouts.reference, payout.reference)))[0].status).toBe(
      'pending',
    );

    // Finance reads the M-Pesa statement and settles it by hand (npm run admin -- settle-payout), once.
    const settled = await settlePayoutByHand(db(), payout.reference, 'paid');
    expect(settled).toMatchObject({ status: 'succeeded' });
    await expect(settlePayoutByHand(db(), payout.reference, 'failed')).rejects.toMatchObject({ code: 'conflict' });
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });
});
