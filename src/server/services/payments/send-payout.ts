import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import { type PaymentProvider, type PayoutResult, ProviderError } from '~/server/payments/provider';
import { notifyPayoutOutcome } from './notify-payout-outcome';
import { type PayoutRow, settlePayout } from './settle-payout';
import { errorMessage, log } from '~/server/log';

/**
 * Hands a `pending` payout to its provider (docs/wallet.md "Payouts"), outside any transaction: the money is held in
 * `payouts_in_flight` already. The provider's answer settles it when final (the webhook may have done so first;
 * settling is once either way); a provider that refuses a first request outright fails it and the money returns
 * (a refused re-send is looked up with the provider instead: the first request may have paid). A
 * provider that cannot be reached leaves it pending: the request is idempotent by our reference, so it is sent again
 * (`npm run admin -- approve-payout REFERENCE`) or settled by the provider's webhook.
 */
export async function sendPayout(db: Executor, provider: PaymentProvider, payoutId: number): Promise<PayoutRow> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (row.status !== 'pending' || row.provider !== provider.id) return row;
  await db
    .update(payouts)
    .set({ sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, row.id), isNull(payouts.sentAt)));

  let result: PayoutResult;
  try {
    result = await provider.createPayout({
      reference: row.reference,
      amountMinor: row.amountMinor,
      currency: row.currency,
      method: row.method,
      destination:
        row.method === 'mobile_money'
          ? { phone: row.destination }
          : { accountNumber: row.destination, bankCode: row.bankCode ?? '', accountName: row.accountName ?? undefined },
      reason: 'Mavuno wallet withdrawal',
    });
  } catch (error) {
    const reachable = error instanceof ProviderError && error.code !== 'unavailable' && error.code !== 'bad_response';
    log.warn(
      { component: 'payouts', reference: row.reference, provider: row.provider },
      `payout ${row.reference}: provider refused or unreachable: ${errorMessage(error)}`,
    );
    const current = async () => (await db.select().from(payouts).where(eq(payouts.id, row.id)))[0];
    if (!reachable) return current();
    if (row.sentAt) {
      // Sent before (a re-send): a refusal may only mean "this reference exists already" — the first request may
      // have paid. The provider's own record decides; without one, the money stays held for reconciliation.
      try {
        result = await provider.verifyPayout({
          reference: row.reference,
          providerReference: row.providerReference ?? undefined,
        });
      } catch {
        return current();
      }
      return settleWith(db, row.id, result);
    }
    const settled = await db.transaction(async (tx) => {
      const done = await settlePayout(tx, row.id, { status: 'failed', failure: 'refused' });
      if (done.outcome === 'returned') await notifyPayoutOutcome(tx, done.payout);
      return done;
    });
    return settled.payout;
  }
  return settleWith(db, row.id, result);
}

/**
 * Settles a payout by the provider's answer (a final one once; pending leaves it held) and tells the member, the
 * e-mail queued in the settlement's transaction.
 */
async function settleWith(db: Executor, payoutId: number, result: PayoutResult): Promise<PayoutRow> {
  const settled = await db.transaction(async (tx) => {
    const done = await settlePayout(tx, payoutId, {
      status: result.status === 'action_required' ? 'pending' : result.status,
      failure: result.failure,
      providerReference: result.providerReference,
    });
    if (done.outcome === 'paid' || done.outcome === 'returned') await notifyPayoutOutcome(tx, done.payout);
    return done;
  });
  return settled.payout;
}
