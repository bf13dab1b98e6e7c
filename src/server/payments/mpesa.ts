import { providerJson } from './http';
import {
  type CheckoutRequest,
  type CheckoutSession,
  compareMoney,
  constantTimeEqual,
  type FailureReason,
  fromMajor,
  hmacHex,
  type PaymentProvider,
  type PaymentStatus,
  type PayoutRequest,
  type PayoutResult,
  ProviderError,
  type WebhookInput,
  type WebhookResult,
} from './provider';

/**
 * M-Pesa Daraja (https://developer.safaricom.co.ke): Lipa na M-Pesa Online (STK push: the customer approves the
 * payment on the phone with the M-Pesa PIN) and B2C payouts, in Kenyan shillings. A thin typed `fetch` client.
 *
 * Daraja's callbacks are not signed. Each callback URL therefore carries a secret token made for its payment
 * (`…/{reference}/{token}`, HMAC-SHA256 of the reference with `callbackSecret`), checked in constant time; and even
 * an authentic callback is only a hint — `verifyPayment` asks Daraja (STK push query) before money moves.
 */
export interface MpesaConfig {
  consumerKey: string;
  consumerSecret: string;
  /** The paybill or till number receiving payments (BusinessShortCode, PartyB). */
  shortcode: string;
  passkey: string;
  environment: 'sandbox' | 'production';
  /** The public URL callbacks go under, e.g. https://mavuno.example/api-v2/payments/callbacks/mpesa. */
  callbackBaseUrl: string;
  /** Makes the per-callback tokens. */
  callbackSecret: string;
  /** B2C payouts: the initiator's name and its security credential (encrypted with Safaricom's certificate). */
  initiatorName?: string;
  securityCredential?: string;
  now?: () => Date;
}

export const MPESA_HOSTS = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
} as const;

/** Daraja's result codes for an STK push (its documentation's list), as our statuses. */
export function mpesaResult(code: number): { status: PaymentStatus; failure?: FailureReason } {
  switch (code) {
    case 0:
      return { status: 'succeeded' };
    case 1:
      return { status: 'failed', failure: 'insufficient_funds' };
    case 1032:
      return { status: 'cancelled', failure: 'cancelled' };
    case 1037:
    case 1019:
      return { status: 'failed', failure: 'timeout' };
    case 2001:
      return { status: 'failed', failure: 'wrong_pin' };
    default:
      return { status: 'failed', failure: 'other' };
  }
}

/** Daraja's timestamps are Nairobi wall-clock time (UTC+3, no daylight saving): YYYYMMDDHHmmss. */
export function darajaTimestamp(at: Date): string {
  const nairobi = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  return nairobi.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** A Daraja answer that is not a success: the provider down (5xx) or the request refused, with Daraja's words. */
function darajaRefusal(status: number, body: { errorMessage?: string; ResponseDescription?: string }): ProviderError {
  return new ProviderError(
    'mpesa',
    status >= 500 ? 'unavailable' : 'rejected',
    body.errorMessage ?? body.ResponseDescription ?? `answered ${status}`,
  );
}

function fromDarajaTimestamp(value: unknown): Date | undefined {
  const text = String(value ?? '');
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return undefined;
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+03:00`);
}

/** +254 712 345 678, 0712345678 or 254712345678 → 254712345678 (the form Daraja takes), or undefined. */
export function mpesaPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.startsWith('254') ? digits.slice(3) : digits.startsWith('0') ? digits.slice(1) : digits;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : undefined;
}

export function mpesaCallbackToken(secret: string, reference: string): string {
  return hmacHex('sha256', secret, `mpesa-callback:${reference}`);
}

interface StkCallback {
  MerchantRequestID?: string;
  CheckoutRequestID?: string;
  ResultCode?: number | string;
  ResultDesc?: string;
  CallbackMetadata?: { Item?: { Name: string; Value?: string | number }[] };
}

interface B2cResult {
  ResultType?: number;
  ResultCode?: number | string;
  ResultDesc?: string;
  OriginatorConversationID?: string;
  ConversationID?: string;
  TransactionID?: string;
  ResultParameters?: { ResultParameter?: { Key: string; Value?: string | number }[] };
}

export function mpesaProvider(config: MpesaConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const host = MPESA_HOSTS[config.environment];
  const now = config.now ?? (() => new Date());
  const callbackBase = config.callbackBaseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const { status, body } = await providerJson<{ access_token?: string; expires_in?: string | number }>(
      'mpesa',
      fetchImpl,
      `${host}/oauth/v1/generate?grant_type=client_credentials`,
      { method: 'GET', headers: { Authorization: `Basic ${basic}` } },
    );
    if (status !== 200 || !body.access_token)
      throw new ProviderError('mpesa', 'rejected', `the OAuth request answered ${status}`);
    // A minute's margin before Daraja's expiry (3599 s).
    const seconds = Number(body.expires_in ?? 3599);
    token = { value: body.access_token, expiresAt: now().getTime() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  async function post<T>(path: string, body: unknown) {
    return providerJson<T>('mpesa', fetchImpl, `${host}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}` },
      body,
    });
  }

  function password(timestamp: string) {
    return Buffer.from(`${config.shortcode}${config.passkey}${timestamp}`).toString('base64');
  }

  function callbackUrl(reference: string) {
    return `${callbackBase}/${encodeURIComponent(reference)}/${mpesaCallbackToken(config.callbackSecret, reference)}`;
  }

  function wholeShillings(amountMinor: number, currency: string): number {
    if (currency !== 'KES') throw new ProviderError('mpesa', 'unsupported', `M-Pesa takes only KES, not ${currency}`);
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor % 100 !== 0)
      throw new ProviderError('mpesa', 'invalid_request', 'M-Pesa takes whole shillings only');
    return amountMinor / 100;
  }

  return {
    id: 'mpesa',
    methods: ['mobile_money'],
    mobileMoneyNetworks: { KE: ['mpesa'] },

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (request.method !== 'mobile_money')
        throw new ProviderError('mpesa', 'unsupported', 'M-Pesa takes mobile money only');
      const amount = wholeShillings(request.amountMinor, request.currency);
      const phone = mpesaPhone(request.customer.phone ?? '');
      if (!phone) throw new ProviderError('mpesa', 'invalid_request', 'a Kenyan mobile number is needed');
      const timestamp = darajaTimestamp(now());
      const { status, body } = await post<{
        MerchantRequestID?: string;
        CheckoutRequestID?: string;
        ResponseCode?: string;
        ResponseDescription?: string;
        CustomerMessage?: string;
        errorMessage?: string;
      }>('/mpesa/stkpush/v1/processrequest', {
        BusinessShortCode: config.shortcode,
        Password: password(timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: amount,
        PartyA: phone,
        PartyB: config.shortcode,
        PhoneNumber: phone,
        CallBackURL: callbackUrl(request.reference),
        // Daraja's limits: 12 and 13 characters.
        AccountReference: request.reference.slice(0, 12),
        TransactionDesc: (request.description ?? 'Mavuno').slice(0, 13),
      });
      if (status !== 200 || body.ResponseCode !== '0' || !body.CheckoutRequestID) throw darajaRefusal(status, body);
      return {
        provider: 'mpesa',
        reference: request.reference,
        providerReference: body.CheckoutRequestID,
        next: { kind: 'await_customer', message: body.CustomerMessage ?? 'Approve the payment on your phone' },
      };
    },

    async verifyPayment({ reference, providerReference, expected }) {
      if (!providerReference)
        throw new ProviderError('mpesa', 'invalid_request', 'the CheckoutRequestID is needed to query a payment');
      const timestamp = darajaTimestamp(now());
      const { status, body } = await post<{
        ResponseCode?: string;
        ResultCode?: string | number;
        ResultDesc?: string;
        CheckoutRequestID?: string;
        errorCode?: string;
        errorMessage?: string;
      }>('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: config.shortcode,
        Password: password(timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: providerReference,
      });
      let state: { status: PaymentStatus; failure?: FailureReason };
      // While the customer has not answered, Daraja replies 500 with "The transaction is being processed".
      if (body.errorCode === '500.001.1001') state = { status: 'pending' };
      else if (status === 200 && body.ResponseCode === '0' && body.ResultCode !== undefined) {
        if (body.CheckoutRequestID !== providerReference)
          throw new ProviderError('mpesa', 'bad_response', 'the query answered for another request');
        state = mpesaResult(Number(body.ResultCode));
      } else throw darajaRefusal(status, body);
      // The query does not report the amount: the STK push fixed it (the customer cannot change it).
      const actual = { amountMinor: null, currency: 'KES' };
      return {
        provider: 'mpesa',
        reference,
        providerReference,
        ...state,
        ...actual,
        method: 'mobile_money',
        mismatches: compareMoney(expected, actual),
      };
    },

    async parseWebhook(input: WebhookInput): Promise<WebhookResult> {
      const segments = (input.url?.pathname ?? '').split('/').filter(Boolean);
      const tokenInUrl = segments.at(-1) ?? '';
      const reference = decodeURIComponent(segments.at(-2) ?? '');
      if (!reference || !constantTimeEqual(tokenInUrl, mpesaCallbackToken(config.callbackSecret, reference)))
        return { ok: false, reason: 'bad_signature', detail: 'no valid callback token in the URL' };
      let payload: { Body?: { stkCallback?: StkCallback }; Result?: B2cResult };
      try {
        payload = JSON.parse(input.rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const expected = await input.expected?.(reference);
      const stk = payload.Body?.stkCallback;
      if (stk) {
        if (!stk.CheckoutRequestID || stk.ResultCode === undefined) return { ok: false, reason: 'malformed' };
        const items = new Map((stk.CallbackMetadata?.Item ?? []).map((item) => [item.Name, item.Value]));
        const paid = items.get('Amount');
        const actual = { amountMinor: paid === undefined ? null : fromMajor(paid, 'KES'), currency: 'KES' };
        return {
          ok: true,
          event: {
            provider: 'mpesa',
            eventId: `stk:${stk.CheckoutRequestID}`,
            kind: 'payment',
            reference,
            providerReference: stk.CheckoutRequestID,
            ...mpesaResult(Number(stk.ResultCode)),
            ...actual,
            occurredAt: fromDarajaTimestamp(items.get('TransactionDate')) ?? input.now ?? now(),
            trust: 'hint',
            mismatches: compareMoney(expected, actual),
          },
        };
      }
      const result = payload.Result;
      if (result) {
        if (!result.ConversationID || result.ResultCode === undefined) return { ok: false, reason: 'malformed' };
        const parameters = new Map((result.ResultParameters?.ResultParameter ?? []).map((p) => [p.Key, p.Value]));
        const paid = parameters.get('TransactionAmount');
        const actual = { amountMinor: paid === undefined ? null : fromMajor(paid, 'KES'), currency: 'KES' };
        const code = Number(result.ResultCode);
        return {
          ok: true,
          event: {
            provider: 'mpesa',
            eventId: `b2c:${result.ConversationID}`,
            kind: 'payout',
            reference,
            providerReference: result.TransactionID || result.ConversationID,
            ...(code === 0
              ? { status: 'succeeded' as const }
              : { status: 'failed' as const, failure: b2cFailure(code) }),
            ...actual,
            occurredAt: fromB2cDate(parameters.get('TransactionCompletedDateTime')) ?? input.now ?? now(),
            trust: 'hint',
            mismatches: compareMoney(expected, actual),
          },
        };
      }
      return { ok: false, reason: 'unknown' };
    },

    async createPayout(request: PayoutRequest): Promise<PayoutResult> {
      if (!config.initiatorName || !config.securityCredential)
        throw new ProviderError(
          'mpesa',
          'unsupported',
          'B2C payouts need MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL',
        );
      if (!('phone' in request.destination))
        throw new ProviderError('mpesa', 'unsupported', 'M-Pesa pays out to phones only');
      const amount = wholeShillings(request.amountMinor, request.currency);
      const phone = mpesaPhone(request.destination.phone);
      if (!phone) throw new ProviderError('mpesa', 'invalid_request', 'a Kenyan mobile number is needed');
      const url = callbackUrl(request.reference);
      const { status, body } = await post<{
        ConversationID?: string;
        OriginatorConversationID?: string;
        ResponseCode?: string;
        ResponseDescription?: string;
        errorMessage?: string;
      }>('/mpesa/b2c/v3/paymentrequest', {
        OriginatorConversationID: request.reference,
        InitiatorName: config.initiatorName,
        SecurityCredential: config.securityCredential,
        CommandID: 'BusinessPayment',
        Amount: amount,
        PartyA: config.shortcode,
        PartyB: phone,
        Remarks: (request.reason ?? 'Mavuno payout').slice(0, 100),
        QueueTimeOutURL: url,
        ResultURL: url,
        Occasion: request.reference,
      });
      if (status !== 200 || body.ResponseCode !== '0') throw darajaRefusal(status, body);
      return {
        provider: 'mpesa',
        reference: request.reference,
        providerReference: body.ConversationID,
        status: 'pending',
        amountMinor: request.amountMinor,
        currency: 'KES',
      };
    },

    async verifyPayout() {
      // Daraja answers a transaction-status query only later, on a result URL: there is no synchronous answer.
      throw new ProviderError(
        'mpesa',
        'unsupported',
        'M-Pesa reports a payout only by its result callback (docs/payments.md "M-Pesa payouts")',
      );
    },
  };
}

function b2cFailure(code: number): FailureReason {
  // 2001: the initiator's credentials; 1: the paying account's balance; 2040/2007: the receiver cannot be paid.
  if (code === 1) return 'insufficient_funds';
  if (code === 2040 || code === 2007 || code === 8006) return 'declined';
  return 'other';
}

/** B2C results date like "19.12.2019 11:45:50" (Nairobi time). */
function fromB2cDate(value: unknown): Date | undefined {
  const m = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(String(value ?? ''));
  return m ? new Date(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+03:00`) : undefined;
}
