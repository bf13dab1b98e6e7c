import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { StaffActor } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import type { PaymentProvider } from '~/server/payments/provider';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { sendPayout } from './send-payout';
import { type PayoutRow, settlePayout } from './settle-payout';

/**
 * An administrator's decision on a payout (docs/wallet.md "Payouts"; the back office's Money section, or
 * `npm run admin -- approve-payout` / `decline-payout`). Approving a payout that awaits approval marks it pending and sends it to the provider; approving
 * a pending one that never reached its provider sends it again (idempotent by reference). Declining one that awaits
 * approval voids its held money back to the member's available pocket. Any other state: 409.
 */
export async function decidePayout(
  db: Executor,
  provider: PaymentProvider | undefined,
  reference: string,
  decision: 'approve' | 'decline',
  decidedBy?: number | null,
  /** The staff member deciding (back office): an audit row in the decision's own transaction, with `note`. */
  audit?: { actor: StaffActor; note?: string | null },
): Promise<PayoutRow> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
  if (!row) throw new AppError('not_found', 'payout.not_found');

  if (decision === 'decline') {
    if (row.status !== 'awaiting_approval') throw new AppError('conflict', 'payout.not_awaiting_approval');
    const settled = await db.transaction(async (tx) => {
      const done = await settlePayout(tx, row.id, { status: 'declined' }, decidedBy);
      if (done.outcome !== 'returned') throw new AppError('conflict', 'payout.not_awaiting_approval');
      if (audit) await recordAudit(tx, audit.actor, payoutAudit(row, done.payout, 'payout.decline', audit.note));
      await notifyPayoutOutcome(tx, done.payout);
      return done;
    });
    return settled.payout;
  }

  if (!provider || provider.id !== row.provider)
    throw new AppError('service_unavailable', 'payments.provider_unavailable');
  if (row.status === 'awaiting_approval') {
    await db.transaction(async (tx) => {
      const approved = await tx
        .update(payouts)
        .set({ status: 'pending', approvedBy: decidedBy ?? null, approvedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(payouts.id, row.id), eq(payouts.status, 'awaiting_approval')))
        .returning();
      if (approved.length !== 1) throw new AppError('conflict', 'payout.not_awaiting_approval');
      if (audit) await recordAudit(tx, audit.actor, payoutAudit(row, approved[0], 'payout.approve', audit.note));
    });
  } else if (row.status !== 'pending' || row.providerReference !== null) {
    throw new AppError('conflict', 'payout.not_awaiting_approval');
  } else if (audit) {
    await recordAudit(db, audit.actor, payoutAudit(row, row, 'payout.resend', audit.note));
  }
  return sendPayout(db, provider, row.id);
}

const payoutAudit = (before: PayoutRow, after: PayoutRow, action: string, note?: string | null) => ({
  action,
  objectType: 'payout',
  objectId: before.reference,
  before: {
    status: before.status,
    amount_minor: before.amountMinor,
    currency: before.currency,
    user_id: before.userId,
  },
  after: { status: after.status, amount_minor: after.amountMinor, currency: after.currency, user_id: after.userId },
  note: note ?? null,
});
