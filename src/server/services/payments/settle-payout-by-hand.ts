import { eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { type PayoutRow, settlePayout } from './settle-payout';

/**
 * Settles a sent payout by the provider's statement, when the provider has no status query to ask (M-Pesa B2C:
 * docs/wallet.md "Reconciliation"); `npm run admin -- settle-payout REFERENCE paid|failed`. Only a `pending` payout
 * (sent, its money held in flight) and only once: `paid` posts the held money to the provider's clearing account,
 * `failed` returns it to the member's pocket; the member is e-mailed. Anything else: 409.
 */
export async function settlePayoutByHand(
  db: Executor,
  reference: string,
  outcome: 'paid' | 'failed',
  decidedBy?: number | null,
): Promise<PayoutRow> {
  const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
  if (!row) throw new AppError('not_found', 'payout.not_found');
  if (row.status !== 'pending') throw new AppError('conflict', 'payout.not_pending');
  // The settlement and its e-mail are written together.
  const settled = await db.transaction(async (tx) => {
    const done = await settlePayout(
      tx,
      row.id,
      outcome === 'paid' ? { status: 'succeeded' } : { status: 'failed', failure: 'other' },
      decidedBy,
    );
    if (done.outcome !== 'paid' && done.outcome !== 'returned') throw new AppError('conflict', 'payout.not_pending');
    await notifyPayoutOutcome(tx, done.payout);
    return done;
  });
  return settled.payout;
}
