import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { paymentEvents, payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type PaymentProvider, type PayoutResult, ProviderError, type WebhookEvent } from '~/server/payments/provider';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { settlePayout } from './settle-payout';
import { errorMessage, log } from '~/server/log';

export type PayoutWebhookOutcome =
  'paid' | 'returned' | 'already_settled' | 'duplicate' | 'status_recorded' | 'awaiting_statement';

function logRefusal(provider: string, why: string, detail: Record<string, unknown> = {}): void {
  log.warn({ component: 'payouts', provider, why, ...detail }, `payout webhook refused: ${why}`);
}

const differs = (
  payout: { amountMinor: number; currency: string },
  said: { amountMinor: number | null; currency: string },
) =>
  (said.amountMinor !== null && said.amountMinor !== payout.amountMinor) ||
  said.currency.toUpperCase() !== payout.currency.trim().toUpperCase();

/**
 * A payout event whose signature the payment webhook already checked (docs/payments.md "Webhooks"): the payout it
 * names (unknown: 404), the provider asked again (`verifyPayout`) — the event alone never settles — then, in one
 * transaction, the event id recorded once (a repeat changes nothing) and the payout settled exactly once by the
 * provider's own answer (settlePayout). Amounts or currencies unlike the payout's are refused.
 */
export async function processPayoutWebhook(
  db: Executor,
  provider: PaymentProvider,
  event: WebhookEvent,
): Promise<{ outcome: PayoutWebhookOutcome; reference?: string }> {
  const [payout] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.provider, provider.id), eq(payouts.reference, event.reference)));
  if (!payout) {
    logRefusal(provider.id, 'unknown_payout', { reference: event.reference, eventId: event.eventId });
    throw new AppError('payments.unknown_payment', 'payments.unknown_payment');
  }
  if (differs(payout, event)) {
    logRefusal(provider.id, 'event_mismatch', { reference: payout.reference });
    throw new AppError('payments.amount_mismatch', 'payments.amount_mismatch');
  }

  let verification: PayoutResult;
  try {
    verification = await provider.verifyPayout({
      reference: payout.reference,
      providerReference: payout.providerReference ?? event.providerReference,
    });
  } catch (error) {
    log.warn(
      { component: 'payouts', provider: provider.id, reference: payout.reference },
      `payout ${payout.reference}: verification failed: ${errorMessage(error)}`,
    );
    if (error instanceof ProviderError && error.code === 'rejected')
      throw new AppError('payments.unknown_payment', 'payments.unknown_payment');
    // A provider with no status query for payouts (M-Pesa B2C): its callback stays a hint. The event is acknowledged
    // (so it is not retried) and the payout waits, held, for the provider's statement: `npm run admin -- reconcile`
    // lists it, and `settle-payout` settles it by hand.
    if (error instanceof ProviderError && error.code === 'unsupported') {
      await db
        .insert(paymentEvents)
        .values({ provider: provider.id, eventId: event.eventId, status: event.status })
        .onConflictDoNothing();
      return { outcome: 'awaiting_statement', reference: payout.reference };
    }
    throw new AppError('service_unavailable', 'payments.provider_unavailable');
  }
  if (differs(payout, verification)) {
    logRefusal(provider.id, 'verification_mismatch', { reference: payout.reference });
    throw new AppError('payments.amount_mismatch', 'payments.amount_mismatch');
  }

  const result = await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: provider.id, eventId: event.eventId, status: event.status })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { outcome: 'duplicate' as const };
    const settled = await settlePayout(tx, payout.id, {
      status: verification.status === 'action_required' ? 'pending' : verification.status,
      failure: verification.failure,
      providerReference: verification.providerReference ?? event.providerReference,
    });
    if (settled.outcome === 'paid' || settled.outcome === 'returned') await notifyPayoutOutcome(tx, settled.payout);
    return settled;
  });
  return { outcome: result.outcome, reference: payout.reference };
}
