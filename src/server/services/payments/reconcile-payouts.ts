import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { payouts } from '~/server/db/schema';
import type { PaymentProvider, PayoutResult } from '~/server/payments/provider';
import { getPaymentProviders } from '~/server/payments/registry';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { settlePayout } from './settle-payout';

/** One payout still pending with us that its provider has decided (or that could not be checked). */
export interface PayoutReconcileFinding {
  reference: string;
  provider: string;
  status: string;
  provider_status: string | null;
  problem: 'payout_unsettled' | 'unverifiable';
  /** What `--repair` did: settled it by the payout webhook's own code — `paid` to the provider or `returned`. */
  repaired: 'paid' | 'returned' | null;
  detail?: string;
}

/** A payout pending for less than this is left alone: its webhook is probably on its way. */
export const PAYOUT_RECONCILE_AFTER_MINUTES = 5;

const differs = (payout: { amountMinor: number; currency: string }, said: PayoutResult) =>
  (said.amountMinor !== null && said.amountMinor !== payout.amountMinor) ||
  said.currency.toUpperCase() !== payout.currency.trim().toUpperCase();

/**
 * The payouts' side of the reconciliation (docs/wallet.md "Reconciliation"), run by `npm run admin -- reconcile
 * [--repair]` after the payments: every payout `pending` for more than a few minutes (since it was sent, or written
 * when it never reached the provider) is asked of its provider again (`verifyPayout`). A final answer (paid, failed)
 * is reported as `payout_unsettled` and, with `repair`, settled by settlePayout — the code the payout webhook settles
 * with, under the same keys, exactly once: a second run, or the lost webhook arriving late, finds it settled. A
 * provider that cannot answer (M-Pesa B2C has no status query: `unsupported`; unreachable; a reference it does not
 * know) or answers another amount or currency is reported `unverifiable`, never settled here. A payout still pending
 * at the provider is not reported.
 */
export async function reconcilePayouts(
  db: Database,
  options: { repair?: boolean; providers?: Map<string, PaymentProvider>; olderThanMinutes?: number } = {},
): Promise<PayoutReconcileFinding[]> {
  const providers = options.providers ?? (getPaymentProviders() as Map<string, PaymentProvider>);
  const minutes = options.olderThanMinutes ?? PAYOUT_RECONCILE_AFTER_MINUTES;
  const cutoff = new Date(Date.now() - minutes * 60_000).toISOString();
  const rows = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        sql`coalesce(${payouts.sentAt}, ${payouts.createdAt}) < ${cutoff}::timestamptz`,
      ),
    )
    .orderBy(payouts.id);
  const findings: PayoutReconcileFinding[] = [];
  for (const payout of rows) {
    const base = { reference: payout.reference, provider: payout.provider, status: payout.status };
    const provider = providers.get(payout.provider);
    if (!provider) {
      findings.push({ ...base, provider_status: null, problem: 'unverifiable', repaired: null, detail: 'no provider' });
      continue;
    }
    let verification: PayoutResult;
    try {
      verification = await provider.verifyPayout({
        reference: payout.reference,
        providerReference: payout.providerReference ?? undefined,
      });
    } catch (error) {
      findings.push({
        ...base,
        provider_status: null,
        problem: 'unverifiable',
        repaired: null,
        detail: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    const finding = { ...base, provider_status: verification.status };
    if (differs(payout, verification)) {
      findings.push({ ...finding, problem: 'unverifiable', repaired: null, detail: 'amount or currency mismatch' });
      continue;
    }
    if (verification.status !== 'succeeded' && verification.status !== 'failed' && verification.status !== 'cancelled')
      continue;
    let repaired: PayoutReconcileFinding['repaired'] = null;
    if (options.repair) {
      // The repair and its e-mail are written together.
      const settled = await db.transaction(async (tx) => {
        const done = await settlePayout(tx, payout.id, {
          status: verification.status,
          failure: verification.failure,
          providerReference: verification.providerReference,
        });
        if (done.outcome === 'paid' || done.outcome === 'returned') await notifyPayoutOutcome(tx, done.payout);
        return done;
      });
      // Another run (or the late webhook) settled it meanwhile: nothing left to report.
      if (settled.outcome === 'already_settled') continue;
      if (settled.outcome === 'paid' || settled.outcome === 'returned') repaired = settled.outcome;
    }
    findings.push({ ...finding, problem: 'payout_unsettled', repaired });
  }
  return findings;
}
