import { and, eq } from 'drizzle-orm';
import type { PayoutAnswer } from '~/features/wallet/payout';
import type { Executor } from '~/server/db/client';
import { payouts } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** A payout of the caller's, by its reference; anyone else's answers 404, as if it did not exist. */
export async function readPayout(db: Executor, userId: number, reference: string): Promise<PayoutAnswer> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.reference, reference), eq(payouts.userId, userId)));
  if (!row) throw new AppError('not_found', 'payout.not_found');
  return {
    reference: row.reference,
    provider: row.provider,
    method: row.method,
    destination: row.destinationMasked,
    status: row.status,
    failure: row.failure,
    amount_minor: row.amountMinor,
    currency: row.currency.trim(),
    created_at: row.createdAt.toISOString(),
  };
}
