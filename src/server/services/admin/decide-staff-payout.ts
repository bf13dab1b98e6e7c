import { eq } from 'drizzle-orm';
import type { PayoutDecisionInput } from '~/features/admin/money';
import type { Executor } from '~/server/db';
import { payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { getPaymentProvider } from '~/server/payments/registry';
import { decidePayout } from '~/server/services/payments/decide-payout';
import type { PayoutRow } from '~/server/services/payments/settle-payout';
import { type StaffActor, requireCapability } from './access';
import { confirmStepUp } from './confirm-step-up';

/**
 * A staff member's decision on a payout (docs/backoffice.md "Money"): approving needs the step-up and sends it to
 * its provider; declining needs a reason and returns the held money to the member's pocket (e-mailed). Both by
 * decidePayout — the CLI's `approve-payout` / `decline-payout` — with the audit row in the decision's
 * transaction. Capability `money`.
 */
export async function decideStaffPayout(
  db: Executor,
  actor: StaffActor,
  reference: string,
  input: PayoutDecisionInput,
): Promise<PayoutRow> {
  requireCapability(actor, 'money');
  const [row] = await db.select({ provider: payouts.provider }).from(payouts).where(eq(payouts.reference, reference));
  if (!row) throw new AppError('not_found', 'payout.not_found');
  if (input.decision === 'decline' && !input.reason?.trim())
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { reason: [{ key: 'validation.required' }] },
    });
  if (input.decision === 'approve') await confirmStepUp(db, actor, input.step_up);
  const provider = input.decision === 'approve' ? getPaymentProvider(row.provider) : undefined;
  return decidePayout(db, provider, reference, input.decision, actor.id, {
    actor,
    note: input.reason?.trim() || null,
  });
}
