import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '~/server/db';
import { payments, walletTransfers } from '~/server/db/schema';
import { type PaymentProvider, type PaymentVerification, isCreditable } from '~/server/payments/provider';
import { getPaymentProviders } from '~/server/payments/registry';
import { dealPaymentKey } from './credit-deal-payment';
import { settleVerifiedPayment, topUpKey } from './process-payment-webhook';

/** One payment whose provider and ledger disagree (or that could not be checked). */
export interface ReconcileFinding {
  reference: string;
  provider: string;
  status: string;
  provider_status: string | null;
  problem: 'missing_credit' | 'credited_but_failed' | 'succeeded_without_transfer' | 'status_changed' | 'unverifiable';
  /** What `--repair` did: credited it (the webhook's own code and key), recorded the provider's status. */
  repaired: 'credited' | 'status_recorded' | null;
  detail?: string;
}

/**
 * The reconciliation (docs/wallet.md "Reconciliation"), run by `npm run admin -- reconcile [--repair]`: every
 * payment not final (pending, action required) or succeeded without its credit transfer, and every one whose
 * credit is in the ledger while its row is not succeeded, is asked of its provider again (`verifyPayment`) and
 * compared with the ledger. A payment the provider says succeeded without its credit is reported and, with
 * `repair`, credited by the webhook's own path under the same key (`topup:{provider}:{reference}`, or `deal-payment:{provider}:{reference}` for a deal's payment, then held for its deal when it still waits) — so a crash
 * between the provider's confirmation and the ledger write is repaired once, and a second run finds nothing. A
 * credited payment the provider says failed is reported, never debited. Nothing else is changed without `repair`.
 */
export async function reconcilePayments(
  db: Database,
  options: { repair?: boolean; providers?: Map<string, PaymentProvider> } = {},
): Promise<ReconcileFinding[]> {
  const providers = options.providers ?? (getPaymentProviders() as Map<string, PaymentProvider>);
  const rows = await db
    .select({ payment: payments, creditId: walletTransfers.id })
    .from(payments)
    .leftJoin(
      walletTransfers,
      eq(
        walletTransfers.idempotencyKey,
        // topUpKey or dealPaymentKey in SQL: the credit the webhook writes for this payment.
        sql`(case when ${payments.purpose} = 'deal' then 'deal-payment:' else 'topup:' end) || ${payments.provider} || ':' || ${payments.reference}`,
      ),
    )
    .where(
      or(
        inArray(payments.status, ['pending', 'action_required']),
        and(eq(payments.status, 'succeeded'), isNull(payments.transferId)),
        and(inArray(payments.status, ['failed', 'cancelled']), isNotNull(walletTransfers.id)),
      ),
    )
    .orderBy(payments.id);
  const findings: ReconcileFinding[] = [];
  for (const { payment, creditId } of rows) {
    const base = { reference: payment.reference, provider: payment.provider, status: payment.status };
    const provider = providers.get(payment.provider);
    if (!provider) {
      findings.push({ ...base, provider_status: null, problem: 'unverifiable', repaired: null, detail: 'no provider' });
      continue;
    }
    let verification: PaymentVerification;
    try {
      verification = await provider.verifyPayment({
        reference: payment.reference,
        providerReference: payment.providerReference ?? undefined,
        expected: { amountMinor: payment.amountMinor, currency: payment.currency },
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
    const credited = creditId !== null;
    const finding = { ...base, provider_status: verification.status };
    if (credited && (verification.status === 'failed' || verification.status === 'cancelled')) {
      // Money already in a pocket: a person looks into it; the ledger is never debited here.
      findings.push({ ...finding, problem: 'credited_but_failed', repaired: null });
    } else if (isCreditable(verification) && !credited) {
      if (payment.status === 'succeeded') {
        findings.push({ ...finding, problem: 'succeeded_without_transfer', repaired: null });
        continue;
      }
      const repaired = options.repair
        ? await db.transaction((tx) => settleVerifiedPayment(tx, payment.id, verification))
        : null;
      // Another run (or the late webhook) credited it meanwhile: nothing left to report.
      if (repaired === 'already_credited') continue;
      findings.push({
        ...finding,
        problem: 'missing_credit',
        repaired: repaired === 'credited' ? 'credited' : null,
        detail: (payment.purpose === 'deal' ? dealPaymentKey : topUpKey)(payment.provider, payment.reference),
      });
    } else if (verification.mismatches.length > 0) {
      findings.push({ ...finding, problem: 'unverifiable', repaired: null, detail: 'amount or currency mismatch' });
    } else if (verification.status !== payment.status && verification.status !== 'pending') {
      const repaired = options.repair
        ? await db.transaction((tx) => settleVerifiedPayment(tx, payment.id, verification))
        : null;
      findings.push({
        ...finding,
        problem: 'status_changed',
        repaired: repaired === 'status_recorded' ? repaired : null,
      });
    }
  }
  return findings;
}
