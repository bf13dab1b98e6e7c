import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../tests/fixtures/payments/paystack';
import { recordedFetch } from '../../../tests/fixtures/payments/recorded-fetch';
import { PAYSTACK_SIGNATURE_HEADER, paystackProvider } from './paystack';
import { isCreditable } from './provider';

const sign = (body: string, secret = fixtures.PAYSTACK_TEST_SECRET) =>
  createHmac('sha512', secret).update(body).digest('hex');
const expected = { amountMinor: 2_500_000, currency: 'NGN' };

describe('Paystack checkout and verification (recorded fixtures)', () => {
  it('initializes a transaction with the amount in kobo, the reference and the return URL', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'POST /transaction/initialize': { body: fixtures.initializeResponse },
    });
    const provider = paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl);
    const session = await provider.createCheckout({
      ...expected,
      reference: 'mv_pay_7PZ3K',
      returnUrl: 'https://mavuno.example/deals/12',
      method: 'card',
      customer: { email: 'buyer@example.com' },
    });
    expect(session).toEqual({
      provider: 'paystack',
      reference: 'mv_pay_7PZ3K',
      providerReference: '0peioxfhpn',
      next: { kind: 'redirect', redirectUrl: 'https://checkout.paystack.com/0peioxfhpn' },
    });
    // The pages' CSP lets a payment form go there (src/server/security/content-policy.ts).
    expect(provider.checkoutOrigins).toContain('https://checkout.paystack.com');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.paystack.co/transaction/initialize',
      headers: { authorization: `Bearer ${fixtures.PAYSTACK_TEST_SECRET}`, 'content-type': 'application/json' },
      body: {
        email: 'buyer@example.com',
        amount: '2500000',
        currency: 'NGN',
        reference: 'mv_pay_7PZ3K',
        callback_url: 'https://mavuno.example/deals/12',
        channels: ['card'],
      },
    });
  });

  it('refuses a checkout without an e-mail before calling Paystack', async () => {
    const { fetchImpl, requests } = recordedFetch({});
    const provider = paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl);
    await expect(
      provider.createCheckout({
        ...expected,
        reference: 'r',
        returnUrl: 'https://x.example',
        method: 'card',
        customer: { phone: '+2348000000000' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(requests).toHaveLength(0);
  });

  it('maps a successful verification', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /transaction/verify/mv_pay_7PZ3K': { body: fixtures.verifySuccessResponse },
    });
    const verified = await paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl).verifyPayment({
      reference: 'mv_pay_7PZ3K',
      expected,
    });
    expect(verified).toEqual({
      provider: 'paystack',
      reference: 'mv_pay_7PZ3K',
      providerReference: '4099260516',
      status: 'succeeded',
      amountMinor: 2_500_000,
      currency: 'NGN',
      method: 'card',
      paidAt: new Date('2026-11-25T09:59:12.000Z'),
      mismatches: [],
    });
    expect(isCreditable(verified)).toBe(true);
    expect(requests[0]?.url).toBe('https://api.paystack.co/transaction/verify/mv_pay_7PZ3K');
  });

  it.each([
    [fixtures.verifyInsufficientResponse, 'failed', 'insufficient_funds'],
    [fixtures.verifyAbandonedResponse, 'cancelled', 'cancelled'],
  ])('maps a verification that did not pay', async (body, status, failure) => {
    const { fetchImpl } = recordedFetch({ 'GET /transaction/verify/mv_pay_7PZ3K': { body } });
    const verified = await paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl).verifyPayment({
      reference: 'mv_pay_7PZ3K',
      expected,
    });
    expect(verified).toMatchObject({ status, failure });
    expect(isCreditable(verified)).toBe(false);
  });

  it('surfaces an amount or currency different from the checkout', async () => {
    const { fetchImpl } = recordedFetch({
      'GET /transaction/verify/mv_pay_7PZ3K': { body: fixtures.verifySuccessResponse },
    });
    const verified = await paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl).verifyPayment({
      reference: 'mv_pay_7PZ3K',
      expected: { amountMinor: 3_000_000, currency: 'GHS' },
    });
    expect(verified.status).toBe('succeeded');
    expect(verified.mismatches.map((m) => m.field)).toEqual(['currency', 'amount']);
    expect(isCreditable(verified)).toBe(false);
  });

  it('reports an unknown reference and a server failure as errors, never as a status', async () => {
    const notFound = recordedFetch({
      'GET /transaction/verify/nope': { status: 400, body: fixtures.verifyNotFoundResponse },
    });
    await expect(
      paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, notFound.fetchImpl).verifyPayment({
        reference: 'nope',
        expected,
      }),
    ).rejects.toMatchObject({ provider: 'paystack', code: 'rejected' });
    const down = recordedFetch({ 'GET /transaction/verify/x': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(
      paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, down.fetchImpl).verifyPayment({
        reference: 'x',
        expected,
      }),
    ).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('Paystack webhooks: HMAC-SHA512 of the raw body', () => {
  const provider = paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, recordedFetch({}).fetchImpl);
  const input = (body: string, signature: string | null) => ({
    rawBody: body,
    headers: new Headers(signature === null ? {} : { [PAYSTACK_SIGNATURE_HEADER]: signature }),
  });

  it('accepts a correctly signed charge.success and maps it', async () => {
    const body = fixtures.chargeSuccessWebhookBody;
    const result = await provider.parseWebhook({ ...input(body, sign(body)), expected: () => expected });
    expect(result).toEqual({
      ok: true,
      event: {
        provider: 'paystack',
        eventId: 'charge.success:4099260516:success',
        kind: 'payment',
        reference: 'mv_pay_7PZ3K',
        providerReference: '4099260516',
        status: 'succeeded',
        amountMinor: 2_500_000,
        currency: 'NGN',
        occurredAt: new Date('2026-11-25T09:59:12.000Z'),
        trust: 'signed',
        mismatches: [],
      },
    });
  });

  it('refuses a forged signature, a missing one and a tampered body', async () => {
    const body = fixtures.chargeSuccessWebhookBody;
    expect(await provider.parseWebhook(input(body, sign(body, 'sk_test_not_ours')))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await provider.parseWebhook(input(body, null))).toMatchObject({ reason: 'bad_signature' });
    const tampered = body.replace('"amount":2500000', '"amount":250000000');
    expect(await provider.parseWebhook(input(tampered, sign(body)))).toMatchObject({ reason: 'bad_signature' });
    // Re-serialised JSON is other bytes: the signature is over what was received, not over its meaning.
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(await provider.parseWebhook(input(reformatted, sign(body)))).toMatchObject({ reason: 'bad_signature' });
  });

  it('surfaces a webhook amount different from the checkout', async () => {
    const body = fixtures.chargeSuccessWebhookBody;
    const result = await provider.parseWebhook({
      ...input(body, sign(body)),
      expected: () => ({ amountMinor: 100, currency: 'NGN' }),
    });
    expect(result.ok && result.event.mismatches).toEqual([{ field: 'amount', expected: '100', actual: '2500000' }]);
  });

  it('refuses a signed event it does not handle', async () => {
    const body = JSON.stringify({ event: 'subscription.create', data: { id: 1 } });
    expect(await provider.parseWebhook(input(body, sign(body)))).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('maps a transfer.failed webhook to a failed payout', async () => {
    const body = fixtures.transferFailedWebhookBody;
    const result = await provider.parseWebhook(input(body, sign(body)));
    expect(result).toMatchObject({
      ok: true,
      event: {
        kind: 'payout',
        reference: 'mv_po_Q4X9',
        providerReference: 'TRF_1ptvuv321ahaa7q',
        status: 'failed',
        amountMinor: 990_000,
        currency: 'KES',
        occurredAt: new Date('2026-11-25T10:00:09.000Z'),
      },
    });
  });
});

describe('Paystack payouts (recorded fixtures)', () => {
  it('creates a mobile-money recipient then a transfer, and verifies it', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'POST /transferrecipient': { body: fixtures.transferRecipientResponse },
      'POST /transfer': { body: fixtures.transferResponse },
      'GET /transfer/verify/mv_po_Q4X9': { body: fixtures.transferVerifyResponse },
    });
    const provider = paystackProvider({ secretKey: fixtures.PAYSTACK_TEST_SECRET }, fetchImpl);
    const created = await provider.createPayout({
      reference: 'mv_po_Q4X9',
      amountMinor: 990_000,
      currency: 'KES',
      method: 'mobile_money',
      destination: { phone: '+254700000001' },
      reason: 'Mavuno withdrawal',
    });
    expect(created).toEqual({
      provider: 'paystack',
      reference: 'mv_po_Q4X9',
      providerReference: 'TRF_1ptvuv321ahaa7q',
      status: 'pending',
      amountMinor: 990_000,
      currency: 'KES',
    });
    expect(requests.map((r) => r.body)).toEqual([
      expect.objectContaining({
        type: 'mobile_money',
        account_number: '254700000001',
        bank_code: 'MPESA',
        currency: 'KES',
      }),
      expect.objectContaining({
        source: 'balance',
        amount: 990_000,
        recipient: 'RCP_1a25w1h3n0xctjg',
        reference: 'mv_po_Q4X9',
      }),
    ]);
    expect(await provider.verifyPayout({ reference: 'mv_po_Q4X9' })).toMatchObject({ status: 'succeeded' });
  });
});
