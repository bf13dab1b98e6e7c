import { and, eq } from 'drizzle-orm';
import { PAYMENT_TYPE, paysThroughMavuno } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { offers, walletPending, walletTransfers } from '~/server/db/schema';
import { assertParty } from './list-offers';
import { dealMoneyKey } from './move-deal-money';

/**
 * Where a wallet or online deal's money is (docs/deals.md "Wallet payment", "Online payment (payment_type 3)"):
 * not yet moved (waiting for approval or, for an online deal, for the buyer's payment; or a deal that ended
 * before), frozen for this deal, released to the seller, or returned to the buyer; with its amount in minor units
 * and whether the deal is paid online. `null` for a deal paid directly. The deal's two parties only (403/404).
 */
export type DealMoney = {
  where: 'not_moved' | 'frozen' | 'released' | 'returned';
  amount: number | null;
  online: boolean;
} | null;

const WHERE = { pending: 'frozen', posted: 'released', voided: 'returned' } as const;

export async function readDealMoney(db: Executor, userId: number, offerId: number): Promise<DealMoney> {
  await assertParty(db, userId, offerId);
  const [offer] = await db.select({ paymentType: offers.paymentType }).from(offers).where(eq(offers.id, offerId));
  if (!paysThroughMavuno(offer.paymentType)) return null;
  const online = offer.paymentType === PAYMENT_TYPE.online;
  const [frozen] = await db
    .select({ status: walletPending.status, amount: walletPending.amount })
    .from(walletPending)
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPending.transferId))
    .where(
      and(eq(walletTransfers.offerId, offerId), eq(walletTransfers.idempotencyKey, dealMoneyKey(offerId, 'freeze'))),
    );
  if (!frozen) return { where: 'not_moved', amount: null, online };
  return { where: WHERE[frozen.status], amount: Number(frozen.amount), online };
}
