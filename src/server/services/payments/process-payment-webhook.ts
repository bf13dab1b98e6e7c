import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { paymentEvents, payments } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import {
  isCreditable,
  type PaymentProvider,
  type PaymentVerification,
  ProviderError,
} from '~/server/payments/provider';
import { creditPayment } from './credit-payment';
import { type PayoutWebhookOutcome, processPayoutWebhook } from './process-payout-webhook';
import { creditDealPayment, notifyDealPaid } from './credit-deal-payment';
import { errorMessage, log } from '~/server/log';
import { counter } from '~/server/metrics';

export interface WebhookDelivery {
  /** The exact bytes received. */
  rawBody: string;
  headers: Headers;
  url?: URL;
}

export type WebhookOutcome = 'credited' | 'already_credited' | 'duplicate' | 'status_recorded' | 'ignored';

/** The ledger key of a top-up's credit: one per payment, whatever event brings it. */
export const topUpKey = (provider: string, reference: string) => `topup:${provider}:${reference}`;

const FINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** Refusals are logged (with the reference, never the body): the back office looks into them. */
function logRefusal(provider: string, why: string, detail: Record<string, unknown> = {}): void {
  log.warn({ component: 'payments', provider, why, ...detail }, `payment webhook refused: ${why}`);
}

const webhookOutcomes = counter({
  name: 'mavuno_payment_webhooks_total',
  help: 'Provider webhooks by provider and outcome: what processing did (credited, duplicate, …) or why it refused (an error code)',
  labelNames: ['provider', 'outcome'],
});

/**
 * Processes one provider webhook and counts and logs its outcome (docs/operations.md "Metrics"): the line carries the
 * request's id, the provider, the outcome and the payment's reference, never the body.
 */
export async function processPaymentWebhook(
  db: Executor,
  provider: PaymentProvider,
  delivery: WebhookDelivery,
): Promise<{ outcome: WebhookOutcome | PayoutWebhookOutcome; reference?: string }> {
  try {
    const result = await processWebhook(db, provider, delivery);
    webhookOutcomes.inc({ provider: provider.id, outcome: result.outcome });
    log.info(
      { component: 'payments', provider: provider.id, outcome: result.outcome, reference: result.reference ?? null },
      `webhook from ${provider.id}: ${result.outcome}`,
    );
    return result;
  } catch (error) {
    webhookOutcomes.inc({ provider: provider.id, outcome: error instanceof AppError ? error.code : 'error' });
    throw error;
  }
}

/**
 * Processes one provider webhook (docs/payments.md "Webhooks"): the signature first (the provider's parseWebhook,
 * over the raw bytes, stale ones refused), then the payment it names (unknown: 404), then the provider asked again
 * (`verifyPayment`) — the event alone never credits. In one transaction: the event id recorded once (a repeat
 * changes nothing), the payment row locked, and a creditable payment credited by one ledger transfer from the
 * provider's clearing account to the member's available pocket under a key derived from the reference. A failure
 * arriving after a success changes nothing; amounts or currencies unlike the payment's are refused.
 */
async function processWebhook(
  db: Executor,
  provider: PaymentProvider,
  delivery: WebhookDelivery,
): Promise<{ outcome: WebhookOutcome | PayoutWebhookOutcome; reference?: string }> {
  const expectedFor = async (reference: string) => {
    const [row] = await db
      .select({ amountMinor: payments.amountMinor, currency: payments.currency })
      .from(payments)
      .where(and(eq(payments.provider, provider.id), eq(payments.reference, reference)));
    return row;
  };
  const parsed = await provider.parseWebhook({
    rawBody: delivery.rawBody,
    headers: delivery.headers,
    url: delivery.url,
    expected: expectedFor,
  });
  if (!parsed.ok) {
    logRefusal(provider.id, parsed.reason, { detail: parsed.detail });
    if (parsed.reason === 'unknown') return { outcome: 'ignored' };
    throw new AppError('payments.webhook_refused', 'payments.webhook_refused', {
      status: parsed.reason === 'malformed' ? 400 : 401,
    });
  }
  const event = parsed.event;
  // Payout events settle payouts (docs/wallet.md "Payouts"), by their own service.
  if (event.kind === 'payout') return processPayoutWebhook(db, provider, event);

  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.id), eq(payments.reference, event.reference)));
  if (!payment) {
    logRefusal(provider.id, 'unknown_payment', { reference: event.reference, eventId: event.eventId });
    throw new AppError('payments.unknown_payment', 'payments.unknown_payment');
  }
  if (event.mismatches.length > 0) {
    logRefusal(provider.id, 'event_mismatch', { reference: payment.reference, mismatches: event.mismatches });
    throw new AppError('payments.amount_mismatch', 'payments.amount_mismatch');
  }

  let verification: PaymentVerification;
  try {
    verification = await provider.verifyPayment({
      reference: payment.reference,
      providerReference: payment.providerReference ?? undefined,
      expected: { amountMinor: payment.amountMinor, currency: payment.currency },
    });
  } catch (error) {
    // Not recorded: the provider sends it again, and it is verified then.
    log.warn(
      { component: 'payments', provider: provider.id, reference: payment.reference },
      `payment ${payment.reference}: verification failed: ${errorMessage(error)}`,
    );
    if (error instanceof ProviderError && error.code === 'rejected')
      throw new AppError('payments.unknown_payment', 'payments.unknown_payment');
    throw new AppError('service_unavailable', 'payments.provider_unavailable');
  }
  if (verification.mismatches.length > 0) {
    logRefusal(provider.id, 'verification_mismatch', {
      reference: payment.reference,
      mismatches: verification.mismatches,
    });
    throw new AppError('payments.amount_mismatch', 'payments.amount_mismatch');
  }

  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: provider.id, eventId: event.eventId, paymentId: payment.id, status: event.status })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { outcome: 'duplicate' as const, reference: payment.reference };

    const outcome = await settleVerifiedPayment(tx, payment.id, verification, event.providerReference);
    // The seller of a deal whose money is now held hears of it, in the same transaction (credit-deal-payment.ts).
    if (outcome === 'credited' && payment.purpose === 'deal') await notifyDealPaid(tx, payment.id);
    return { outcome, reference: payment.reference };
  });
  return result;
}

function logCredit(payment: typeof payments.$inferSelect): void {
  log.info(
    {
      component: 'payments',
      provider: payment.provider,
      reference: payment.reference,
      purpose: payment.purpose,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    },
    `payment ${payment.reference} credited`,
  );
}

/**
 * What the provider's verification does to a payment, inside the caller's transaction: locks the payment row,
 * credits a creditable payment once (one ledger transfer under `topUpKey`) and marks it succeeded, or records the
 * provider's status (a final one is not reopened by a pending answer). Shared by the webhook and the
 * reconciliation (services/payments/reconcile-payments.ts), so a credit repaired later is the webhook's own.
 */
export async function settleVerifiedPayment(
  tx: Executor,
  paymentId: number,
  verification: PaymentVerification,
  eventProviderReference?: string,
): Promise<'credited' | 'already_credited' | 'status_recorded'> {
  const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (locked.status === 'succeeded') return 'already_credited';

  if (isCreditable(verification)) {
    // A deal's payment is credited and held for its deal (docs/payments.md "Deal payments").
    if (locked.purpose === 'deal') {
      await creditDealPayment(tx, locked, verification.providerReference ?? eventProviderReference);
      logCredit(locked);
      return 'credited';
    }
    const transferId = await creditPayment(tx, locked, {
      key: topUpKey(locked.provider, locked.reference),
      memo: `${locked.provider} ${verification.providerReference ?? eventProviderReference ?? locked.reference}`,
    });
    await tx
      .update(payments)
      .set({ status: 'succeeded', failure: null, transferId, updatedAt: sql`now()` })
      .where(eq(payments.id, locked.id));
    logCredit(locked);
    return 'credited';
  }
  // The provider's own answer, not the event's, says where the payment stands; a final one is not reopened.
  if (!FINAL.has(locked.status) || verification.status !== 'pending')
    await tx
      .update(payments)
      .set({ status: verification.status, failure: verification.failure ?? null, updatedAt: sql`now()` })
      .where(eq(payments.id, locked.id));
  return 'status_recorded';
}
