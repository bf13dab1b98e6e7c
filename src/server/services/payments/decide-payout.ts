import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import type { PaymentProvider } from '~/server/payments/provider';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { sendPayout } from './send-payout';
import { type PayoutRow, settlePayout } from './settle-payout';

/**
 * An administrator's decision on a payout (docs/wallet.md "Payouts"; `npm run admin -- approve-payout` /
 * `decline-payout`). Approving a payout that awaits approval marks it pending and sends it to the provider; approving
 * a pending one that never reached its provider sends it again (idempotent by reference). Declining one that awaits
 * approval voids its held money back to the member's available pocket. Any other state: 409.
 */
export async function decidePayout(
  db: Executor,
  provider: PaymentProvider | undefined,
  reference: string,
  decision: 'approve' | 'decline',
  decidedBy?: number | null,
): Promise<PayoutRow> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
  if (!row) throw new AppError('not_found', 'payout.not_found');

  if (decision === 'decline') {
    if (row.status !== 'awaiting_approval') throw new AppError('conflict', 'payout.not_awaiting_approval');
    const settled = await settlePayout(db, row.id, { status: 'declined' }, decidedBy);
    if (settled.outcome === 'already_settled') throw new AppError('conflict', 'payout.not_awaiting_approval');
    await notifyPayoutOutcome(db, settled.payout);
    return settled.payout;
  }

  if (!provider || provider.id !== row.provider)
    throw new AppError('service_unavailable', 'payments.provider_unavailable');
  if (row.status === 'awaiting_approval') {
    const approved = await db
      .update(payouts)
      .set({ status: 'pending', approvedBy: decidedBy ?? null, approvedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payouts.id, row.id), eq(payouts.status, 'awaiting_approval')))
      .returning({ id: payouts.id });
    if (approved.length !== 1) throw new AppError('conflict', 'payout.not_awaiting_approval');
  } else if (row.status !== 'pending' || row.providerReference !== null) {
    throw new AppError('conflict', 'payout.not_awaiting_approval');
  }
  return sendPayout(db, provider, row.id);
}
