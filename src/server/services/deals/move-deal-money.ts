import { eq } from 'drizzle-orm';
import type { DisputeDecision } from '~/features/deals/constants';
import type { MoneyStep } from '~/features/deals/state-machine';
import type { Executor } from '~/server/db';
import { currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { voidPending } from '~/server/services/wallet/void-pending';
import { dealMoneyKey, findFrozenMoney } from './find-frozen-money';
import { figuresOf, type OfferRow } from './offer-view';
import { sellerDestinations } from './platform-fee';
import { readPlatformSetting } from '~/server/services/settings/read-platform-setting';

export { dealMoneyKey };

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
  const frozen = await findFrozenMoney(tx, offer.id);
  // An approved wallet deal always froze its money in the approval's transaction.
  if (!frozen) throw new AppError('conflict', 'offers.wrong_state');
  const amount = frozen.amount;
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

/** What a dispute's decision moved (docs/deals.md "Disputes"), for the event and the audit row. */
export interface DisputedMoneyMoved {
  decision: DisputeDecision;
  held: number;
  sellerAmount: number;
  fee: number;
  buyerAmount: number;
  transferId: number;
  pendingId: number;
  currency: string;
}

/**
 * Carries out the platform's decision on a disputed deal's frozen money, in the decision's transaction after the
 * lot's, the offer's and the dispute's row locks: one ledger movement with cause `dispute_decision`, the deal's id,
 * step = the decision and key `deal:{id}:dispute:{dispute id}`. `release` posts the whole held amount to the seller
 * (less the platform fee), `refund` voids it back to the buyer, `split` posts `sellerAmount` (more than 0, less than
 * held: 422 `offers.split_amount` otherwise) to the seller less the fee and returns the rest.
 */
export async function moveDisputedMoney(
  tx: Executor,
  offer: OfferRow,
  input: {
    decision: DisputeDecision;
    disputeId: number;
    deciderId: number;
    sellerAmount?: number;
    note?: string | null;
  },
): Promise<DisputedMoneyMoved> {
  const frozen = await findFrozenMoney(tx, offer.id);
  if (frozen?.status !== 'pending') throw new AppError('conflict', 'offers.not_frozen');
  const held = frozen.amount;
  const sellerAmount = input.decision === 'release' ? held : input.decision === 'refund' ? 0 : input.sellerAmount;
  if (sellerAmount === undefined || !Number.isSafeInteger(sellerAmount) || sellerAmount < 0 || sellerAmount > held)
    throw new AppError('validation_failed', 'offers.split_amount', { vars: { max: held } });
  if (input.decision === 'split' && (sellerAmount === 0 || sellerAmount === held))
    throw new AppError('validation_failed', 'offers.split_amount', { vars: { max: held } });
  const cause = {
    cause: 'dispute_decision' as const,
    offerId: offer.id,
    step: input.decision,
    createdBy: input.deciderId,
    key: `deal:${offer.id}:dispute:${input.disputeId}`,
    memo: input.note ?? null,
  };
  let fee = 0;
  let transferId: number;
  if (input.decision === 'refund') {
    transferId = (await voidPending(tx, { ...cause, pendingId: frozen.id })).transfer.id;
  } else {
    const paid = await sellerDestinations(
      tx,
      offer.sellerId,
      frozen.currency,
      sellerAmount,
      await readPlatformSetting(tx, 'platform_fee_bps'),
    );
    fee = paid.fee;
    transferId = (await postPending(tx, { ...cause, pendingId: frozen.id, destinations: paid.destinations })).transfer
      .id;
  }
  return {
    decision: input.decision,
    held,
    sellerAmount,
    fee,
    buyerAmount: held - sellerAmount,
    transferId,
    pendingId: frozen.id,
    currency: frozen.currency,
  };
}
