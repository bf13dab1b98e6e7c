import type { Executor } from '~/server/db/client';
import type { payments } from '~/server/db/schema';
import { openAccount } from '~/server/services/wallet/open-account';
import { postTransfer } from '~/server/services/wallet/post-transfer';

/**
 * Credits a verified payment (docs/payments.md "Webhooks"): one ledger transfer, cause `top_up`, from the provider's
 * clearing account to the payer's available pocket in the payment's currency, under `key` — one key per payment, so
 * the money moves once however often it is asked. A deal's payment names its deal. Answers the transfer's id.
 */
export async function creditPayment(
  tx: Executor,
  payment: typeof payments.$inferSelect,
  credit: { key: string; memo: string; offerId?: number },
): Promise<number> {
  const clearing = await openAccount(tx, {
    kind: 'provider_clearing',
    provider: payment.provider,
    currency: payment.currency,
  });
  const pocket = await openAccount(tx, {
    kind: 'member_available',
    userId: payment.userId,
    currency: payment.currency,
  });
  const { transfer } = await postTransfer(tx, {
    key: credit.key,
    cause: 'top_up',
    offerId: credit.offerId,
    createdBy: payment.userId,
    memo: credit.memo,
    currency: payment.currency,
    postings: [
      { accountId: clearing.id, amount: -payment.amountMinor },
      { accountId: pocket.id, amount: payment.amountMinor },
    ],
  });
  return transfer.id;
}
