import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, walletTransfers } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { observeSandboxWebhooks, getSandboxProvider } from '~/server/payments/registry';
import { type SandboxWebhook, sandboxProvider, sandboxSecret, signSandboxWebhook } from '~/server/payments/sandbox';
import { databaseSandboxStore } from '~/server/payments/sandbox-store';
import { processPaymentWebhook } from '~/server/services/payments/process-payment-webhook';
import { startTopUp } from '~/server/services/payments/start-top-up';
import { readReceipt } from '~/server/services/wallet/read-receipt';
import { apiRequest, form, post } from '../fixtures/api';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const KES = 1;
const UGX = 2;

const topUp = (auth: Record<string, string>, fields: Record<string, string | number>, locale?: string) =>
  apiRequest('/wallet/top-up', {
    method: 'POST',
    body: form(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...auth },
    locale,
  });

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

async function startedTopUp(auth: Record<string, string>, amount = '1,500.50') {
  const res = await topUp(auth, { amount, currency: KES });
  expect(res.status).toBe(200);
  return res.json as { reference: string; checkout_url: string; amount_minor: number };
}

/** Runs the hosted checkout's form with a test number; answers the webhooks the sandbox delivered meanwhile. */
async function pay(checkoutUrl: string, number: string) {
  const delivered: SandboxWebhook[] = [];
  const stop = observeSandboxWebhooks((webhook) => delivered.push(webhook));
  try {
    const result = await getSandboxProvider()!.submit(tokenOf(checkoutUrl), { number });
    return { result, delivered };
  } finally {
    stop();
  }
}

async function sendSigned(webhook: SandboxWebhook) {
  const { getApiApp } = await import('~/server/api/app');
  const response = await getApiApp().request('/api-v2/payments/webhooks/sandbox', {
    method: 'POST',
    body: webhook.body,
    headers: webhook.headers,
  });
  return { status: response.status, json: (await response.json()) as { code?: string; outcome?: string } };
}

/** A sandbox-style event, signed with the sandbox's own secret (as the sandbox itself would sign it). */
function signedEvent(
  data: { reference: string; amount_minor: number; currency: string; status: string; failure?: string },
  at = new Date(),
  secret = sandboxSecret(getEnv().SANDBOX_PAYMENT_SECRET),
) {
  const type = data.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed';
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type,
    created: Math.floor(at.getTime() / 1000),
    data: { id: 'cs_test', ...data },
  });
  return signSandboxWebhook(secret, body, at);
}

const transfersOf = (reference: string) =>
  db()
    .select()
    .from(walletTransfers)
    .where(like(walletTransfers.idempotencyKey, `topup:sandbox:${reference}`));

const paymentRow = async (reference: string) =>
  (await db().select().from(payments).where(eq(payments.reference, reference)))[0];

async function available(auth: Record<string, string>, currency = 'KES') {
  const info = await getAs(auth, '/user-wallet-info');
  return info.json.pockets.find((p: { currency: string }) => p.currency === currency)?.available ?? 0;
}

describe('POST /wallet/top-up through the sandbox', () => {
  it('pays by the success card: the pocket is credited exactly once, by one ledger transfer', async () => {
    const member = await signedUpUser();
    const started = await startedTopUp(member.auth);
    expect(started.amount_minor).toBe(150_050);
    expect(started.checkout_url).toMatch(/\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]+$/);
    expect((await paymentRow(started.reference)).status).toBe('pending');
    expect(await available(member.auth)).toBe(0);

    const { result, delivered } = await pay(started.checkout_url, '4242 4242 4242 4242');
    expect(result).toMatchObject({ ok: true, status: 'succeeded' });
    expect(delivered).toHaveLength(1);

    expect(await available(member.auth)).toBe(150_050);
    const transfers = await transfersOf(started.reference);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ cause: 'top_up', currency: 'KES' });
    const row = await paymentRow(started.reference);
    expect(row).toMatchObject({ status: 'succeeded', transferId: transfers[0].id });

    const seen = await getAs(member.auth, `/wallet/payment?reference=${started.reference}`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ status: 'succeeded', credited: true, amount_minor: 150_050, currency: 'KES' });

    // The same webhook again, a new event saying the same, and a failure arriving late: nothing more moves.
    expect((await sendSigned(delivered[0])).json.outcome).toBe('duplicate');
    const again = signedEvent({
      reference: started.reference,
      amount_minor: 150_050,
      currency: 'KES',
      status: 'succeeded',
    });
    expect((await sendSigned(again)).json.outcome).toBe('already_credited');
    const late = signedEvent({
      reference: started.reference,
      amount_minor: 150_050,
      currency: 'KES',
      status: 'failed',
      failure: 'declined',
    });
    expect((await sendSigned(late)).json.outcome).toBe('already_credited');
    expect(await transfersOf(started.reference)).toHaveLength(1);
    expect(await available(member.auth)).toBe(150_050);
    expect((await paymentRow(started.reference)).status).toBe('succeeded');
  });

  it('answers the checkout and the return on the address the client used, not PUBLIC_URL', async () => {
    const member = await signedUpUser();
    const at = 'http://127.0.0.1:4400';
    expect(getEnv().publicUrl).not.toBe(at);
    const { getApiApp } = await import('~/server/api/app');
    const response = await getApiApp().request(`${at}/api-v2/wallet/top-up`, {
      method: 'POST',
      body: form({ amount: '75', currency: KES }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': 'sw', ...member.auth },
    });
    expect(response.status).toBe(200);
    const started = (await response.json()) as { checkout_url: string; reference: string };
    const checkout = new URL(started.checkout_url);
    expect(checkout.origin).toBe(at);
    expect(checkout.pathname).toMatch(/^\/sw\/sandbox-checkout\/cs_/);
    const { result } = await pay(started.checkout_url, '4242 4242 4242 4242');
    if (!result.ok) throw new Error(result.reason);
    expect(result.returnUrl).toBe(`${at}/sw/user/top-up?reference=${started.reference}`);
  });

  it('tells the checkout what it is for in the member’s language, and keeps the ledger’s memo off the receipt', async () => {
    const member = await signedUpUser();
    const res = await topUp(member.auth, { amount: '1 500', currency: KES }, 'fr');
    expect(res.status).toBe(200);
    const started = res.json as { reference: string; checkout_url: string };
    const session = await getSandboxProvider()!.openSession(tokenOf(started.checkout_url));
    expect(session?.description).toBe('Rechargement de votre portefeuille Mavuno');
    await pay(started.checkout_url, '4242 4242 4242 4242');
    const [transfer] = await transfersOf(started.reference);
    // The ledger keeps the provider's reference for staff, in its own words; the member's receipt shows the method
    // and the reference under their labels, not that memo.
    expect(transfer.memo).toMatch(/^sandbox cs_/);
    const receipt = await readReceipt(db(), await userId(database.handle(), member.email), transfer.id);
    expect(receipt.note).toBeNull();
    expect(receipt.method).toMatchObject({ provider: 'sandbox', reference: started.reference });
  });

  it('the same webhook delivered twice at once credits once', async () => {
    // A sandbox of its own whose first delivery is lost: its webhook then arrives twice, at the same time.
    const held: SandboxWebhook[] = [];
    const provider = sandboxProvider({
      secret: 'a-sandbox-secret-for-this-test',
      deliver: async (webhook) => void held.push(webhook),
    });
    const member = await signedUpUser();
    const memberId = await userId(database.handle(), member.email);
    const started = await startTopUp(db(), provider, {
      userId: memberId,
      amount: 200,
      currencyId: KES,
      method: 'card',
      origin: 'http://localhost',
      locale: 'en',
    });
    await provider.submit(tokenOf(started.checkout_url!), { number: '4242424242424242' });
    expect(held).toHaveLength(1);
    const delivery = () =>
      processPaymentWebhook(db(), provider, { rawBody: held[0].body, headers: new Headers(held[0].headers) });
    const outcomes = (await Promise.all([delivery(), delivery()])).map((r) => r.outcome).sort();
    expect(outcomes).toEqual(['credited', 'duplicate']);
    expect(await transfersOf(started.reference)).toHaveLength(1);
    expect(await available(member.auth)).toBe(20_000);
  });

  it('a declined card credits nothing and the payment says why', async () => {
    const member = await signedUpUser();
    const started = await startedTopUp(member.auth);
    const { result } = await pay(started.checkout_url, '4000 0000 0000 0002');
    expect(result).toMatchObject({ ok: true, status: 'failed', failure: 'declined' });
    expect(await transfersOf(started.reference)).toHaveLength(0);
    expect(await available(member.auth)).toBe(0);
    const seen = await getAs(member.auth, `/wallet/payment?reference=${started.reference}`);
    expect(seen.json).toMatchObject({ status: 'failed', failure: 'declined', credited: false });
  });

  it('refuses forged, stale, unknown and mismatched webhooks, and never credits on a webhook alone', async () => {
    const member = await signedUpUser();
    const started = await startedTopUp(member.auth, '1000');
    const paid = { reference: started.reference, amount_minor: 100_000, currency: 'KES', status: 'succeeded' };

    const forged = signedEvent(paid, new Date(), 'not-the-sandbox-secret-at-all');
    const forgedAnswer = await sendSigned(forged);
    expect(forgedAnswer.status).toBe(401);
    expect(forgedAnswer.json.code).toBe('payments.webhook_refused');

    const unsigned = await sendSigned({
      body: signedEvent(paid).body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(401);

    const stale = await sendSigned(signedEvent(paid, new Date(Date.now() - 10 * 60 * 1000)));
    expect(stale.status).toBe(401);

    const unknown = await sendSigned(signedEvent({ ...paid, reference: 'tu_nobody' }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('payments.unknown_payment');

    const more = await sendSigned(signedEvent({ ...paid, amount_minor: 100_001 }));
    expect(more.status).toBe(422);
    expect(more.json.code).toBe('payments.amount_mismatch');
    const otherCurrency = await sendSigned(signedEvent({ ...paid, currency: 'UGX' }));
    expect(otherCurrency.status).toBe(422);

    // Signed and matching, but the provider has not seen it paid: asked again, it says pending — nothing credited.
    const early = await sendSigned(signedEvent(paid));
    expect(early.status).toBe(200);
    expect(early.json.outcome).toBe('status_recorded');

    expect(await transfersOf(started.reference)).toHaveLength(0);
    expect(await available(member.auth)).toBe(0);
    expect((await paymentRow(started.reference)).status).toBe('pending');

    // A provider that does not exist here.
    const nowhere = await post('/payments/webhooks/nowhere', '{}');
    expect(nowhere.status).toBe(404);
  });

  it('another member can neither see a payment nor learn it exists', async () => {
    const owner = await signedUpUser();
    const stranger = await signedUpUser();
    const started = await startedTopUp(owner.auth);
    const theirs = await getAs(stranger.auth, `/wallet/payment?reference=${started.reference}`);
    const none = await getAs(stranger.auth, '/wallet/payment?reference=tu_doesnotexist');
    expect(theirs.status).toBe(404);
    expect(theirs.json).toEqual(none.json);
    const anonymous = await post('/wallet/top-up', form({ amount: '10', currency: KES }));
    expect(anonymous.status).toBe(401);
    expect(await db().select().from(payments).where(eq(payments.userId, -1))).toHaveLength(0);
  });

  it('reads the amount as the member types it, and refuses bad amounts with a field error', async () => {
    const member = await signedUpUser();
    const french = await topUp(member.auth, { amount: '1 250,75', currency: KES }, 'fr');
    expect(french.status).toBe(200);
    expect(french.json.amount_minor).toBe(125_075);

    for (const amount of ['abc', '0', '-5', '']) {
      const refused = await topUp(member.auth, { amount, currency: KES });
      expect(refused.status, amount).toBe(422);
      expect(refused.json.code).toBe('validation_failed');
      expect(refused.json.errors.amount, amount).toHaveLength(1);
    }
    const cents = await topUp(member.auth, { amount: '10.50', currency: UGX });
    expect(cents.status).toBe(422);
    expect(cents.json.errors.amount).toEqual(['Enter a whole number, without decimals.']);
    const swahili = await topUp(member.auth, { amount: 'mia', currency: KES }, 'sw');
    expect(swahili.status).toBe(422);
    expect(swahili.json.errors.amount[0]).not.toMatch(/Enter/);
    const noCurrency = await topUp(member.auth, { amount: '10', currency: 999 });
    expect(noCurrency.status).toBe(422);
    expect(noCurrency.json.errors.currency).toHaveLength(1);
    expect(await db().select().from(payments).where(eq(payments.amountMinor, 1050))).toHaveLength(0);
  });

  it('keeps the sandbox checkout in the database: another process (or a restart) opens and pays the same session', async () => {
    const member = await signedUpUser();
    const started = await startedTopUp(member.auth, '75');
    const secret = sandboxSecret(getEnv().SANDBOX_PAYMENT_SECRET);
    const otherProcess = sandboxProvider({ secret, store: databaseSandboxStore() });
    const session = await otherProcess.openSession(tokenOf(started.checkout_url));
    expect(session).toMatchObject({
      reference: started.reference,
      amountMinor: 7_500,
      currency: 'KES',
      status: 'pending',
    });
    expect(session?.expiresAt).toBeInstanceOf(Date);
    expect(await otherProcess.openSession(`${tokenOf(started.checkout_url).slice(0, -2)}00`)).toBeUndefined();

    await otherProcess.submit(tokenOf(started.checkout_url), { number: '4000 0000 0000 9995' });
    const seen = await getSandboxProvider()!.verifyPayment({
      reference: started.reference,
      expected: { amountMinor: 7_500, currency: 'KES' },
    });
    expect(seen).toMatchObject({ status: 'failed', failure: 'insufficient_funds', mismatches: [] });
  });
});
