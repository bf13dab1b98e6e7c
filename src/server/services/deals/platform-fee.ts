import type { Executor } from '~/server/db';
import { openAccount } from '~/server/services/wallet/open-account';
import type { PostingInput } from '~/server/services/wallet/write-transfer';

/**
 * The platform's fee on `amount` minor units at `basisPoints` (250 = 2.5 %), rounded half up to a whole minor unit,
 * once (docs/wallet.md "Fees"). Integers only.
 */
export function platformFeeOf(amount: number, basisPoints: number): number {
  if (basisPoints <= 0 || amount <= 0) return 0;
  return Number((BigInt(amount) * BigInt(basisPoints) + 5000n) / 10000n);
}

/**
 * Where released deal money goes: `amount` to the seller's available pocket less the platform fee, and the fee to
 * the currency's `fees` account as its own posting (none at 0 %). The destinations of one `postPending`. The caller
 * reads the fee's basis points first (readPlatformSetting `platform_fee_bps`, in its transaction).
 */
export async function sellerDestinations(
  tx: Executor,
  sellerId: number,
  currency: string,
  amount: number,
  basisPoints: number,
): Promise<{ destinations: PostingInput[]; fee: number }> {
  const fee = platformFeeOf(amount, basisPoints);
  const seller = await openAccount(tx, { kind: 'member_available', userId: sellerId, currency });
  const destinations: PostingInput[] = [];
  if (amount - fee > 0) destinations.push({ accountId: seller.id, amount: amount - fee });
  if (fee > 0) {
    const fees = await openAccount(tx, { kind: 'fees', currency });
    destinations.push({ accountId: fees.id, amount: fee });
  }
  return { destinations, fee };
}
