import { providerJson } from './http';
import {
  type CheckoutRequest,
  type CheckoutSession,
  compareMoney,
  constantTimeEqual,
  type FailureReason,
  fromMajor,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStatus,
  type PayoutRequest,
  type PayoutResult,
  ProviderError,
  toMajorString,
  type WebhookInput,
  type WebhookResult,
} from './provider';
import type { MobileMoneyCoverage } from '~/features/wallet/mobile-money';

/**
 * Flutterwave v3 (https://developer.flutterwave.com/docs): hosted checkout for cards and mobile money in every
 * launch country (M-Pesa, MTN, Airtel, the franc zone's networks), transfers to phones and banks. A thin typed
 * `fetch` client. Amounts travel in major units (12.50), converted exactly from and to our minor units. Webhooks
 * carry the secret hash set in the dashboard in `verif-hash` (compared in constant time); they are not timestamped.
 */
export interface FlutterwaveConfig {
  secretKey: string;
  /** The "secret hash" set on the dashboard's webhook settings. */
  webhookHash: string;
  baseUrl?: string;
}

export const FLUTTERWAVE_HASH_HEADER = 'verif-hash';

interface FlwEnvelope<T> {
  status: 'success' | 'error';
  message: string;
  data?: T | null;
}

export interface FlwTransaction {
  id: number;
  tx_ref: string;
  flw_ref?: string;
  amount: number;
  charged_amount?: number;
  currency: string;
  status: string;
  processor_response?: string;
  payment_type?: string;
  created_at?: string;
}

export interface FlwTransfer {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  status: string;
  complete_message?: string;
  created_at?: string;
}

/** The hosted checkout's mobile-money option for each currency. */
const MOBILE_MONEY_OPTIONS: Record<string, string> = {
  KES: 'mpesa',
  GHS: 'mobilemoneyghana',
  UGX: 'mobilemoneyuganda',
  RWF: 'mobilemoneyrwanda',
  TZS: 'mobilemoneytanzania',
  XOF: 'mobilemoneyfranco',
  XAF: 'mobilemoneyfranco',
};

/** Transfer "bank" codes for mobile-money wallets. */
function mobileMoneyBank(currency: string): string {
  if (currency === 'GHS') return 'MTN';
  if (currency === 'XOF' || currency === 'XAF') return 'FMM';
  if (['KES', 'UGX', 'TZS', 'RWF'].includes(currency)) return 'MPS';
  throw new ProviderError('flutterwave', 'unsupported', `no mobile-money payouts in ${currency}`);
}

export function flutterwaveStatus(status: string, message = ''): { status: PaymentStatus; failure?: FailureReason } {
  switch (status.toLowerCase()) {
    case 'successful':
      return { status: 'succeeded' };
    case 'failed':
      return { status: 'failed', failure: /insufficient/i.test(message) ? 'insufficient_funds' : 'declined' };
    case 'cancelled':
      return { status: 'cancelled', failure: 'cancelled' };
    default:
      return { status: 'pending' };
  }
}

function methodOf(paymentType: string | undefined): PaymentMethod | undefined {
  if (!paymentType) return undefined;
  if (paymentType === 'card') return 'card';
  return /mobilemoney|mpesa/.test(paymentType) ? 'mobile_money' : undefined;
}

/**
 * The networks of Flutterwave's mobile-money checkouts that Mavuno names (docs/payments.md "Mobile-money networks"):
 * M-Pesa in Kenya; MTN and Airtel in Uganda and Rwanda; MTN in Ghana; Airtel in Tanzania; the franc zone's
 * mobile money in Côte d'Ivoire, Senegal, Burkina Faso and Cameroon (the countries its francophone charge takes).
 */
export const FLUTTERWAVE_MOBILE_MONEY: MobileMoneyCoverage = {
  KE: ['mpesa'],
  UG: ['mtn_momo', 'airtel_money'],
  RW: ['mtn_momo', 'airtel_money'],
  GH: ['mtn_momo'],
  TZ: ['airtel_money'],
  CI: ['mtn_momo', 'orange_money'],
  SN: ['orange_money'],
  BF: ['orange_money'],
  CM: ['mtn_momo', 'orange_money'],
};

export function flutterwaveProvider(config: FlutterwaveConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const base = (config.baseUrl ?? 'https://api.flutterwave.com/v3').replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { status, body: envelope } = await providerJson<FlwEnvelope<T>>('flutterwave', fetchImpl, `${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${config.secretKey}` },
      body,
    });
    if (status >= 500) throw new ProviderError('flutterwave', 'unavailable', `answered ${status}`);
    if (envelope.status !== 'success' || !envelope.data)
      throw new ProviderError('flutterwave', 'rejected', envelope.message || `answered ${status}`);
    return envelope.data;
  }

  function payoutResult(reference: string, transfer: FlwTransfer): PayoutResult {
    if (transfer.reference !== reference)
      throw new ProviderError('flutterwave', 'bad_response', 'the transfer names another reference');
    return {
      provider: 'flutterwave',
      reference,
      providerReference: String(transfer.id),
      ...flutterwaveStatus(transfer.status, transfer.complete_message),
      amountMinor: fromMajor(transfer.amount, transfer.currency),
      currency: transfer.currency,
    };
  }

  return {
    id: 'flutterwave',
    methods: ['card', 'mobile_money'],
    // Where the hosted payment `link` points.
    checkoutOrigins: ['https://checkout.flutterwave.com'],
    mobileMoneyNetworks: FLUTTERWAVE_MOBILE_MONEY,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!request.customer.email)
        throw new ProviderError('flutterwave', 'invalid_request', 'Flutterwave needs the customer e-mail address');
      const option = request.method === 'card' ? 'card' : MOBILE_MONEY_OPTIONS[request.currency];
      if (!option) throw new ProviderError('flutterwave', 'unsupported', `no mobile money in ${request.currency}`);
      const data = await call<{ link: string }>('POST', '/payments', {
        tx_ref: request.reference,
        amount: toMajorString(request.amountMinor, request.currency),
        currency: request.currency,
        redirect_url: request.returnUrl,
        payment_options: option,
        customer: { email: request.customer.email, phonenumber: request.customer.phone, name: request.customer.name },
        customizations: { title: 'Mavuno', description: request.description },
      });
      return {
        provider: 'flutterwave',
        reference: request.reference,
        // The hosted link is the only handle until the payment exists; it is verified by our reference.
        providerReference: data.link,
        next: { kind: 'redirect', redirectUrl: data.link },
      };
    },

    async verifyPayment({ reference, expected }) {
      const data = await call<FlwTransaction>(
        'GET',
        `/transactions/verify_by_reference?tx_ref=${encodeURIComponent(reference)}`,
      );
      if (data.tx_ref !== reference)
        throw new ProviderError('flutterwave', 'bad_response', 'the verification names another reference');
      const actual = { amountMinor: fromMajor(data.amount, data.currency), currency: data.currency };
      const state = flutterwaveStatus(data.status, data.processor_response);
      return {
        provider: 'flutterwave',
        reference,
        providerReference: String(data.id),
        ...state,
        ...actual,
        method: methodOf(data.payment_type),
        paidAt: state.status === 'succeeded' && data.created_at ? new Date(data.created_at) : undefined,
        mismatches: compareMoney(expected, actual),
      };
    },

    async parseWebhook(input: WebhookInput): Promise<WebhookResult> {
      const hash = input.headers.get(FLUTTERWAVE_HASH_HEADER);
      if (!hash || !constantTimeEqual(hash, config.webhookHash)) return { ok: false, reason: 'bad_signature' };
      let payload: { event?: unknown; data?: Partial<FlwTransaction & FlwTransfer> };
      try {
        payload = JSON.parse(input.rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const kind =
        payload.event === 'charge.completed'
          ? 'payment'
          : payload.event === 'transfer.completed'
            ? 'payout'
            : undefined;
      if (!kind) return { ok: false, reason: 'unknown', detail: `event ${String(payload.event)}` };
      const data = payload.data;
      const reference = kind === 'payment' ? data?.tx_ref : data?.reference;
      if (
        !data ||
        typeof reference !== 'string' ||
        typeof data.id !== 'number' ||
        typeof data.amount !== 'number' ||
        typeof data.currency !== 'string' ||
        typeof data.status !== 'string'
      )
        return { ok: false, reason: 'malformed' };
      const actual = { amountMinor: fromMajor(data.amount, data.currency), currency: data.currency };
      const expected = await input.expected?.(reference);
      return {
        ok: true,
        event: {
          provider: 'flutterwave',
          // Flutterwave v3 sends no event id: the event, the object and its status identify one delivery's content.
          eventId: `${String(payload.event)}:${data.id}:${data.status.toLowerCase()}`,
          kind,
          reference,
          providerReference: String(data.id),
          ...flutterwaveStatus(data.status, data.processor_response ?? data.complete_message),
          ...actual,
          occurredAt: data.created_at ? new Date(data.created_at) : (input.now ?? new Date()),
          trust: 'signed',
          mismatches: compareMoney(expected, actual),
        },
      };
    },

    async createPayout(request: PayoutRequest): Promise<PayoutResult> {
      const destination = request.destination;
      const transfer = await call<FlwTransfer>('POST', '/transfers', {
        account_bank: 'phone' in destination ? mobileMoneyBank(request.currency) : destination.bankCode,
        account_number: 'phone' in destination ? destination.phone.replace(/^\+/, '') : destination.accountNumber,
        amount: toMajorString(request.amountMinor, request.currency),
        currency: request.currency,
        reference: request.reference,
        narration: request.reason ?? 'Mavuno payout',
        beneficiary_name: 'phone' in destination ? undefined : destination.accountName,
        callback_url: request.callbackUrl,
      });
      return payoutResult(request.reference, transfer);
    },

    async verifyPayout({ reference, providerReference }) {
      if (!providerReference)
        throw new ProviderError('flutterwave', 'invalid_request', 'the transfer id is needed to verify a payout');
      return payoutResult(
        reference,
        await call<FlwTransfer>('GET', `/transfers/${encodeURIComponent(providerReference)}`),
      );
    },
  };
}
