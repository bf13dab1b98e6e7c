import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../tests/fixtures/payments/flutterwave';
import { recordedFetch } from '../../../tests/fixtures/payments/recorded-fetch';
import { FLUTTERWAVE_HASH_HEADER, flutterwaveProvider } from './flutterwave';
import { isCreditable } from './provider';

const expected = { amountMinor: 15_000, currency: 'XOF' };

describe('Flutterwave checkout and verification (recorded fixtures)', () => {
  it('creates a hosted mobile-money checkout in major units with the network option of the currency', async () => {
    const { fetchImpl, requests } = recordedFetch({ 'POST /v3/payments': { body: fixtures.paymentLinkResponse } });
    const provider = flutterwaveProvider(fixtures.FLW_TEST_CONFIG, fetchImpl);
    const session = await provider.createCheckout({
      ...expected,
      reference: 'mv_pay_F1',
      returnUrl: 'https://mavuno.example/deals/4',
      method: 'mobile_money',
      customer: { email: 'buyer@example.com', phone: '+221770000001', name: 'Awa Diop' },
    });
    expect(session.next).toEqual({
      kind: 'redirect',
      redirectUrl: 'https://checkout.flutterwave.com/v3/hosted/pay/f524c1196ffda5556341',
    });
    // The pages' CSP lets a payment form go there (src/server/security/content-policy.ts).
    expect(provider.checkoutOrigins).toContain('https://checkout.flutterwave.com');
    expect(requests[0]).toMatchObject({
      url: 'https://api.flutterwave.com/v3/payments',
      headers: { authorization: `Bearer ${fixtures.FLW_TEST_CONFIG.secretKey}` },
      body: {
        tx_ref: 'mv_pay_F1',
        amount: '15000',
        currency: 'XOF',
        redirect_url: 'https://mavuno.example/deals/4',
        payment_options: 'mobilemoneyfranco',
      },
    });
  });

  it('sends cents as a decimal amount and refuses mobile money where it has none', async () => {
    const { fetchImpl, requests } = recordedFetch({ 'POST /v3/payments': { body: fixtures.paymentLinkResponse } });
    const provider = flutterwaveProvider(fixtures.FLW_TEST_CONFIG, fetchImpl);
    const base = { reference: 'r', returnUrl: 'https://x.example', customer: { email: 'a@example.com' } };
    await provider.createCheckout({ ...base, amountMinor: 125_050, currency: 'KES', method: 'card' });
    expect(requests[0]?.body).toMatchObject({ amount: '1250.50', payment_options: 'card' });
    await expect(
      provider.createCheckout({ ...base, amountMinor: 100, currency: 'EUR', method: 'mobile_money' }),
    ).rejects.toMatchObject({ code: 'unsupported' });
  });

  it('maps a successful verification by reference', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /v3/transactions/verify_by_reference': { body: fixtures.verifySuccessfulResponse },
    });
    const verified = await flutterwaveProvider(fixtures.FLW_TEST_CONFIG, fetchImpl).verifyPayment({
      reference: 'mv_pay_F1',
      expected,
    });
    expect(verified).toMatchObject({
      status: 'succeeded',
      providerReference: '4975363',
      amountMinor: 15_000,
      currency: 'XOF',
      method: 'mobile_money',
      mismatches: [],
    });
    expect(isCreditable(verified)).toBe(true);
    expect(requests[0]?.url).toBe('https://api.flutterwave.com/v3/transactions/verify_by_reference?tx_ref=mv_pay_F1');
  });

  it('maps a failed verification and surfaces a different amount', async () => {
    const failed = recordedFetch({
      'GET /v3/transactions/verify_by_reference': { body: fixtures.verifyFailedResponse },
    });
    expect(
      await flutterwaveProvider(fixtures.FLW_TEST_CONFIG, failed.fetchImpl).verifyPayment({
        reference: 'mv_pay_F1',
        expected,
      }),
    ).toMatchObject({ status: 'failed', failure: 'insufficient_funds' });
    const paid = recordedFetch({
      'GET /v3/transactions/verify_by_reference': { body: fixtures.verifySuccessfulResponse },
    });
    const verified = await flutterwaveProvider(fixtures.FLW_TEST_CONFIG, paid.fetchImpl).verifyPayment({
      reference: 'mv_pay_F1',
      expected: { amountMinor: 20_000, currency: 'XOF' },
    });
    expect(verified.mismatches).toEqual([{ field: 'amount', expected: '20000', actual: '15000' }]);
    expect(isCreditable(verified)).toBe(false);
  });
});

describe('Flutterwave webhooks: the secret hash in verif-hash', () => {
  const provider = flutterwaveProvider(fixtures.FLW_TEST_CONFIG, recordedFetch({}).fetchImpl);
  const input = (hash: string | null, body = fixtures.chargeCompletedWebhookBody) => ({
    rawBody: body,
    headers: new Headers(hash === null ? {} : { [FLUTTERWAVE_HASH_HEADER]: hash }),
  });

  it('accepts the right hash and maps charge.completed', async () => {
    expect(
      await provider.parseWebhook({ ...input(fixtures.FLW_TEST_CONFIG.webhookHash), expected: () => expected }),
    ).toEqual({
      ok: true,
      event: {
        provider: 'flutterwave',
        eventId: 'charge.completed:4975363:successful',
        kind: 'payment',
        reference: 'mv_pay_F1',
        providerReference: '4975363',
        status: 'succeeded',
        amountMinor: 15_000,
        currency: 'XOF',
        occurredAt: new Date('2026-11-25T09:58:02.000Z'),
        trust: 'signed',
        mismatches: [],
      },
    });
  });

  it('refuses a wrong or missing hash', async () => {
    expect(await provider.parseWebhook(input('guessed'))).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await provider.parseWebhook(input(null))).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('surfaces a currency different from the checkout', async () => {
    const result = await provider.parseWebhook({
      ...input(fixtures.FLW_TEST_CONFIG.webhookHash),
      expected: () => ({ amountMinor: 15_000, currency: 'XAF' }),
    });
    expect(result.ok && result.event.mismatches).toEqual([{ field: 'currency', expected: 'XAF', actual: 'XOF' }]);
  });

  it('refuses an event it does not handle', async () => {
    const body = JSON.stringify({ event: 'subscription.cancelled', data: {} });
    expect(await provider.parseWebhook(input(fixtures.FLW_TEST_CONFIG.webhookHash, body))).toMatchObject({
      reason: 'unknown',
    });
  });
});

describe('Flutterwave payouts (recorded fixtures)', () => {
  it('queues a mobile-money transfer and verifies it by id', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'POST /v3/transfers': { body: fixtures.transferQueuedResponse },
      'GET /v3/transfers/396456': { body: fixtures.transferSuccessfulResponse },
    });
    const provider = flutterwaveProvider(fixtures.FLW_TEST_CONFIG, fetchImpl);
    const queued = await provider.createPayout({
      reference: 'mv_po_U7',
      amountMinor: 350_000,
      currency: 'UGX',
      method: 'mobile_money',
      destination: { phone: '+256772000001' },
      reason: 'Mavuno withdrawal',
    });
    expect(queued).toEqual({
      provider: 'flutterwave',
      reference: 'mv_po_U7',
      providerReference: '396456',
      status: 'pending',
      amountMinor: 350_000,
      currency: 'UGX',
    });
    expect(requests[0]?.body).toMatchObject({
      account_bank: 'MPS',
      account_number: '256772000001',
      amount: '350000',
      currency: 'UGX',
      reference: 'mv_po_U7',
    });
    expect(await provider.verifyPayout({ reference: 'mv_po_U7', providerReference: '396456' })).toMatchObject({
      status: 'succeeded',
    });
  });
});
