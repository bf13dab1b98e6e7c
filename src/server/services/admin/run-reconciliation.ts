import type { Database } from '~/server/db';
import type { PaymentProvider } from '~/server/payments/provider';
import { type ReconcileFinding, reconcilePayments } from '~/server/services/payments/reconcile-payments';
import { type PayoutReconcileFinding, reconcilePayouts } from '~/server/services/payments/reconcile-payouts';
import { type LedgerReport, checkLedger } from '~/server/services/wallet/check-ledger';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';
import { recordAudit } from './record-audit';

export interface ReconciliationReport {
  repaired: boolean;
  payments: ReconcileFinding[];
  payouts: PayoutReconcileFinding[];
  ledger: LedgerReport;
  at: string;
}

/**
 * The reconciliation in the back office (docs/backoffice.md "Money", docs/wallet.md "Reconciliation"): payments
 * and payouts compared with their providers and the ledger, and the ledger recomputed from its postings — what
 * `npm run admin -- reconcile` and `check-ledger` print. With `repair` (step-up) the same repairs as `--repair`,
 * each once; the run is then recorded in the audit trail with what it found and did. Capability `money`.
 */
export async function runReconciliation(
  db: Database,
  actor: StaffActor,
  options: { repair?: boolean; stepUp?: string | null; providers?: Map<string, PaymentProvider> } = {},
): Promise<ReconciliationReport> {
  requireCapability(actor, 'money');
  const repair = options.repair === true;
  if (repair) await confirmStepUp(db, actor, options.stepUp);
  const payments = await reconcilePayments(db, { repair, providers: options.providers });
  const payouts = await reconcilePayouts(db, { repair, providers: options.providers });
  const ledger = await checkLedger(db);
  const report = { repaired: repair, payments, payouts, ledger, at: new Date().toISOString() };
  // Each repair is its own idempotent ledger write (the webhook's code and key); the record says what they did.
  if (repair)
    await recordAudit(db, actor, {
      action: 'money.reconcile_repair',
      objectType: 'ledger',
      before: { findings: [...payments, ...payouts].map((f) => ({ reference: f.reference, problem: f.problem })) },
      after: {
        repaired: [...payments, ...payouts]
          .filter((f) => f.repaired)
          .map((f) => ({ reference: f.reference, repaired: f.repaired })),
        ledger_ok: ledger.ok,
      },
    });
  return report;
}
