import { describe, expect, it } from 'vitest';
import * as fixtures from '../../../tests/fixtures/payments/mpesa';
import { recordedFetch } from '../../../tests/fixtures/payments/recorded-fetch';
import { darajaTimestamp, mpesaCallbackToken, mpesaPhone, mpesaProvider } from './mpesa';
import { isCreditable } from './provider';

const NOW = new Date('2026-11-25T10:00:00Z');
const config = { ...fixtures.MPESA_TEST_CONFIG, now: () => NOW };
const expected = { amountMinor: 125_000, currency: 'KES' };
const checkout = {
  ...expected,
  reference: 'mv_pay_M1',
  returnUrl: 'https://mavuno.example/deals/9',
  method: 'mobile_money' as const,
  customer: { phone: '+254 708 374 149' },
};
const callbackUrl = (reference: string, token = mpesaCallbackToken(config.callbackSecret, reference)) =>
  new URL(`https://mavuno.example/api-v2/payments/callbacks/mpesa/${reference}/${token}`);

describe('M-Pesa STK push (recorded fixtures)', () => {
  it('builds the STK push: token, password, Nairobi timestamp, whole shillings, callback URL with its token', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/stkpush/v1/processrequest': { body: fixtures.stkPushAccepted },
    });
    const session = await mpesaProvider(config, fetchImpl).createCheckout(checkout);
    expect(session).toEqual({
      provider: 'mpesa',
      reference: 'mv_pay_M1',
      providerReference: 'ws_CO_191220191020363925',
      next: { kind: 'await_customer', message: 'Success. Request accepted for processing' },
    });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
      headers: { authorization: `Basic ${Buffer.from('test-consumer-key:test-consumer-secret').toString('base64')}` },
    });
    expect(darajaTimestamp(NOW)).toBe('20261125130000');
    expect(requests[1]).toMatchObject({
      url: 'https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest',
      headers: { authorization: 'Bearer c9SQxWWhmdVRlyh0zh8gZDTkubVF' },
      body: {
        BusinessShortCode: '174379',
        Password: Buffer.from(`174379${config.passkey}20261125130000`).toString('base64'),
        Timestamp: '20261125130000',
        TransactionType: 'CustomerPayBillOnline',
        Amount: 1250,
        PartyA: '254708374149',
        PartyB: '174379',
        PhoneNumber: '254708374149',
        CallBackURL: callbackUrl('mv_pay_M1').href,
        AccountReference: 'mv_pay_M1',
      },
    });
  });

  it('reuses the access token until it expires', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/stkpush/v1/processrequest': { body: fixtures.stkPushAccepted },
    });
    const provider = mpesaProvider(config, fetchImpl);
    await provider.createCheckout(checkout);
    await provider.createCheckout({ ...checkout, reference: 'mv_pay_M2' });
    expect(requests.filter((r) => r.url.includes('/oauth/'))).toHaveLength(1);
  });

  it('refuses cents, other currencies, cards and non-Kenyan numbers before calling Daraja', async () => {
    const { fetchImpl, requests } = recordedFetch({});
    const provider = mpesaProvider(config, fetchImpl);
    await expect(provider.createCheckout({ ...checkout, amountMinor: 125_050 })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(provider.createCheckout({ ...checkout, currency: 'UGX' })).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(provider.createCheckout({ ...checkout, method: 'card' })).rejects.toMatchObject({
      code: 'unsupported',
    });
    await expect(
      provider.createCheckout({ ...checkout, customer: { phone: '+256 772 000 000' } }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    expect(requests).toHaveLength(0);
    expect(mpesaPhone('0712 345 678')).toBe('254712345678');
    expect(mpesaPhone('+254 110 000 000')).toBe('254110000000');
  });

  it('reports a refused push as an error', async () => {
    const { fetchImpl } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/stkpush/v1/processrequest': { status: 400, body: fixtures.stkPushRejected },
    });
    await expect(mpesaProvider(config, fetchImpl).createCheckout(checkout)).rejects.toMatchObject({
      code: 'rejected',
      message: 'mpesa: Bad Request - Invalid PhoneNumber',
    });
  });

  it.each([
    [200, fixtures.stkQueryPaid, 'succeeded', undefined],
    [200, fixtures.stkQueryCancelled, 'cancelled', 'cancelled'],
    [500, fixtures.stkQueryProcessing, 'pending', undefined],
  ] as const)('maps the STK query answer (%i) to %s', async (status, body, expectedStatus, failure) => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/stkpushquery/v1/query': { status, body },
    });
    const verified = await mpesaProvider(config, fetchImpl).verifyPayment({
      reference: 'mv_pay_M1',
      providerReference: 'ws_CO_191220191020363925',
      expected,
    });
    expect(verified.failure).toBe(failure);
    expect(verified).toMatchObject({
      status: expectedStatus,
      amountMinor: null,
      currency: 'KES',
      mismatches: [],
    });
    expect(isCreditable(verified)).toBe(expectedStatus === 'succeeded');
    expect(requests[1]?.body).toMatchObject({
      BusinessShortCode: '174379',
      CheckoutRequestID: 'ws_CO_191220191020363925',
    });
  });

  it('surfaces a checkout that expected another currency', async () => {
    const { fetchImpl } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/stkpushquery/v1/query': { body: fixtures.stkQueryPaid },
    });
    const verified = await mpesaProvider(config, fetchImpl).verifyPayment({
      reference: 'mv_pay_M1',
      providerReference: 'ws_CO_191220191020363925',
      expected: { amountMinor: 125_000, currency: 'TZS' },
    });
    expect(verified.mismatches).toEqual([{ field: 'currency', expected: 'TZS', actual: 'KES' }]);
    expect(isCreditable(verified)).toBe(false);
  });
});

describe('M-Pesa callbacks: unsigned, so a per-callback token in the URL, and only a hint', () => {
  const provider = mpesaProvider(config, recordedFetch({}).fetchImpl);

  it('reads a paid STK callback reaching its own URL, as a hint', async () => {
    const result = await provider.parseWebhook({
      rawBody: fixtures.stkCallbackPaid,
      headers: new Headers(),
      url: callbackUrl('mv_pay_M1'),
      expected: () => expected,
    });
    expect(result).toEqual({
      ok: true,
      event: {
        provider: 'mpesa',
        eventId: 'stk:ws_CO_191220191020363925',
        kind: 'payment',
        reference: 'mv_pay_M1',
        providerReference: 'ws_CO_191220191020363925',
        status: 'succeeded',
        amountMinor: 125_000,
        currency: 'KES',
        occurredAt: new Date('2026-11-25T10:00:42Z'),
        trust: 'hint',
        mismatches: [],
      },
    });
  });

  it('refuses a callback with a wrong or missing token, or the token of another payment', async () => {
    for (const url of [
      callbackUrl('mv_pay_M1', '0'.repeat(64)),
      new URL('https://mavuno.example/api-v2/payments/callbacks/mpesa/mv_pay_M1'),
      callbackUrl('mv_pay_M1', mpesaCallbackToken(config.callbackSecret, 'mv_pay_OTHER')),
      undefined,
    ])
      expect(
        await provider.parseWebhook({ rawBody: fixtures.stkCallbackPaid, headers: new Headers(), url }),
      ).toMatchObject({
        ok: false,
        reason: 'bad_signature',
      });
  });

  it('maps a failed callback and surfaces a paid amount that differs', async () => {
    const failed = await provider.parseWebhook({
      rawBody: fixtures.stkCallbackInsufficient,
      headers: new Headers(),
      url: callbackUrl('mv_pay_M1'),
    });
    expect(failed).toMatchObject({
      ok: true,
      event: { status: 'failed', failure: 'insufficient_funds', amountMinor: null },
    });
    const differs = await provider.parseWebhook({
      rawBody: fixtures.stkCallbackPaid,
      headers: new Headers(),
      url: callbackUrl('mv_pay_M1'),
      expected: () => ({ amountMinor: 500_000, currency: 'KES' }),
    });
    expect(differs.ok && differs.event.mismatches).toEqual([{ field: 'amount', expected: '500000', actual: '125000' }]);
  });

  it('refuses a malformed or unknown body even at a valid URL', async () => {
    const url = callbackUrl('mv_pay_M1');
    expect(await provider.parseWebhook({ rawBody: '{', headers: new Headers(), url })).toMatchObject({
      reason: 'malformed',
    });
    expect(await provider.parseWebhook({ rawBody: '{"Hello":1}', headers: new Headers(), url })).toMatchObject({
      reason: 'unknown',
    });
  });
});

describe('M-Pesa B2C payouts (recorded fixtures)', () => {
  it('builds the B2C request and reads its result callback', async () => {
    const { fetchImpl, requests } = recordedFetch({
      'GET /oauth/v1/generate': { body: fixtures.oauthResponse },
      'POST /mpesa/b2c/v3/paymentrequest': { body: fixtures.b2cAccepted },
    });
    const provider = mpesaProvider(config, fetchImpl);
    const payout = await provider.createPayout({
      reference: 'mv_po_K2',
      amountMinor: 50_000,
      currency: 'KES',
      method: 'mobile_money',
      destination: { phone: '+254708374149' },
    });
    expect(payout).toEqual({
      provider: 'mpesa',
      reference: 'mv_po_K2',
      providerReference: 'AG_20191219_00005797af5d7d75f652',
      status: 'pending',
      amountMinor: 50_000,
      currency: 'KES',
    });
    expect(requests[1]?.body).toMatchObject({
      OriginatorConversationID: 'mv_po_K2',
      InitiatorName: 'testapi',
      CommandID: 'BusinessPayment',
      Amount: 500,
      PartyA: '174379',
      PartyB: '254708374149',
      ResultURL: callbackUrl('mv_po_K2').href,
    });
    const result = await provider.parseWebhook({
      rawBody: fixtures.b2cResultPaid,
      headers: new Headers(),
      url: callbackUrl('mv_po_K2'),
    });
    expect(result).toMatchObject({
      ok: true,
      event: {
        kind: 'payout',
        eventId: 'b2c:AG_20191219_00005797af5d7d75f652',
        status: 'succeeded',
        amountMinor: 50_000,
        providerReference: 'NLJ41HAY6Q',
        occurredAt: new Date('2026-11-25T10:05:10Z'),
        trust: 'hint',
      },
    });
  });

  it('refuses bank payouts and payouts without B2C credentials', async () => {
    const { fetchImpl } = recordedFetch({});
    const request = {
      reference: 'r',
      amountMinor: 100,
      currency: 'KES',
      method: 'bank' as const,
      destination: { accountNumber: '1', bankCode: '2' },
    };
    await expect(mpesaProvider(config, fetchImpl).createPayout(request)).rejects.toMatchObject({ code: 'unsupported' });
    const noB2c = { ...config, initiatorName: undefined, securityCredential: undefined };
    await expect(
      mpesaProvider(noB2c, fetchImpl).createPayout({
        ...request,
        method: 'mobile_money',
        destination: { phone: '+254708374149' },
      }),
    ).rejects.toMatchObject({ code: 'unsupported' });
  });
});
