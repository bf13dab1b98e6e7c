import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { payments } from '~/server/db/schema';
import { AppError } from '~/server/errors';

/** A payment of the caller's, by its reference; anyone else's answers 404, as if it did not exist. */
export async function readPayment(db: Executor, userId: number, reference: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.userId, userId)));
  if (!row) throw new AppError('not_found', 'payments.not_found');
  return {
    reference: row.reference,
    provider: row.provider,
    purpose: row.purpose,
    status: row.status,
    failure: row.failure,
    amount_minor: row.amountMinor,
    currency: row.currency.trim(),
    credited: row.transferId !== null,
    created_at: row.createdAt.toISOString(),
  };
}
