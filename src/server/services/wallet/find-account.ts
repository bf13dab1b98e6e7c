import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import { walletAccounts } from '~/server/db/schema';

/** Which account (docs/wallet.md "Accounts"): one per member and currency, per deal, per provider and currency… */
export type AccountSpec =
  | { kind: 'member_available'; userId: number; currency: string }
  | { kind: 'deal_frozen'; offerId: number; currency: string }
  | { kind: 'provider_clearing'; provider: string; currency: string }
  | { kind: 'payouts_in_flight' | 'fees' | 'refunds'; currency: string };

export type WalletAccount = typeof walletAccounts.$inferSelect;

export function accountWhere(spec: AccountSpec): SQL {
  const owner =
    spec.kind === 'member_available'
      ? eq(walletAccounts.userId, spec.userId)
      : spec.kind === 'deal_frozen'
        ? eq(walletAccounts.offerId, spec.offerId)
        : spec.kind === 'provider_clearing'
          ? eq(walletAccounts.provider, spec.provider)
          : undefined;
  // A deal has one frozen pocket whatever its currency, so its currency is not part of what names it.
  const currency = spec.kind === 'deal_frozen' ? undefined : eq(walletAccounts.currency, spec.currency);
  return and(eq(walletAccounts.kind, spec.kind), owner, currency)!;
}

/** The account the spec names, if it was opened. */
export async function findAccount(db: Executor, spec: AccountSpec): Promise<WalletAccount | undefined> {
  const [row] = await db.select().from(walletAccounts).where(accountWhere(spec)).limit(1);
  return row;
}
