import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_LOCALE } from '~/i18n/config';
import { localizePath } from '~/i18n/paths';
import {
  type CheckoutRequest,
  type CheckoutSession,
  compareMoney,
  constantTimeEqual,
  type FailureReason,
  hmacHex,
  isFresh,
  type Money,
  type PaymentMethod,
  type PaymentProvider,
  type PaymentStatus,
  type PayoutRequest,
  type PayoutResult,
  ProviderError,
  type WebhookInput,
  type WebhookResult,
} from './provider';
import { FLUTTERWAVE_MOBILE_MONEY } from './flutterwave';

/**
 * The built-in sandbox provider (docs/payments.md "Sandbox"): Mavuno's own stand-in for a card and mobile-money
 * processor, so the whole flow works offline and in tests. It behaves like a real provider from the outside:
 * signed checkout sessions, outcomes decided by documented test numbers, and webhooks signed with HMAC-SHA256 over
 * `timestamp.body` in the `Mavuno-Sandbox-Signature` header, refused when forged or older than five minutes.
 */

export const SANDBOX_SIGNATURE_HEADER = 'mavuno-sandbox-signature';

/** Test card numbers (digits only) and their outcomes. Any other number is refused as not a test card. */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000003220': 'challenge',
} as const;

/**
 * Test mobile-money numbers: any country code, the national number ending in these nine digits, e.g.
 * +254 700 000 001 or +255 700 000 001. Any other number is refused as not a test number.
 */
export const SANDBOX_TEST_PHONES = {
  '700000001': 'success',
  '700000002': 'declined',
  '700000003': 'insufficient_funds',
  '700000004': 'challenge',
} as const;

/** The 3-D Secure code (cards) and PIN (mobile money) that pass the challenge step; anything else fails it. */
export const SANDBOX_CARD_CODE = '123456';
export const SANDBOX_PIN = '1234';

/** Payout destinations: the same test phones; bank accounts ending in 0001 (paid), 0002 (refused), 0003 (no funds). */
export const SANDBOX_TEST_ACCOUNT_SUFFIXES = {
  '0001': 'success',
  '0002': 'declined',
  '0003': 'insufficient_funds',
} as const;

const STATUSES = new Set<string>(['pending', 'action_required', 'succeeded', 'failed', 'cancelled']);

type Scenario = 'success' | 'declined' | 'insufficient_funds' | 'challenge';

export interface SandboxSession extends Money {
  id: string;
  reference: string;
  method: PaymentMethod;
  returnUrl: string;
  description?: string;
  status: PaymentStatus;
  failure?: FailureReason;
  /** The test number chosen, while a challenge step waits for its code or PIN. */
  pendingChallenge?: 'code' | 'pin';
  createdAt: Date;
  expiresAt: Date;
  paidAt?: Date;
}

export interface SandboxPayout extends Money {
  id: string;
  reference: string;
  status: PaymentStatus;
  failure?: FailureReason;
}

/**
 * Where the sandbox keeps its sessions and payouts: it plays an outside processor, so its records are its own.
 * In memory by default (one process, lost on restart); the ledger work can back it by a table.
 */
export interface SandboxStore {
  getSession(id: string): Promise<SandboxSession | undefined>;
  findSessionByReference(reference: string): Promise<SandboxSession | undefined>;
  saveSession(session: SandboxSession): Promise<void>;
  getPayout(reference: string): Promise<SandboxPayout | undefined>;
  savePayout(payout: SandboxPayout): Promise<void>;
}

export function memorySandboxStore(): SandboxStore {
  const sessions = new Map<string, SandboxSession>();
  const payouts = new Map<string, SandboxPayout>();
  return {
    async getSession(id) {
      const found = sessions.get(id);
      return found && { ...found };
    },
    async findSessionByReference(reference) {
      for (const session of sessions.values()) if (session.reference === reference) return { ...session };
      return undefined;
    },
    async saveSession(session) {
      sessions.set(session.id, { ...session });
    },
    async getPayout(reference) {
      const found = payouts.get(reference);
      return found && { ...found };
    },
    async savePayout(payout) {
      payouts.set(payout.reference, { ...payout });
    },
  };
}

/** A webhook as the sandbox sends it: the exact body bytes and the headers. */
export interface SandboxWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface SandboxConfig {
  secret: string;
  store?: SandboxStore;
  now?: () => Date;
  /** Delivers a signed webhook to the app (the caller posts it to the webhook route, or queues it). */
  deliver?: (webhook: SandboxWebhook) => Promise<void>;
  /** How long a checkout session stays open. */
  sessionTtlMs?: number;
}

/** Without SANDBOX_PAYMENT_SECRET a process signs with a key of its own, fresh at each start (development only). */
let processSecret: string | undefined;
export function sandboxSecret(configured: string | undefined): string {
  if (configured) return configured;
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

export function signSandboxWebhook(secret: string, body: string, at: Date): SandboxWebhook {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = hmacHex('sha256', secret, `${timestamp}.${body}`);
  return {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${signature}` },
  };
}

/** `t=…,v1=…[,v1=…]` → the timestamp and the signatures (several during a secret rotation). */
function parseSignatureHeader(header: string | null): { timestamp: number; signatures: string[] } | undefined {
  if (!header) return undefined;
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  return Number.isFinite(timestamp) && signatures.length > 0 ? { timestamp, signatures } : undefined;
}

export type SandboxSubmission =
  | { ok: true; status: PaymentStatus; failure?: FailureReason; challenge?: 'code' | 'pin'; returnUrl: string }
  | { ok: false; reason: 'unknown_session' | 'expired' | 'already_final' | 'not_a_test_number' };

function scenarioForCard(number: string): Scenario | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return SANDBOX_TEST_CARDS[digits as keyof typeof SANDBOX_TEST_CARDS];
}

function scenarioForPhone(phone: string): Scenario | undefined {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 9) return undefined;
  return SANDBOX_TEST_PHONES[digits.slice(-9) as keyof typeof SANDBOX_TEST_PHONES];
}

function scenarioForAccount(accountNumber: string): Scenario | undefined {
  const digits = accountNumber.replace(/\D/g, '');
  return SANDBOX_TEST_ACCOUNT_SUFFIXES[digits.slice(-4) as keyof typeof SANDBOX_TEST_ACCOUNT_SUFFIXES];
}

function outcome(scenario: Exclude<Scenario, 'challenge'>): { status: PaymentStatus; failure?: FailureReason } {
  if (scenario === 'success') return { status: 'succeeded' };
  return { status: 'failed', failure: scenario };
}

export interface SandboxProvider extends PaymentProvider {
  /** The token in the checkout page's URL: the session id and its signature. */
  sessionToken(sessionId: string): string;
  /** The session a checkout-page token names, if the signature holds. */
  openSession(token: string): Promise<SandboxSession | undefined>;
  /** The checkout page's form: a test card or phone, then the 3-D Secure code or PIN when asked. */
  submit(token: string, input: { number?: string; code?: string; cancel?: boolean }): Promise<SandboxSubmission>;
}

export function sandboxProvider(config: SandboxConfig): SandboxProvider {
  const store = config.store ?? memorySandboxStore();
  const now = config.now ?? (() => new Date());
  const ttl = config.sessionTtlMs ?? 30 * 60 * 1000;

  const sign = (sessionId: string) => hmacHex('sha256', config.secret, `session:${sessionId}`);
  const sessionToken = (sessionId: string) => `${sessionId}.${sign(sessionId)}`;

  async function openSession(token: string) {
    const [id, signature, extra] = token.split('.');
    if (!id || !signature || extra !== undefined) return undefined;
    if (!constantTimeEqual(signature, sign(id))) return undefined;
    return store.getSession(id);
  }

  async function emit(
    type: string,
    data: {
      reference: string;
      id: string;
      amount_minor: number;
      currency: string;
      status: PaymentStatus;
      failure?: FailureReason;
    },
  ) {
    const at = now();
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type, created: Math.floor(at.getTime() / 1000), data });
    const webhook = signSandboxWebhook(config.secret, body, at);
    await config.deliver?.(webhook);
    return webhook;
  }

  async function settle(session: SandboxSession, result: { status: PaymentStatus; failure?: FailureReason }) {
    const settled: SandboxSession = {
      ...session,
      status: result.status,
      failure: result.failure,
      pendingChallenge: undefined,
      paidAt: result.status === 'succeeded' ? now() : undefined,
    };
    await store.saveSession(settled);
    await emit(result.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', {
      reference: settled.reference,
      id: settled.id,
      amount_minor: settled.amountMinor,
      currency: settled.currency,
      status: settled.status,
      failure: settled.failure,
    });
    return settled;
  }

  return {
    id: 'sandbox',
    methods: ['card', 'mobile_money'],
    // Any test number pays here; it names what Flutterwave, the provider covering every launch country, would take,
    // so development and tests show the screens members will see (docs/payments.md "Mobile-money networks").
    mobileMoneyNetworks: FLUTTERWAVE_MOBILE_MONEY,
    sessionToken,
    openSession,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
        throw new ProviderError(
          'sandbox',
          'invalid_request',
          'the amount must be a positive whole number of minor units',
        );
      if (!/^[A-Z]{3}$/.test(request.currency))
        throw new ProviderError('sandbox', 'invalid_request', 'the currency must be an ISO 4217 code');
      const existing = await store.findSessionByReference(request.reference);
      if (existing) throw new ProviderError('sandbox', 'rejected', 'a checkout already exists for this reference');
      const created = now();
      const session: SandboxSession = {
        id: `cs_${randomBytes(12).toString('hex')}`,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency,
        method: request.method,
        returnUrl: request.returnUrl,
        description: request.description,
        status: 'pending',
        createdAt: created,
        expiresAt: new Date(created.getTime() + ttl),
      };
      await store.saveSession(session);
      return {
        provider: 'sandbox',
        reference: session.reference,
        providerReference: session.id,
        // A page of this very site: a path, so the browser stays on the address (and the cookies) it came with.
        next: {
          kind: 'redirect',
          redirectUrl: localizePath(`/sandbox-checkout/${sessionToken(session.id)}`, request.locale ?? DEFAULT_LOCALE),
        },
      };
    },

    async submit(token, input) {
      const session = await openSession(token);
      if (!session) return { ok: false, reason: 'unknown_session' };
      const done = (s: SandboxSession): SandboxSubmission => ({
        ok: true,
        status: s.status,
        failure: s.failure,
        challenge: s.pendingChallenge,
        returnUrl: s.returnUrl,
      });
      if (session.status !== 'pending' && session.status !== 'action_required')
        return { ok: false, reason: 'already_final' };
      if (now() > session.expiresAt) {
        await settle(session, { status: 'cancelled', failure: 'timeout' });
        return { ok: false, reason: 'expired' };
      }
      if (input.cancel) return done(await settle(session, { status: 'cancelled', failure: 'cancelled' }));
      if (session.pendingChallenge) {
        const expected = session.pendingChallenge === 'code' ? SANDBOX_CARD_CODE : SANDBOX_PIN;
        const passed = constantTimeEqual((input.code ?? '').trim(), expected);
        return done(
          await settle(
            session,
            passed
              ? { status: 'succeeded' }
              : { status: 'failed', failure: session.pendingChallenge === 'pin' ? 'wrong_pin' : 'declined' },
          ),
        );
      }
      const scenario =
        session.method === 'card' ? scenarioForCard(input.number ?? '') : scenarioForPhone(input.number ?? '');
      if (!scenario) return { ok: false, reason: 'not_a_test_number' };
      if (scenario === 'challenge') {
        const waiting: SandboxSession = {
          ...session,
          status: 'action_required',
          pendingChallenge: session.method === 'card' ? 'code' : 'pin',
        };
        await store.saveSession(waiting);
        return done(waiting);
      }
      return done(await settle(session, outcome(scenario)));
    },

    async verifyPayment({ reference, providerReference, expected }) {
      const session = providerReference
        ? await store.getSession(providerReference)
        : await store.findSessionByReference(reference);
      if (!session || session.reference !== reference)
        throw new ProviderError('sandbox', 'rejected', `no payment with the reference ${reference}`);
      return {
        provider: 'sandbox',
        reference,
        providerReference: session.id,
        status: session.status,
        failure: session.failure,
        amountMinor: session.amountMinor,
        currency: session.currency,
        method: session.method,
        paidAt: session.paidAt,
        mismatches: compareMoney(expected, session),
      };
    },

    async parseWebhook(input: WebhookInput): Promise<WebhookResult> {
      const header = parseSignatureHeader(input.headers.get(SANDBOX_SIGNATURE_HEADER));
      if (!header) return { ok: false, reason: 'bad_signature', detail: 'missing or unreadable signature header' };
      const expectedSignature = hmacHex('sha256', config.secret, `${header.timestamp}.${input.rawBody}`);
      // Every candidate compared, so the time taken does not say which one matched.
      const matched = header.signatures.map((s) => constantTimeEqual(s, expectedSignature)).includes(true);
      if (!matched) return { ok: false, reason: 'bad_signature' };
      if (!isFresh(header.timestamp * 1000, input.now ?? now())) return { ok: false, reason: 'stale' };
      let payload: {
        id?: unknown;
        type?: unknown;
        created?: unknown;
        data?: {
          reference?: unknown;
          id?: unknown;
          amount_minor?: unknown;
          currency?: unknown;
          status?: unknown;
          failure?: unknown;
        };
      };
      try {
        payload = JSON.parse(input.rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const data = payload.data;
      const kind = payload.type === 'payment.succeeded' || payload.type === 'payment.failed' ? 'payment' : undefined;
      const payoutKind = payload.type === 'payout.succeeded' || payload.type === 'payout.failed' ? 'payout' : undefined;
      if (!kind && !payoutKind) return { ok: false, reason: 'unknown', detail: `event type ${String(payload.type)}` };
      if (
        typeof payload.id !== 'string' ||
        typeof payload.created !== 'number' ||
        !data ||
        typeof data.reference !== 'string' ||
        typeof data.amount_minor !== 'number' ||
        typeof data.currency !== 'string' ||
        typeof data.status !== 'string' ||
        !STATUSES.has(data.status)
      )
        return { ok: false, reason: 'malformed' };
      const expected = await input.expected?.(data.reference);
      const amount = { amountMinor: data.amount_minor, currency: data.currency };
      return {
        ok: true,
        event: {
          provider: 'sandbox',
          eventId: payload.id,
          kind: kind ?? 'payout',
          reference: data.reference,
          providerReference: typeof data.id === 'string' ? data.id : undefined,
          status: data.status as PaymentStatus,
          failure: typeof data.failure === 'string' ? (data.failure as FailureReason) : undefined,
          ...amount,
          occurredAt: new Date(payload.created * 1000),
          trust: 'signed',
          mismatches: compareMoney(expected, amount),
        },
      };
    },

    async createPayout(request: PayoutRequest): Promise<PayoutResult> {
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
        throw new ProviderError(
          'sandbox',
          'invalid_request',
          'the amount must be a positive whole number of minor units',
        );
      const existing = await store.getPayout(request.reference);
      if (existing)
        return {
          provider: 'sandbox',
          reference: existing.reference,
          providerReference: existing.id,
          status: existing.status,
          failure: existing.failure,
          amountMinor: existing.amountMinor,
          currency: existing.currency,
        };
      const scenario =
        'phone' in request.destination
          ? scenarioForPhone(request.destination.phone)
          : scenarioForAccount(request.destination.accountNumber);
      const result = outcome(scenario === 'challenge' ? 'success' : (scenario ?? 'declined'));
      const payout: SandboxPayout = {
        id: `po_${randomBytes(12).toString('hex')}`,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency,
        ...result,
      };
      await store.savePayout(payout);
      // Like a real processor the answer comes later, by webhook; the request itself is only accepted.
      await emit(payout.status === 'succeeded' ? 'payout.succeeded' : 'payout.failed', {
        reference: payout.reference,
        id: payout.id,
        amount_minor: payout.amountMinor,
        currency: payout.currency,
        status: payout.status,
        failure: payout.failure,
      });
      return {
        provider: 'sandbox',
        reference: payout.reference,
        providerReference: payout.id,
        status: 'pending',
        amountMinor: payout.amountMinor,
        currency: payout.currency,
      };
    },

    async verifyPayout({ reference }) {
      const payout = await store.getPayout(reference);
      if (!payout) throw new ProviderError('sandbox', 'rejected', `no payout with the reference ${reference}`);
      return {
        provider: 'sandbox',
        reference,
        providerReference: payout.id,
        status: payout.status,
        failure: payout.failure,
        amountMinor: payout.amountMinor,
        currency: payout.currency,
      };
    },
  };
}
