import type { Locale } from '~/i18n/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CURRENCIES } from '~/server/db/seed/reference/currencies';
import type { MobileMoneyCoverage } from '~/features/wallet/mobile-money';

/**
 * The one interface every payment provider implements (docs/payments.md). Pure and typed: no database here — the
 * ledger calls a provider, stores what it answers, and credits money only after `verifyPayment` confirms it.
 * Amounts are integers in minor units of the currency (cents, kobo; whole francs for XOF), as in the ledger.
 */
export type ProviderId = 'sandbox' | 'paystack' | 'mpesa' | 'flutterwave';
export type PaymentMethod = 'card' | 'mobile_money';

/** Where a payment (or payout) stands at the provider. Only `succeeded` may ever credit money. */
export type PaymentStatus = 'pending' | 'action_required' | 'succeeded' | 'failed' | 'cancelled';
export type FailureReason = 'declined' | 'insufficient_funds' | 'cancelled' | 'timeout' | 'wrong_pin' | 'other';

export interface Money {
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export interface Customer {
  email?: string;
  /** E.164, e.g. +254712345678 (mobile money needs it). */
  phone?: string;
  name?: string;
}

export interface CheckoutRequest extends Money {
  /** Mavuno's own reference, unique per payment attempt; the provider echoes it back. */
  reference: string;
  /** Where the member's browser returns after a hosted checkout. */
  returnUrl: string;
  /** Where the provider calls back, for providers that take it per request (M-Pesa). */
  callbackUrl?: string;
  method: PaymentMethod;
  customer: Customer;
  description?: string;
  /** The member's language: a hosted page that can speak it does (the sandbox's page is served in it). */
  locale?: Locale;
}

export interface CheckoutSession {
  provider: ProviderId;
  reference: string;
  /** The provider's id for this attempt (a session id, an access code, M-Pesa's CheckoutRequestID). */
  providerReference: string;
  /**
   * `redirect`: send the browser to `redirectUrl` — an absolute URL of a page elsewhere, or a path of this site (the
   * sandbox's page); `await_customer`: the customer approves on the phone (STK push).
   */
  next: { kind: 'redirect'; redirectUrl: string } | { kind: 'await_customer'; message: string };
}

/** A difference between what the provider says was paid and what the checkout asked for. */
export interface Mismatch {
  field: 'amount' | 'currency';
  expected: string;
  actual: string;
}

export interface PaymentVerification {
  provider: ProviderId;
  reference: string;
  providerReference?: string;
  status: PaymentStatus;
  failure?: FailureReason;
  /** What the provider reports as paid; `null` where its status query does not say (M-Pesa: see docs/payments.md). */
  amountMinor: number | null;
  currency: string;
  method?: PaymentMethod;
  paidAt?: Date;
  /** Empty when the paid amount and currency are those expected; never credit a payment with a mismatch. */
  mismatches: Mismatch[];
}

export interface VerifyPaymentRequest {
  reference: string;
  providerReference?: string;
  /** What the checkout asked for: the verification compares it with what the provider reports. */
  expected: Money;
}

export interface WebhookEvent {
  provider: ProviderId;
  /** The provider's id of this event: the ledger processes each at most once. */
  eventId: string;
  kind: 'payment' | 'payout';
  reference: string;
  providerReference?: string;
  status: PaymentStatus;
  failure?: FailureReason;
  amountMinor: number | null;
  currency: string;
  occurredAt: Date;
  /** `signed`: the provider's signature was checked; `hint`: unsigned (M-Pesa), authenticated only by the URL token. */
  trust: 'signed' | 'hint';
  /** Filled when the caller passed `expected`: a difference from the checkout, surfaced, never silently accepted. */
  mismatches: Mismatch[];
}

export type WebhookRefusal = 'bad_signature' | 'stale' | 'unknown' | 'malformed';
export type WebhookResult = { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRefusal; detail?: string };

export interface WebhookInput {
  /** The body exactly as received, before any JSON parsing: signatures are over these bytes. */
  rawBody: string;
  headers: Headers;
  /** The URL the callback reached (carries the per-callback token for unsigned providers). */
  url?: URL;
  now?: Date;
  /** The checkout's amount for a reference, when the caller knows it (the ledger looks it up). */
  expected?: (reference: string) => Money | undefined | Promise<Money | undefined>;
}

export interface PayoutRequest extends Money {
  reference: string;
  method: 'mobile_money' | 'bank';
  /** Mobile money: E.164 phone. Bank: account number and bank code as the provider names them. */
  destination: { phone: string } | { accountNumber: string; bankCode: string; accountName?: string };
  reason?: string;
  callbackUrl?: string;
}

export interface PayoutResult {
  provider: ProviderId;
  reference: string;
  providerReference?: string;
  status: PaymentStatus;
  failure?: FailureReason;
  amountMinor: number | null;
  currency: string;
}

export interface PaymentProvider {
  readonly id: ProviderId;
  readonly methods: readonly PaymentMethod[];
  /**
   * The origins of its hosted checkout pages, outside this site: a payment form's redirect there must pass the pages'
   * CSP `form-action` (src/server/security/content-policy.ts). None for a checkout on this site or on the phone.
   */
  readonly checkoutOrigins?: readonly string[];
  /**
   * The mobile-money networks its checkouts take, per country (docs/payments.md "Mobile-money networks"): what the
   * payment screens name. Empty for a provider without mobile money.
   */
  readonly mobileMoneyNetworks: MobileMoneyCoverage;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  verifyPayment(request: VerifyPaymentRequest): Promise<PaymentVerification>;
  parseWebhook(input: WebhookInput): Promise<WebhookResult>;
  createPayout(request: PayoutRequest): Promise<PayoutResult>;
  verifyPayout(request: { reference: string; providerReference?: string }): Promise<PayoutResult>;
}

/** A provider refused a request or answered something unusable; `code` is stable for callers and logs. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderId,
    readonly code: 'rejected' | 'unavailable' | 'unsupported' | 'bad_response' | 'invalid_request',
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Webhooks older than this (where the provider timestamps them) are refused as replays. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

/** Compares two strings in time independent of where they differ (signatures, tokens). */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Equal lengths for timingSafeEqual; the length itself is not secret (a hex digest has one length).
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}

export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, data: string): string {
  return createHmac(algorithm, secret).update(data, 'utf8').digest('hex');
}

/** Decimal places of a currency's minor unit (from the reference currencies; ISO 4217 default 2). */
export function minorDigits(currency: string): number {
  return CURRENCIES.find((c) => c.code === currency.toUpperCase())?.decimals ?? 2;
}

/** 1234 minor units of KES → "12.34"; 1500 XOF → "1500". Exact: no floating point. */
export function toMajorString(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? '-' : '';
  const text = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A provider's major-unit amount (a JSON number such as 12.34, or a string) → integer minor units, rounded to the unit. */
export function fromMajor(amount: number | string, currency: string): number {
  const digits = minorDigits(currency);
  const [whole = '0', fraction = ''] = String(amount).trim().split('.');
  if (!/^-?\d+$/.test(whole) || !/^\d*$/.test(fraction)) throw new Error(`not an amount: ${amount}`);
  const padded = (fraction + '0'.repeat(digits + 1)).slice(0, digits + 1);
  const negative = whole.startsWith('-');
  const units = Number(whole.replace('-', '')) * 10 ** digits + Math.round(Number(padded) / 10);
  return negative ? -units : units;
}

/** The differences between what was expected and what the provider reports. */
export function compareMoney(expected: Money | undefined, actual: { amountMinor: number | null; currency: string }) {
  const mismatches: Mismatch[] = [];
  if (!expected) return mismatches;
  if (expected.currency.toUpperCase() !== actual.currency.toUpperCase())
    mismatches.push({ field: 'currency', expected: expected.currency, actual: actual.currency });
  if (actual.amountMinor !== null && actual.amountMinor !== expected.amountMinor)
    mismatches.push({ field: 'amount', expected: String(expected.amountMinor), actual: String(actual.amountMinor) });
  return mismatches;
}

/** A payment is creditable only when the provider says succeeded and nothing differs from the checkout. */
export function isCreditable(verification: PaymentVerification): boolean {
  return verification.status === 'succeeded' && verification.mismatches.length === 0;
}

/** Is `timestampMs` within the tolerance of `now` (both directions: a clock ahead is as suspect as one behind)? */
export function isFresh(timestampMs: number, now: Date, toleranceMs = WEBHOOK_TOLERANCE_MS): boolean {
  return Number.isFinite(timestampMs) && Math.abs(now.getTime() - timestampMs) <= toleranceMs;
}
