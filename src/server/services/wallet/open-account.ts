import type { Executor } from '~/server/db/client';
import { walletAccounts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type AccountSpec, type WalletAccount, findAccount } from './find-account';

/**
 * The account the spec names, opened on first use (docs/wallet.md "Accounts"). Idempotent and safe when two
 * requests open the same account at once: the unique indexes keep one row, and both answer it.
 */
export async function openAccount(db: Executor, spec: AccountSpec): Promise<WalletAccount> {
  const existing = await findAccount(db, spec);
  if (existing) {
    if (existing.currency !== spec.currency) throw new AppError('wallet.currency_mismatch', 'wallet.currency_mismatch');
    return existing;
  }
  await db
    .insert(walletAccounts)
    .values({
      kind: spec.kind,
      currency: spec.currency,
      userId: spec.kind === 'member_available' ? spec.userId : null,
      offerId: spec.kind === 'deal_frozen' ? spec.offerId : null,
      provider: spec.kind === 'provider_clearing' ? spec.provider : null,
    })
    .onConflictDoNothing();
  const opened = await findAccount(db, spec);
  if (!opened) throw new Error('wallet: account neither opened nor found');
  if (opened.currency !== spec.currency) throw new AppError('wallet.currency_mismatch', 'wallet.currency_mismatch');
  return opened;
}
