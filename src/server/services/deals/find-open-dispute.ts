import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { dealDisputes } from '~/server/db/schema';
import { AppError } from '~/server/errors';

export type DealDispute = typeof dealDisputes.$inferSelect;

/** The deal's open dispute, if any (at most one: a unique partial index). */
export async function findOpenDispute(db: Executor, offerId: number): Promise<DealDispute | undefined> {
  const [open] = await db
    .select()
    .from(dealDisputes)
    .where(and(eq(dealDisputes.offerId, offerId), eq(dealDisputes.status, 'open')));
  return open;
}

/**
 * Refuses a step that would move a disputed deal's frozen money (409 `offers.in_dispute`). Called under the
 * offer's row lock, which opening a dispute also takes, so a dispute and a release cannot pass each other.
 */
export async function assertNotInDispute(tx: Executor, offerId: number): Promise<void> {
  if (await findOpenDispute(tx, offerId)) throw new AppError('offers.in_dispute', 'offers.in_dispute');
}
