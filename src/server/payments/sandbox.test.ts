import { describe, expect, it } from 'vitest';
import { isCreditable } from './provider';
import {
  SANDBOX_CARD_CODE,
  SANDBOX_PIN,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxWebhook,
  sandboxProvider,
  signSandboxWebhook,
} from './sandbox';

const SECRET = 'sandbox-test-secret-0123456789';
const T0 = new Date('2026-11-25T10:00:00Z');

function setup(options: { at?: Date } = {}) {
  let clock = options.at ?? T0;
  const sent: SandboxWebhook[] = [];
  const provider = sandboxProvider({
    secret: SECRET,
    now: () => clock,
    deliver: async (webhook) => {
      sent.push(webhook);
    },
  });
  return {
    provider,
    sent,
    advance(ms: number) {
      clock = new Date(clock.getTime() + ms);
    },
    now: () => clock,
  };
}

const checkout = (method: 'card' | 'mobile_money', reference = 'pay_1') => ({
  amountMinor: 125_000,
  currency: 'KES',
  reference,
  returnUrl: 'http://localhost:4321/user/profile/wallet',
  method,
  customer: { email: 'buyer@example.com', phone: '+254700000001' },
});

async function openCheckout(s: ReturnType<typeof setup>, method: 'card' | 'mobile_money', reference?: string) {
  const session = await s.provider.createCheckout(checkout(method, reference));
  if (session.next.kind !== 'redirect') throw new Error('the sandbox redirects');
  const token = session.next.redirectUrl.split('/sandbox-checkout/')[1] ?? '';
  return { session, token };
}

function toInput(webhook: SandboxWebhook, now: Date) {
  return { rawBody: webhook.body, headers: new Headers(webhook.headers), now };
}

describe('sandbox checkout: test numbers produce their documented outcomes', () => {
  it('redirects to a signed session page of this site, by its path (whatever address the browser used)', async () => {
    const s = setup();
    const { session, token } = await openCheckout(s, 'card');
    expect(session.next).toMatchObject({ kind: 'redirect' });
    expect(session.next.kind === 'redirect' && session.next.redirectUrl).toMatch(
      /^\/sandbox-checkout\/cs_[0-9a-f]+\.[0-9a-f]{64}$/,
    );
    const french = await s.provider.createCheckout({ ...checkout('card', 'pay_fr'), locale: 'fr' });
    expect(french.next.kind === 'redirect' && french.next.redirectUrl).toMatch(/^\/fr\/sandbox-checkout\/cs_/);
    expect((await s.provider.openSession(token))?.amountMinor).toBe(125_000);
    // A guessed id or a forged signature opens nothing.
    expect(await s.provider.openSession(`${session.providerReference}.${'0'.repeat(64)}`)).toBeUndefined();
    expect(await s.provider.openSession(session.providerReference)).toBeUndefined();
    expect(
      await s.provider.submit(`${session.providerReference}.${'0'.repeat(64)}`, { number: '4242424242424242' }),
    ).toEqual({ ok: false, reason: 'unknown_session' });
  });

  it.each([
    ['card', '4242 4242 4242 4242', 'succeeded', undefined],
    ['card', '4000 0000 0000 0002', 'failed', 'declined'],
    ['card', '4000000000009995', 'failed', 'insufficient_funds'],
    ['mobile_money', '+254 700 000 001', 'succeeded', undefined],
    ['mobile_money', '+255700000002', 'failed', 'declined'],
    ['mobile_money', '+256700000003', 'failed', 'insufficient_funds'],
  ] as const)('%s %s → %s %s, verified and announced by a signed webhook', async (method, number, status, failure) => {
    const s = setup();
    const { token } = await openCheckout(s, method);
    const result = await s.provider.submit(token, { number });
    expect(result).toMatchObject({ ok: true, status, failure });
    const verified = await s.provider.verifyPayment({
      reference: 'pay_1',
      expected: { amountMinor: 125_000, currency: 'KES' },
    });
    expect(verified).toMatchObject({ status, failure, amountMinor: 125_000, currency: 'KES', mismatches: [] });
    expect(isCreditable(verified)).toBe(status === 'succeeded');
    expect(s.sent).toHaveLength(1);
    const parsed = await s.provider.parseWebhook(toInput(s.sent[0] as SandboxWebhook, s.now()));
    expect(parsed).toMatchObject({ ok: true, event: { kind: 'payment', reference: 'pay_1', status, trust: 'signed' } });
    // A final session takes no second answer.
    expect(await s.provider.submit(token, { number: '4242424242424242' })).toEqual({
      ok: false,
      reason: 'already_final',
    });
  });

  it('asks for the 3-D Secure code on its test card: the right code pays, a wrong one declines', async () => {
    const s = setup();
    const { token } = await openCheckout(s, 'card', 'pay_3ds');
    expect(await s.provider.submit(token, { number: '4000000000003220' })).toMatchObject({
      ok: true,
      status: 'action_required',
      challenge: 'code',
    });
    expect(s.sent).toHaveLength(0);
    expect(await s.provider.submit(token, { code: SANDBOX_CARD_CODE })).toMatchObject({ status: 'succeeded' });

    const other = await openCheckout(s, 'card', 'pay_3ds_wrong');
    await s.provider.submit(other.token, { number: '4000000000003220' });
    expect(await s.provider.submit(other.token, { code: '000000' })).toMatchObject({
      status: 'failed',
      failure: 'declined',
    });
  });

  it('asks for the PIN on its test phone: the right PIN pays, a wrong one fails as wrong_pin', async () => {
    const s = setup();
    const { token } = await openCheckout(s, 'mobile_money', 'pay_pin');
    expect(await s.provider.submit(token, { number: '+250700000004' })).toMatchObject({ challenge: 'pin' });
    expect(await s.provider.submit(token, { code: SANDBOX_PIN })).toMatchObject({ status: 'succeeded' });
    const other = await openCheckout(s, 'mobile_money', 'pay_pin_wrong');
    await s.provider.submit(other.token, { number: '+250700000004' });
    expect(await s.provider.submit(other.token, { code: '9999' })).toMatchObject({ failure: 'wrong_pin' });
  });

  it('refuses a number that is not a test number, and leaves the session open', async () => {
    const s = setup();
    const { token } = await openCheckout(s, 'card');
    expect(await s.provider.submit(token, { number: '5500000000000004' })).toEqual({
      ok: false,
      reason: 'not_a_test_number',
    });
    expect(await s.provider.submit(token, { number: '4242424242424242' })).toMatchObject({ status: 'succeeded' });
  });

  it('cancels on request and expires after its lifetime', async () => {
    const s = setup();
    const { token } = await openCheckout(s, 'card', 'pay_cancel');
    expect(await s.provider.submit(token, { cancel: true })).toMatchObject({ status: 'cancelled' });
    const late = await openCheckout(s, 'card', 'pay_late');
    s.advance(31 * 60 * 1000);
    expect(await s.provider.submit(late.token, { number: '4242424242424242' })).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect((await s.provider.verifyPayment({ reference: 'pay_late', expected: checkout('card') })).status).toBe(
      'cancelled',
    );
  });

  it('refuses a second checkout for one reference and bad amounts', async () => {
    const s = setup();
    await openCheckout(s, 'card');
    await expect(s.provider.createCheckout(checkout('card'))).rejects.toMatchObject({ code: 'rejected' });
    await expect(s.provider.createCheckout({ ...checkout('card', 'x'), amountMinor: 10.5 })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(s.provider.createCheckout({ ...checkout('card', 'y'), amountMinor: 0 })).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('surfaces an amount or currency that differs from the checkout', async () => {
    const s = setup();
    const { token } = await openCheckout(s, 'card');
    await s.provider.submit(token, { number: '4242424242424242' });
    const verified = await s.provider.verifyPayment({
      reference: 'pay_1',
      expected: { amountMinor: 250_000, currency: 'UGX' },
    });
    expect(verified.status).toBe('succeeded');
    expect(verified.mismatches).toEqual([
      { field: 'currency', expected: 'UGX', actual: 'KES' },
      { field: 'amount', expected: '250000', actual: '125000' },
    ]);
    expect(isCreditable(verified)).toBe(false);
    const parsed = await s.provider.parseWebhook({
      ...toInput(s.sent[0] as SandboxWebhook, s.now()),
      expected: () => ({ amountMinor: 100, currency: 'KES' }),
    });
    expect(parsed.ok && parsed.event.mismatches).toEqual([{ field: 'amount', expected: '100', actual: '125000' }]);
  });

  it('does not verify a payment it never saw', async () => {
    const s = setup();
    await expect(
      s.provider.verifyPayment({ reference: 'nope', expected: { amountMinor: 1, currency: 'KES' } }),
    ).rejects.toMatchObject({ code: 'rejected' });
  });
});

describe('sandbox webhooks: signed over timestamp and body', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'payment.succeeded',
    created: Math.floor(T0.getTime() / 1000),
    data: { reference: 'pay_1', id: 'cs_1', amount_minor: 500, currency: 'KES', status: 'succeeded' },
  });

  it('accepts a valid signature', async () => {
    const { provider } = setup();
    const result = await provider.parseWebhook(toInput(signSandboxWebhook(SECRET, body, T0), T0));
    expect(result).toEqual({
      ok: true,
      event: {
        provider: 'sandbox',
        eventId: 'evt_1',
        kind: 'payment',
        reference: 'pay_1',
        providerReference: 'cs_1',
        status: 'succeeded',
        failure: undefined,
        amountMinor: 500,
        currency: 'KES',
        occurredAt: T0,
        trust: 'signed',
        mismatches: [],
      },
    });
  });

  it('refuses a signature made with another secret', async () => {
    const { provider } = setup();
    const forged = signSandboxWebhook('someone-elses-secret-xxxxxx', body, T0);
    expect(await provider.parseWebhook(toInput(forged, T0))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a missing or unreadable signature header', async () => {
    const { provider } = setup();
    const headers = new Headers({ 'content-type': 'application/json' });
    expect(await provider.parseWebhook({ rawBody: body, headers, now: T0 })).toMatchObject({
      reason: 'bad_signature',
    });
    headers.set(SANDBOX_SIGNATURE_HEADER, 'garbage');
    expect(await provider.parseWebhook({ rawBody: body, headers, now: T0 })).toMatchObject({
      reason: 'bad_signature',
    });
  });

  it('refuses a tampered body (the amount raised after signing)', async () => {
    const { provider } = setup();
    const signed = signSandboxWebhook(SECRET, body, T0);
    const tampered = { ...signed, body: signed.body.replace('"amount_minor":500', '"amount_minor":50000') };
    expect(tampered.body).not.toBe(signed.body);
    expect(await provider.parseWebhook(toInput(tampered, T0))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a replayed timestamp: the signature covers it', async () => {
    const { provider } = setup();
    const signed = signSandboxWebhook(SECRET, body, T0);
    const later = Math.floor(T0.getTime() / 1000) + 600;
    const header = (signed.headers[SANDBOX_SIGNATURE_HEADER] ?? '').replace(/t=\d+/, `t=${later}`);
    const moved = { ...signed, headers: { ...signed.headers, [SANDBOX_SIGNATURE_HEADER]: header } };
    expect(await provider.parseWebhook(toInput(moved, new Date(later * 1000)))).toMatchObject({
      reason: 'bad_signature',
    });
  });

  it('refuses an event older than five minutes and accepts one just inside', async () => {
    const { provider } = setup();
    const signed = signSandboxWebhook(SECRET, body, T0);
    const justInside = new Date(T0.getTime() + 5 * 60 * 1000);
    const stale = new Date(T0.getTime() + 5 * 60 * 1000 + 1000);
    expect((await provider.parseWebhook(toInput(signed, justInside))).ok).toBe(true);
    expect(await provider.parseWebhook(toInput(signed, stale))).toEqual({ ok: false, reason: 'stale' });
    // From the future too (a clock far ahead, or a pre-made replay).
    expect(await provider.parseWebhook(toInput(signed, new Date(T0.getTime() - 10 * 60 * 1000)))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses an unknown event type and a malformed body even when signed', async () => {
    const { provider } = setup();
    const unknown = JSON.stringify({ id: 'evt_2', type: 'customer.created', created: 1, data: {} });
    expect(await provider.parseWebhook(toInput(signSandboxWebhook(SECRET, unknown, T0), T0))).toMatchObject({
      reason: 'unknown',
    });
    expect(await provider.parseWebhook(toInput(signSandboxWebhook(SECRET, '{not json', T0), T0))).toMatchObject({
      reason: 'malformed',
    });
  });
});

describe('sandbox payouts', () => {
  it.each([
    [{ phone: '+254700000001' }, 'succeeded', undefined],
    [{ phone: '+254700000002' }, 'failed', 'declined'],
    [{ phone: '+254700000003' }, 'failed', 'insufficient_funds'],
    [{ accountNumber: '0123450001', bankCode: '01' }, 'succeeded', undefined],
    [{ accountNumber: '0123450002', bankCode: '01' }, 'failed', 'declined'],
  ] as const)(
    'to %o: accepted as pending, then %s by webhook and verification',
    async (destination, status, failure) => {
      const s = setup();
      const method = 'phone' in destination ? 'mobile_money' : 'bank';
      const request = { reference: 'po_1', amountMinor: 9_900, currency: 'KES', method, destination } as const;
      expect(await s.provider.createPayout(request)).toMatchObject({ status: 'pending', amountMinor: 9_900 });
      expect(await s.provider.verifyPayout({ reference: 'po_1' })).toMatchObject({ status, failure });
      const parsed = await s.provider.parseWebhook(toInput(s.sent[0] as SandboxWebhook, s.now()));
      expect(parsed).toMatchObject({ ok: true, event: { kind: 'payout', reference: 'po_1', status } });
      // The same reference again is the same payout, not a second one.
      await s.provider.createPayout(request);
      expect(s.sent).toHaveLength(1);
    },
  );
});
