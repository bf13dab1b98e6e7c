import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { type PayoutStatus, payouts } from '~/server/db/schema';
import type { PaymentStatus } from '~/server/payments/provider';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { voidPending } from '~/server/services/wallet/void-pending';

export type PayoutRow = typeof payouts.$inferSelect;

/** The ledger keys of a payout's money (docs/wallet.md "Payouts"): held, then paid out or returned — each once. */
export const payoutKey = (reference: string, step: 'hold' | 'paid' | 'returned') =>
  step === 'hold' ? `payout:${reference}` : `payout:${reference}:${step}`;

/** A payout that reached one of these has had its money moved for good. */
export const SETTLED_PAYOUT: ReadonlySet<PayoutStatus> = new Set(['succeeded', 'failed', 'declined']);

export type SettleOutcome = 'paid' | 'returned' | 'already_settled' | 'status_recorded';

/**
 * Settles a payout by what the provider (or an administrator) said, exactly once, in one transaction: the row
 * locked; a payout already settled changes nothing; `succeeded` posts the held money from `payouts_in_flight` to the
 * provider's clearing account; `failed`/`cancelled` (or an administrator's `declined`) voids it back to the
 * member's available pocket. Anything else (still pending) only records the provider's reference.
 */
export async function settlePayout(
  db: Executor,
  payoutId: number,
  result: { status: PaymentStatus | 'declined'; failure?: string | null; providerReference?: string | null },
  decidedBy?: number | null,
): Promise<{ outcome: SettleOutcome; payout: PayoutRow }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (SETTLED_PAYOUT.has(locked.status)) return { outcome: 'already_settled' as const, payout: locked };
    // A payout awaiting approval was never sent: only an administrator's decline settles it.
    if (locked.status === 'awaiting_approval' && result.status !== 'declined')
      return { outcome: 'status_recorded' as const, payout: locked };
    const providerReference = locked.providerReference ?? result.providerReference ?? null;

    if (result.status === 'succeeded') {
      const clearing = await openAccount(tx, {
        kind: 'provider_clearing',
        provider: locked.provider,
        currency: locked.currency,
      });
      const { transfer } = await postPending(tx, {
        pendingId: locked.pendingId,
        key: payoutKey(locked.reference, 'paid'),
        cause: 'payout',
        createdBy: locked.userId,
        memo: `${locked.provider} ${providerReference ?? locked.reference}`,
        destinations: [{ accountId: clearing.id, amount: locked.amountMinor }],
      });
      const [payout] = await tx
        .update(payouts)
        .set({ status: 'succeeded', failure: null, transferId: transfer.id, providerReference, updatedAt: sql`now()` })
        .where(eq(payouts.id, locked.id))
        .returning();
      return { outcome: 'paid' as const, payout };
    }

    if (result.status === 'failed' || result.status === 'cancelled' || result.status === 'declined') {
      const { transfer } = await voidPending(tx, {
        pendingId: locked.pendingId,
        key: payoutKey(locked.reference, 'returned'),
        cause: 'payout',
        createdBy: decidedBy ?? locked.userId,
        memo: `${locked.provider} ${providerReference ?? locked.reference} ${result.failure ?? result.status}`,
      });
      const declined = result.status === 'declined';
      const [payout] = await tx
        .update(payouts)
        .set({
          status: declined ? 'declined' : 'failed',
          failure: declined ? null : (result.failure ?? result.status),
          transferId: transfer.id,
          providerReference,
          ...(declined ? { approvedBy: decidedBy ?? null, approvedAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(payouts.id, locked.id))
        .returning();
      return { outcome: 'returned' as const, payout };
    }

    const [payout] = await tx
      .update(payouts)
      .set({ providerReference, updatedAt: sql`now()` })
      .where(eq(payouts.id, locked.id))
      .returning();
    return { outcome: 'status_recorded' as const, payout };
  });
}
