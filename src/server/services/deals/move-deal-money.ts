import { and, eq } from 'drizzle-orm';
import type { MoneyStep } from '~/features/deals/state-machine';
import type { Executor } from '~/server/db';
import { currencies, walletPending, walletTransfers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { voidPending } from '~/server/services/wallet/void-pending';
import { figuresOf, type OfferRow } from './offer-view';
import { sellerDestinations } from './platform-fee';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';

/** The key of a wallet deal's step: one freeze, one release or return per deal, whoever retries. */
export const dealMoneyKey = (offerId: number, step: MoneyStep) => `deal:${offerId}:${step}`;

/** What a step moved, for the step's event in the deal's chain. */
export interface DealMoneyMoved {
  step: MoneyStep;
  transfer_id: number;
  pending_id: number;
  amount: number;
  currency: string;
}

/**
 * Moves a wallet deal's money for one step (docs/deals.md "Wallet payment"), inside the step's transaction and
 * after its lot and offer locks; the ledger takes its key, pending-row and account locks last (docs/wallet.md
 * "Concurrency and the lock order"). `freeze` holds the deal's total with delivery from the buyer's available
 * pocket in the deal's frozen pocket (refused with `wallet.insufficient_funds` when the pocket cannot cover it);
 * `release` posts it to the seller's available pocket; `return` voids it back to the buyer. Exactly once: the
 * pending transfer resolves once, and each step's key is the deal's.
 */
export async function moveDealMoney(
  tx: Executor,
  offer: OfferRow,
  step: MoneyStep,
  actorId: number,
): Promise<DealMoneyMoved> {
  const [currency] = await tx
    .select({ code: currencies.code })
    .from(currencies)
    .where(eq(currencies.id, offer.currencyId));
  const cause = {
    cause: 'deal' as const,
    offerId: offer.id,
    step,
    createdBy: actorId,
    key: dealMoneyKey(offer.id, step),
  };
  if (step === 'freeze') {
    const amount = figuresOf(offer).total_price_with_delivery_minor;
    const source = await openAccount(tx, { kind: 'member_available', userId: offer.buyerId, currency: currency.code });
    const hold = await openAccount(tx, { kind: 'deal_frozen', offerId: offer.id, currency: currency.code });
    const { transfer, pending } = await createPending(tx, {
      ...cause,
      currency: currency.code,
      sourceAccountId: source.id,
      holdAccountId: hold.id,
      amount,
    });
    return { step, transfer_id: transfer.id, pending_id: pending.id, amount, currency: currency.code };
  }
  const [frozen] = await tx
    .select({ id: walletPending.id, amount: walletPending.amount })
    .from(walletPending)
    .innerJoin(walletTransfers, eq(walletTransfers.id, walletPending.transferId))
    .where(
      and(eq(walletTransfers.offerId, offer.id), eq(walletTransfers.idempotencyKey, dealMoneyKey(offer.id, 'freeze'))),
    );
  // An approved wallet deal always froze its money in the approval's transaction.
  if (!frozen) throw new AppError('conflict', 'offers.wrong_state');
  const amount = Number(frozen.amount);
  if (step === 'release') {
    // The seller's part less the platform fee, the fee its own posting (docs/wallet.md "Fees").
    const { destinations } = await sellerDestinations(
      tx,
      offer.sellerId,
      currency.code,
      amount,
      await readPlatformSetting(tx, 'platform_fee_bps'),
    );
    const { transfer } = await postPending(tx, { ...cause, pendingId: frozen.id, destinations });
    return { step, transfer_id: transfer.id, pending_id: frozen.id, amount, currency: currency.code };
  }
  const { transfer } = await voidPending(tx, { ...cause, pendingId: frozen.id });
  return { step, transfer_id: transfer.id, pending_id: frozen.id, amount, currency: currency.code };
}
