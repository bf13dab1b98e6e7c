import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payouts, sessions, walletPending } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { getPaymentProvider, observeSandboxWebhooks } from '~/server/payments/registry';
import { type SandboxWebhook, sandboxSecret, signSandboxWebhook } from '~/server/payments/sandbox';
import { decidePayout } from '~/server/services/payments/decide-payout';
import { listOpenPayouts } from '~/server/services/payments/list-open-payouts';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { findAccount } from '~/server/services/wallet/find-account';
import { loadPayoutResultPage, loadWithdrawPage } from '~/server/loaders/payouts';
import { resolveUser } from '~/server/services/accounts/authenticate';
import { apiRequest, form } from '../fixtures/api';
import { TestCookies, formRequest } from '../fixtures/forms';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { getAs } from '../fixtures/deals';
import { topUp, userId } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;
const KES = 1;
const PASSWORD = 'harvest-2026';

const withdraw = (auth: Record<string, string>, fields: Record<string, string | number>, locale?: string) =>
  apiRequest('/wallet/withdraw', {
    method: 'POST',
    body: form(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...auth },
    locale,
  });

/** A signed-up member with `amount` minor units of KES in their available pocket. */
async function memberWith(amount: number) {
  const member = await signedUpUser();
  const id = await userId(database.handle(), member.email);
  if (amount > 0) await topUp(database.handle(), id, amount);
  return { ...member, id };
}

async function available(auth: Record<string, string>) {
  const info = await getAs(auth, '/user-wallet-info');
  return info.json.pockets.find((p: { currency: string }) => p.currency === 'KES')?.available ?? 0;
}

async function inFlight() {
  const account = await findAccount(db(), { kind: 'payouts_in_flight', currency: 'KES' });
  return account?.balance ?? 0;
}

const payoutRow = async (reference: string) =>
  (await db().select().from(payouts).where(eq(payouts.reference, reference)))[0];

const ledgerClean = async () => expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });

async function sendWebhook(webhook: SandboxWebhook) {
  const { getApiApp } = await import('~/server/api/app');
  const response = await getApiApp().request('/api-v2/payments/webhooks/sandbox', {
    method: 'POST',
    body: webhook.body,
    headers: webhook.headers,
  });
  return { status: response.status, json: (await response.json()) as { code?: string; outcome?: string } };
}

function payoutEvent(
  data: { reference: string; amount_minor: number; currency: string; status: string; failure?: string },
  secret = sandboxSecret(getEnv().SANDBOX_PAYMENT_SECRET),
) {
  const at = new Date();
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: data.status === 'succeeded' ? 'payout.succeeded' : 'payout.failed',
    created: Math.floor(at.getTime() / 1000),
    data: { id: 'po_sandbox', ...data },
  });
  return signSandboxWebhook(secret, body, at);
}

/** Runs `action` and answers the webhooks the sandbox delivered meanwhile. */
async function watching<T>(action: () => Promise<T>): Promise<{ result: T; delivered: SandboxWebhook[] }> {
  const delivered: SandboxWebhook[] = [];
  const stop = observeSandboxWebhooks((webhook) => delivered.push(webhook));
  try {
    return { result: await action(), delivered };
  } finally {
    stop();
  }
}

describe('POST /wallet/withdraw', () => {
  it('pays to the success phone: held, then posted to the provider by its webhook, settled once', async () => {
    const member = await memberWith(500_000);
    const flightBefore = await inFlight();
    const { result: res, delivered } = await watching(() =>
      withdraw(member.auth, { amount: '1,500.50', currency: KES, method: 'mobile_money', phone: '+254700000001' }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'succeeded',
      amount_minor: 150_050,
      currency: 'KES',
      method: 'mobile_money',
      destination: '•••• 0001',
      failure: null,
    });
    expect(res.json.reference).toMatch(/^po_[0-9a-f]{24}$/);
    expect(delivered).toHaveLength(1);
    expect(await available(member.auth)).toBe(500_000 - 150_050);
    expect(await inFlight()).toBe(flightBefore);
    const row = await payoutRow(res.json.reference);
    expect(row).toMatchObject({ status: 'succeeded', destination: '+254700000001' });
    const [pending] = await db().select().from(walletPending).where(eq(walletPending.id, row.pendingId));
    expect(pending.status).toBe('posted');

    // The same webhook again, a new signed event saying it failed, a forged one: nothing more moves.
    expect((await sendWebhook(delivered[0])).json.outcome).toBe('duplicate');
    const late = payoutEvent({
      reference: row.reference,
      amount_minor: 150_050,
      currency: 'KES',
      status: 'failed',
      failure: 'declined',
    });
    expect((await sendWebhook(late)).json.outcome).toBe('already_settled');
    const forged = payoutEvent(
      { reference: row.reference, amount_minor: 150_050, currency: 'KES', status: 'failed' },
      'not-the-sandbox-secret-at-all',
    );
    expect((await sendWebhook(forged)).status).toBe(401);
    const wrongAmount = payoutEvent({ reference: row.reference, amount_minor: 1, currency: 'KES', status: 'failed' });
    expect((await sendWebhook(wrongAmount)).status).toBe(422);
    expect(await available(member.auth)).toBe(500_000 - 150_050);
    expect((await payoutRow(row.reference)).status).toBe('succeeded');

    const seen = await getAs(member.auth, `/wallet/payout?reference=${row.reference}`);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ status: 'succeeded', amount_minor: 150_050 });
    await ledgerClean();
  });

  it('a declined phone fails the payout and returns the money; a bank account pays too', async () => {
    const member = await memberWith(300_000);
    const res = await withdraw(member.auth, {
      amount: '1000',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000002',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'failed', failure: 'declined' });
    expect(await available(member.auth)).toBe(300_000);
    const [pending] = await db()
      .select()
      .from(walletPending)
      .where(eq(walletPending.id, (await payoutRow(res.json.reference)).pendingId));
    expect(pending.status).toBe('voided');

    const bank = await withdraw(member.auth, {
      amount: '200',
      currency: KES,
      method: 'bank',
      account: '1234 5678 0001',
      bank_code: '01',
    });
    expect(bank.status).toBe(200);
    expect(bank.json).toMatchObject({ status: 'succeeded', destination: '•••• 0001', method: 'bank' });
    expect(await available(member.auth)).toBe(300_000 - 20_000);
    await ledgerClean();
  });

  it('refuses more than the pocket holds (409, nothing written) and bad input (422)', async () => {
    const member = await memberWith(10_000);
    const res = await withdraw(member.auth, {
      amount: '100.01',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('wallet.insufficient_funds');
    expect(await db().select().from(payouts).where(eq(payouts.userId, member.id))).toHaveLength(0);
    expect(await available(member.auth)).toBe(10_000);

    const noMoney = await memberWith(0);
    const empty = await withdraw(noMoney.auth, {
      amount: '1',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    expect(empty.status).toBe(409);

    const noPhone = await withdraw(member.auth, { amount: '10', currency: KES, method: 'mobile_money' });
    expect(noPhone.status).toBe(422);
    expect(noPhone.json.errors.phone).toBeDefined();
    const noBank = await withdraw(member.auth, { amount: '10', currency: KES, method: 'bank', account: '12340001' });
    expect(noBank.status).toBe(422);
    expect(noBank.json.errors.bank_code).toBeDefined();
    const badAmount = await withdraw(member.auth, {
      amount: '1.234',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    expect(badAmount.status).toBe(422);
    const badMethod = await withdraw(member.auth, {
      amount: '10',
      currency: KES,
      method: 'cash',
      phone: '+254700000001',
    });
    expect(badMethod.status).toBe(422);
    const anonymous = await withdraw(
      {},
      { amount: '10', currency: KES, method: 'mobile_money', phone: '+254700000001' },
    );
    expect(anonymous.status).toBe(401);
    expect(await db().select().from(payouts).where(eq(payouts.userId, member.id))).toHaveLength(0);
    await ledgerClean();
  });

  it('above the approval threshold waits with the money held; approve sends it, decline returns it', async () => {
    // 100,000 KES is far above 500 US dollars at any stored KES rate.
    const member = await memberWith(30_000_000);
    const res = await withdraw(member.auth, {
      amount: '100000',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('awaiting_approval');
    expect(await available(member.auth)).toBe(20_000_000);
    expect((await listOpenPayouts(db())).map((p) => p.reference)).toContain(res.json.reference);

    // A signed event for a payout never sent is refused: the provider knows nothing of it.
    const early = payoutEvent({
      reference: res.json.reference,
      amount_minor: 10_000_000,
      currency: 'KES',
      status: 'succeeded',
    });
    expect((await sendWebhook(early)).status).toBe(404);
    expect((await payoutRow(res.json.reference)).status).toBe('awaiting_approval');

    const sandbox = getPaymentProvider('sandbox');
    const approved = await decidePayout(db(), sandbox, res.json.reference, 'approve');
    expect(approved.status).toBe('succeeded');
    expect(approved.approvedAt).not.toBeNull();
    expect(await available(member.auth)).toBe(20_000_000);
    await expect(decidePayout(db(), sandbox, res.json.reference, 'approve')).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(decidePayout(db(), sandbox, res.json.reference, 'decline')).rejects.toMatchObject({
      code: 'conflict',
    });

    const second = await withdraw(member.auth, {
      amount: '80000',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    expect(second.json.status).toBe('awaiting_approval');
    expect(await available(member.auth)).toBe(12_000_000);
    const declined = await decidePayout(db(), sandbox, second.json.reference, 'decline');
    expect(declined.status).toBe('declined');
    expect(await available(member.auth)).toBe(20_000_000);
    await expect(decidePayout(db(), sandbox, second.json.reference, 'decline')).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(decidePayout(db(), sandbox, 'po_unknown', 'approve')).rejects.toMatchObject({ code: 'not_found' });
    const seen = await getAs(member.auth, `/wallet/payout?reference=${second.json.reference}`);
    expect(seen.json).toMatchObject({ status: 'declined' });
    await ledgerClean();
  });

  it('needs a recent sign-in or the password; a wrong password is refused', async () => {
    const member = await memberWith(100_000);
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, member.id));
    const fields = { amount: '100', currency: KES, method: 'mobile_money', phone: '+254700000001' };
    const stale = await withdraw(member.auth, fields, 'fr');
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe('wallet.recent_sign_in_required');
    expect(stale.json.message).toMatch(/mot de passe/);
    const wrong = await withdraw(member.auth, { ...fields, password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.errors.password).toBeDefined();
    expect(await available(member.auth)).toBe(100_000);
    const right = await withdraw(member.auth, { ...fields, password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.json.status).toBe('succeeded');
    expect(await available(member.auth)).toBe(90_000);
    await ledgerClean();
  });

  it('another member cannot read the payout', async () => {
    const member = await memberWith(100_000);
    const res = await withdraw(member.auth, {
      amount: '10',
      currency: KES,
      method: 'mobile_money',
      phone: '+254700000001',
    });
    const stranger = await signedUpUser();
    const seen = await getAs(stranger.auth, `/wallet/payout?reference=${res.json.reference}`);
    expect(seen.status).toBe(404);
    expect((await getAs({}, `/wallet/payout?reference=${res.json.reference}`)).status).toBe(401);
  });
});

describe('the withdraw page without JavaScript', () => {
  const sessionUser = async (access: string) => (await resolveUser(db(), { bearer: access }))!;

  it('shows the pockets, posts the form, redirects to the result page; refusals show the form again', async () => {
    const member = await memberWith(200_000);
    const user = await sessionUser(member.access);
    const cookies = new TestCookies();
    const path = '/user/profile/wallet/withdraw';
    const page = await loadWithdrawPage(formRequest(path, { cookies }), user);
    if ('redirect' in page) throw new Error('expected the form');
    expect(page.view.pockets).toEqual([{ currencyId: KES, code: 'KES', available: expect.stringContaining('2,000') }]);
    expect(page.view.needsPassword).toBe(false);

    const refused = await loadWithdrawPage(
      formRequest(path, {
        cookies,
        locale: 'sw',
        fields: { amount: '5000', currency: String(KES), method: 'mobile_money', phone: '+254700000001' },
      }),
      user,
    );
    if ('redirect' in refused) throw new Error('expected the form again');
    expect(refused.status).toBe(409);
    expect(refused.view.form.values.amount).toBe('5000');
    expect(refused.view.form.problem).toBeTruthy();

    const made = await loadWithdrawPage(
      formRequest(path, {
        cookies,
        fields: { amount: '150', currency: String(KES), method: 'mobile_money', phone: '+254700000002' },
      }),
      user,
    );
    if (!('redirect' in made)) throw new Error(`expected a redirect, got ${made.status}`);
    expect(made.status).toBe(303);
    const reference = new URL(made.redirect, 'http://x').searchParams.get('reference')!;
    expect(made.redirect).toBe(`/payout-result?reference=${reference}`);
    const result = await loadPayoutResultPage(user, reference, 'en');
    expect(result).toMatchObject({ status: 'failed', failure: 'declined', destination: '•••• 0002' });
    expect(await available(member.auth)).toBe(200_000);

    const stranger = await signedUpUser();
    expect(await loadPayoutResultPage(await sessionUser(stranger.access), reference, 'en')).toBeUndefined();

    const forged = await loadWithdrawPage(
      formRequest(path, {
        cookies,
        token: 'forged',
        fields: { amount: '150', currency: String(KES), method: 'mobile_money', phone: '+254700000001' },
      }),
      user,
    );
    expect(forged.status).toBe(403);
    await ledgerClean();
  });

  it('asks for the password when the sign-in is not recent', async () => {
    const member = await memberWith(100_000);
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(sessions.userId, member.id));
    const user = await sessionUser(member.access);
    const cookies = new TestCookies();
    const path = '/user/profile/wallet/withdraw';
    const page = await loadWithdrawPage(formRequest(path, { cookies }), user);
    if ('redirect' in page) throw new Error('expected the form');
    expect(page.view.needsPassword).toBe(true);
    const fields = { amount: '100', currency: String(KES), method: 'mobile_money', phone: '+254700000001' };
    const refused = await loadWithdrawPage(formRequest(path, { cookies, fields }), user);
    expect(refused.status).toBe(403);
    const made = await loadWithdrawPage(
      formRequest(path, { cookies, fields: { ...fields, password: PASSWORD } }),
      user,
    );
    expect('redirect' in made).toBe(true);
    expect(await available(member.auth)).toBe(90_000);
  });

  it('an empty wallet shows no form', async () => {
    const member = await memberWith(0);
    const page = await loadWithdrawPage(
      formRequest('/user/profile/wallet/withdraw', { cookies: new TestCookies() }),
      await sessionUser(member.access),
    );
    if ('redirect' in page) throw new Error('expected the page');
    expect(page.view.pockets).toEqual([]);
  });
});

describe('sending a payout again', () => {
  it('looks a refused re-send up with the provider, and never returns money a first request may have paid', async () => {
    const { requestPayout } = await import('~/server/services/payments/request-payout');
    const { sendPayout } = await import('~/server/services/payments/send-payout');
    const { ProviderError } = await import('~/server/payments/provider');
    const sandbox = getPaymentProvider('sandbox')!;
    const member = await memberWith(100_000);
    // The first request never got an answer: the payout stays pending, its money held.
    // Stand-ins: the sandbox with one call answered otherwise.
    const like = <T extends object>(base: object, overrides: T) => Object.assign(Object.create(base), overrides);
    const unreachable = like(sandbox, {
      createPayout: async () => {
        throw new ProviderError('sandbox', 'unavailable', 'no answer');
      },
    });
    const first = await requestPayout(db(), unreachable, {
      userId: member.id,
      amount: 500,
      currencyId: KES,
      method: 'mobile_money',
      phone: '+254 700 000 001',
    });
    expect(first).toMatchObject({ status: 'pending' });
    expect((await payoutRow(first.reference)).sentAt).not.toBeNull();
    // Sent again, the provider refuses the reference as a duplicate — but its record says the first one paid.
    const duplicate = like(sandbox, {
      createPayout: async () => {
        throw new ProviderError('sandbox', 'rejected', 'duplicate reference');
      },
      verifyPayout: async () => ({
        reference: first.reference,
        providerReference: 'po_first',
        status: 'succeeded' as const,
        amountMinor: 50_000,
        currency: 'KES',
      }),
    });
    const again = await sendPayout(db(), duplicate, first.id);
    expect(again).toMatchObject({ status: 'succeeded' });
    expect(await available(member.auth)).toBe(50_000);
    expect(await inFlight()).toBe(0);

    // A refused re-send the provider cannot look up leaves the money held, never returned.
    const second = await requestPayout(db(), unreachable, {
      userId: member.id,
      amount: 100,
      currencyId: KES,
      method: 'mobile_money',
      phone: '+254 700 000 001',
    });
    const blind = like(duplicate, {
      verifyPayout: async () => {
        throw new ProviderError('sandbox', 'unavailable', 'no answer');
      },
    });
    expect(await sendPayout(db(), blind, second.id)).toMatchObject({ status: 'pending' });
    expect(await available(member.auth)).toBe(40_000);
    expect(await inFlight()).toBe(10_000);
    await ledgerClean();
  });
});
