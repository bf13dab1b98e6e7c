import { providerJson } from './http';
import {
  type CheckoutRequest,
  type CheckoutSession,
  compareMoney,
  constantTimeEqual,
  type FailureReason,
  hmacHex,
  type PaymentProvider,
  type PaymentStatus,
  type PaymentVerification,
  type PayoutRequest,
  type PayoutResult,
  ProviderError,
  type WebhookInput,
  type WebhookResult,
} from './provider';

/**
 * Paystack (https://paystack.com/docs/api/): cards (and mobile money in Ghana and Kenya) through its hosted
 * checkout. A thin typed `fetch` client: amounts are already in the currency's subunit (kobo, pesewas, cents),
 * the secret key authenticates every call and signs webhooks (HMAC-SHA512 of the raw body in
 * `x-paystack-signature`). Paystack does not timestamp its webhooks, so no staleness check applies: replays are
 * stopped by processing each event id once, and money moves only after `verifyPayment` asks Paystack again.
 */
export interface PaystackConfig {
  secretKey: string;
  baseUrl?: string;
}

interface PaystackEnvelope<T> {
  status: boolean;
  message: string;
  data?: T;
}

export interface PaystackTransaction {
  id: number;
  status: 'success' | 'failed' | 'abandoned' | 'reversed' | 'pending' | 'ongoing' | 'processing' | 'queued';
  reference: string;
  amount: number;
  currency: string;
  channel?: string;
  gateway_response?: string;
  paid_at?: string | null;
  created_at?: string;
}

export interface PaystackTransfer {
  id?: number;
  transfer_code: string;
  reference: string;
  amount: number;
  currency: string;
  status: 'pending' | 'success' | 'failed' | 'reversed' | 'otp' | 'abandoned' | 'blocked' | 'rejected' | 'received';
  reason?: string;
}

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

export function paystackTransactionStatus(transaction: Pick<PaystackTransaction, 'status' | 'gateway_response'>): {
  status: PaymentStatus;
  failure?: FailureReason;
} {
  switch (transaction.status) {
    case 'success':
      return { status: 'succeeded' };
    case 'failed':
      return {
        status: 'failed',
        failure: /insufficient/i.test(transaction.gateway_response ?? '') ? 'insufficient_funds' : 'declined',
      };
    case 'abandoned':
      return { status: 'cancelled', failure: 'cancelled' };
    case 'reversed':
      return { status: 'failed', failure: 'other' };
    default:
      return { status: 'pending' };
  }
}

function transferStatus(status: PaystackTransfer['status']): { status: PaymentStatus; failure?: FailureReason } {
  if (status === 'success') return { status: 'succeeded' };
  if (status === 'failed' || status === 'rejected' || status === 'blocked')
    return { status: 'failed', failure: 'declined' };
  if (status === 'reversed') return { status: 'failed', failure: 'other' };
  if (status === 'abandoned') return { status: 'cancelled', failure: 'cancelled' };
  return { status: 'pending' };
}

/** Paystack announces only successful charges; a failed or abandoned one is learnt by verifying. */
const PAYMENT_EVENTS = new Set(['charge.success']);
const PAYOUT_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

export function paystackProvider(config: PaystackConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const base = (config.baseUrl ?? 'https://api.paystack.co').replace(/\/+$/, '');
  const headers = { Authorization: `Bearer ${config.secretKey}` };

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { status, body: envelope } = await providerJson<PaystackEnvelope<T>>(
      'paystack',
      fetchImpl,
      `${base}${path}`,
      {
        method,
        headers,
        body,
      },
    );
    if (status >= 500) throw new ProviderError('paystack', 'unavailable', `answered ${status}`);
    if (!envelope.status || !envelope.data)
      throw new ProviderError('paystack', 'rejected', envelope.message || `answered ${status}`);
    return envelope.data;
  }

  return {
    id: 'paystack',
    methods: ['card', 'mobile_money'],
    // Where `authorization_url` points.
    checkoutOrigins: ['https://checkout.paystack.com'],
    // Its mobile money: MTN in Ghana (its other Ghanaian networks are not named here), M-Pesa and Airtel in Kenya.
    mobileMoneyNetworks: { GH: ['mtn_momo'], KE: ['mpesa', 'airtel_money'] },

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!request.customer.email)
        throw new ProviderError('paystack', 'invalid_request', 'Paystack needs the customer e-mail address');
      const data = await call<{ authorization_url: string; access_code: string; reference: string }>(
        'POST',
        '/transaction/initialize',
        {
          email: request.customer.email,
          amount: String(request.amountMinor),
          currency: request.currency,
          reference: request.reference,
          callback_url: request.returnUrl,
          channels: [request.method === 'card' ? 'card' : 'mobile_money'],
          metadata: { reference: request.reference, description: request.description },
        },
      );
      if (data.reference !== request.reference)
        throw new ProviderError('paystack', 'bad_response', 'the checkout came back with another reference');
      return {
        provider: 'paystack',
        reference: data.reference,
        providerReference: data.access_code,
        next: { kind: 'redirect', redirectUrl: data.authorization_url },
      };
    },

    async verifyPayment({ reference, expected }): Promise<PaymentVerification> {
      const data = await call<PaystackTransaction>('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      if (data.reference !== reference)
        throw new ProviderError('paystack', 'bad_response', 'the verification names another reference');
      const actual = { amountMinor: data.amount, currency: data.currency };
      return {
        provider: 'paystack',
        reference,
        providerReference: String(data.id),
        ...paystackTransactionStatus(data),
        ...actual,
        method: data.channel === 'card' ? 'card' : data.channel === 'mobile_money' ? 'mobile_money' : undefined,
        paidAt: data.paid_at ? new Date(data.paid_at) : undefined,
        mismatches: compareMoney(expected, actual),
      };
    },

    async parseWebhook(input: WebhookInput): Promise<WebhookResult> {
      const signature = input.headers.get(PAYSTACK_SIGNATURE_HEADER);
      if (!signature) return { ok: false, reason: 'bad_signature', detail: 'no x-paystack-signature header' };
      // Checked over the exact bytes received, before anything in the body is read.
      if (!constantTimeEqual(signature.toLowerCase(), hmacHex('sha512', config.secretKey, input.rawBody)))
        return { ok: false, reason: 'bad_signature' };
      let payload: { event?: unknown; data?: Partial<PaystackTransaction & PaystackTransfer> };
      try {
        payload = JSON.parse(input.rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const type = typeof payload.event === 'string' ? payload.event : '';
      const kind = PAYMENT_EVENTS.has(type) ? 'payment' : PAYOUT_EVENTS.has(type) ? 'payout' : undefined;
      if (!kind) return { ok: false, reason: 'unknown', detail: `event ${type || 'without a name'}` };
      const data = payload.data;
      if (
        !data ||
        typeof data.reference !== 'string' ||
        typeof data.amount !== 'number' ||
        typeof data.currency !== 'string' ||
        typeof data.status !== 'string'
      )
        return { ok: false, reason: 'malformed' };
      const state =
        kind === 'payment'
          ? paystackTransactionStatus(data as PaystackTransaction)
          : transferStatus(data.status as PaystackTransfer['status']);
      const providerReference =
        kind === 'payment' ? String(data.id ?? '') : (data.transfer_code ?? String(data.id ?? ''));
      const occurred = data.paid_at ?? (data as { updatedAt?: string }).updatedAt ?? data.created_at;
      const actual = { amountMinor: data.amount, currency: data.currency };
      const expected = await input.expected?.(data.reference);
      return {
        ok: true,
        event: {
          provider: 'paystack',
          // Paystack sends no event id: the event name, the object and its status identify one delivery's content.
          eventId: `${type}:${providerReference || data.reference}:${data.status}`,
          kind,
          reference: data.reference,
          providerReference: providerReference || undefined,
          ...state,
          ...actual,
          occurredAt: occurred ? new Date(occurred) : (input.now ?? new Date()),
          trust: 'signed',
          mismatches: compareMoney(expected, actual),
        },
      };
    },

    async createPayout(request: PayoutRequest): Promise<PayoutResult> {
      const destination = request.destination;
      const recipient = await call<{ recipient_code: string }>(
        'POST',
        '/transferrecipient',
        'phone' in destination
          ? {
              type: 'mobile_money',
              name: request.reason ?? request.reference,
              account_number: destination.phone.replace(/^\+/, ''),
              bank_code: providerMobileMoneyCode(request.currency),
              currency: request.currency,
            }
          : {
              type: request.currency === 'GHS' ? 'ghipss' : request.currency === 'KES' ? 'kepss' : 'nuban',
              name: destination.accountName ?? request.reference,
              account_number: destination.accountNumber,
              bank_code: destination.bankCode,
              currency: request.currency,
            },
      );
      const transfer = await call<PaystackTransfer>('POST', '/transfer', {
        source: 'balance',
        amount: request.amountMinor,
        currency: request.currency,
        recipient: recipient.recipient_code,
        reference: request.reference,
        reason: request.reason,
      });
      return payoutResult(request.reference, transfer);
    },

    async verifyPayout({ reference }) {
      const transfer = await call<PaystackTransfer>('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      return payoutResult(reference, transfer);
    },
  };
}

/** Paystack's mobile-money "bank" codes: M-Pesa in Kenya, MTN in Ghana (the widest network of each). */
function providerMobileMoneyCode(currency: string): string {
  if (currency === 'KES') return 'MPESA';
  if (currency === 'GHS') return 'MTN';
  throw new ProviderError('paystack', 'unsupported', `no mobile-money payouts in ${currency}`);
}

function payoutResult(reference: string, transfer: PaystackTransfer): PayoutResult {
  if (transfer.reference !== reference)
    throw new ProviderError('paystack', 'bad_response', 'the transfer names another reference');
  return {
    provider: 'paystack',
    reference,
    providerReference: transfer.transfer_code,
    ...transferStatus(transfer.status),
    amountMinor: transfer.amount,
    currency: transfer.currency,
  };
}
