import { and, eq } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { walletPending, walletTransfers } from '~/server/db/schema';
import type { MoneyStep } from '~/features/deals/state-machine';

/** The key of a wallet deal's step: one freeze, one release or return per deal, whoever retries. */
export const dealMoneyKey = (offerId: number, step: MoneyStep) => `deal:${offerId}:${step}`;

/**
 * The pending transfer that froze a deal's money (key `deal:{id}:freeze`), whatever paid it (the wallet, or an
 * online payment frozen the same way): its money is frozen while its status is `pending`.
 */
export async function findFrozenMoney(db: Executor, offerId: number) {
  const [frozen] = await db
    .select({
      id: walletPending.id,
      amount: walletPending.amount,
      status: walletPending.status,
      currency: walletPending.currency,
    })
    .from(walletPending)
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPending.transferId))
    .where(
      and(eq(walletTransfers.offerId, offerId), eq(walletTransfers.idempotencyKey, dealMoneyKey(offerId, 'freeze'))),
    );
  return frozen ? { ...frozen, amount: Number(frozen.amount) } : undefined;
}
