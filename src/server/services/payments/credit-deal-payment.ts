import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { offers, payments } from '~/server/db/schema';
import { applyDealEvent } from '~/server/services/deals/apply-deal-event';
import { notifyDealStep } from '~/server/services/deals/notify';
import { creditPayment } from './credit-payment';

/** The ledger key of a deal payment's credit: one per payment, whatever event brings it. */
export const dealPaymentKey = (provider: string, reference: string) => `deal-payment:${provider}:${reference}`;

export type DealPaymentOutcome = 'held' | 'left_available';

/**
 * Credits a verified, succeeded deal payment (docs/payments.md "Deal payments"), inside the webhook's transaction
 * and after its payment row lock. The deal's row is locked first (before any ledger lock, the order of every deal
 * step: docs/wallet.md "Concurrency and the lock order"). Then, in that one transaction:
 *
 * 1. the money from the provider's clearing account to the buyer's available pocket — a top-up-like transfer
 *    (cause `top_up`, naming the deal, key `deal-payment:{provider}:{reference}`): the money is the buyer's first;
 * 2. the deal's own event `payment-credited` through the one write path (apply-deal-event.ts): if the state machine
 *    says the deal still waits for this payment (approved, online, money not sent), the deal's freeze exactly as a
 *    wallet deal's approval makes it (key `deal:{id}:freeze`), the payment track → sent, and a `payment-send` event
 *    by the buyer in the deal's chain with `data.wallet` (the freeze) and `data.payment`; release, return and
 *    disputes then work as for a wallet deal;
 * 3. otherwise (declined, already paid by another checkout, done) the money stays in the buyer's available pocket,
 *    never lost, and the row's `deal_outcome` says `left_available`.
 *
 * The payment row becomes `succeeded` with the credit's transfer.
 */
export async function creditDealPayment(
  tx: Executor,
  payment: typeof payments.$inferSelect,
  providerReference: string | undefined,
): Promise<{ transferId: number; outcome: DealPaymentOutcome }> {
  const offerId = payment.offerId as number;
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  const transferId = await creditPayment(tx, payment, {
    key: dealPaymentKey(payment.provider, payment.reference),
    offerId,
    memo: `${payment.provider} ${providerReference ?? payment.reference} deal #${offerId}`,
  });

  // The buyer who pays is the deal's buyer (POST /offer/pay checks it); the amount is the deal's total at the time,
  // and a deal's figures never change once approved. A payment by anyone else is never the deal's.
  const result =
    offer.buyerId === payment.userId
      ? await applyDealEvent(tx, offer, {
          event: 'payment-credited',
          actor: { kind: 'system' },
          payment: {
            provider: payment.provider,
            reference: payment.reference,
            method: payment.method,
            transfer_id: transferId,
          },
        })
      : null;
  const outcome: DealPaymentOutcome = result?.outcome === 'applied' ? 'held' : 'left_available';
  await tx
    .update(payments)
    .set({ status: 'succeeded', failure: null, transferId: transferId, dealOutcome: outcome, updatedAt: sql`now()` })
    .where(eq(payments.id, payment.id));
  return { transferId: transferId, outcome };
}

/**
 * In the webhook's transaction, after the credit: when a deal payment's money was held for its deal, the seller is
 * e-mailed "money sent" like any step (docs/deals.md "E-mail"), the mail queued in that transaction, and the SMS
 * notices go with it — the seller's step, the buyer's "money held" (notifyDealStep reads it from the freeze); a
 * payment left in the buyer's pocket tells the seller nothing.
 */
export async function notifyDealPaid(db: Executor, paymentId: number): Promise<void> {
  const [payment] = await db
    .select({ offerId: payments.offerId, userId: payments.userId, outcome: payments.dealOutcome })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (payment?.outcome !== 'held' || payment.offerId === null) return;
  await notifyDealStep(db, payment.offerId, 'payment-send', payment.userId);
}
