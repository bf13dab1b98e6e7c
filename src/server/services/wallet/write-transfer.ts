import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db/client';
import {
  NEGATIVE_ALLOWED_KINDS,
  type TransferCause,
  type TransferKind,
  walletAccounts,
  walletPostings,
  walletTransfers,
} from '~/server/db/schema';
import { AppError } from '~/server/errors';

export type WalletTransfer = typeof walletTransfers.$inferSelect;

/** One leg of a transfer: signed minor units, positive adds to the account. */
export interface PostingInput {
  accountId: number;
  amount: number;
}

/** What every transfer names (docs/wallet.md "Transfers"). */
export interface TransferCauseInput {
  /** Unique per movement of money: the same key never moves money twice. */
  key: string;
  cause: TransferCause;
  offerId?: number | null;
  step?: string | null;
  createdBy?: number | null;
  memo?: string | null;
}

export interface TransferHeader extends TransferCauseInput {
  kind: TransferKind;
  currency: string;
  pendingId?: number | null;
}

export interface WrittenTransfer {
  transfer: WalletTransfer;
  /** True when the key had already moved this money: nothing was written. */
  replayed: boolean;
}

const unbalanced = () => new AppError('wallet.unbalanced', 'wallet.unbalanced');

/** A whole, non-zero, safe number of minor units. */
export function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount === 0) throw unbalanced();
}

/** The postings with one entry per account (amounts added up), zero nets dropped, in account order. */
export function mergePostings(postings: PostingInput[]): PostingInput[] {
  const byAccount = new Map<number, number>();
  for (const p of postings) {
    assertAmount(p.amount);
    byAccount.set(p.accountId, (byAccount.get(p.accountId) ?? 0) + p.amount);
  }
  return [...byAccount.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b)
    .map(([accountId, amount]) => ({ accountId, amount }));
}

function fingerprintOf(header: TransferHeader, body: unknown): string {
  const canonical = JSON.stringify([
    header.kind,
    header.currency,
    header.cause,
    header.offerId ?? null,
    header.step ?? null,
    header.pendingId ?? null,
    header.createdBy ?? null,
    header.memo ?? null,
    body,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The one place money moves (docs/wallet.md "Concurrency and the lock order"), inside the caller's transaction:
 * 1. the transfer row is inserted first, `ON CONFLICT (idempotency_key) DO NOTHING` — a concurrent request with the
 *    same key waits here and then answers the first transfer (same body) or a conflict (another body);
 * 2. `prepare` runs (it locks a pending row if it resolves one) and answers the postings;
 * 3. every account is locked at once, in ascending id order; balances are checked, postings written and cached
 *    balances updated.
 * `body` is what the caller asked for (it makes the fingerprint); `prepare` may turn it into postings.
 */
export async function writeTransfer(
  tx: Executor,
  header: TransferHeader,
  body: unknown,
  prepare: (transfer: WalletTransfer) => Promise<PostingInput[]>,
): Promise<WrittenTransfer> {
  const fingerprint = fingerprintOf(header, body);
  const [inserted] = await tx
    .insert(walletTransfers)
    .values({
      idempotencyKey: header.key,
      fingerprint,
      kind: header.kind,
      currency: header.currency,
      cause: header.cause,
      offerId: header.offerId ?? null,
      step: header.step ?? null,
      pendingId: header.pendingId ?? null,
      createdBy: header.createdBy ?? null,
      memo: header.memo ?? null,
    })
    .onConflictDoNothing({ target: walletTransfers.idempotencyKey })
    .returning();
  if (!inserted) {
    const [first] = await tx.select().from(walletTransfers).where(eq(walletTransfers.idempotencyKey, header.key));
    if (!first || first.fingerprint !== fingerprint)
      throw new AppError('wallet.idempotency_conflict', 'wallet.idempotency_conflict');
    return { transfer: first, replayed: true };
  }

  const postings = mergePostings(await prepare(inserted));
  if (postings.length < 2 || postings.reduce((sum, p) => sum + p.amount, 0) !== 0) throw unbalanced();

  const ids = postings.map((p) => p.accountId);
  const accounts = await tx
    .select({
      id: walletAccounts.id,
      kind: walletAccounts.kind,
      currency: walletAccounts.currency,
      balance: walletAccounts.balance,
    })
    .from(walletAccounts)
    .where(inArray(walletAccounts.id, ids))
    .orderBy(asc(walletAccounts.id))
    .for('update');
  if (accounts.length !== ids.length) throw new AppError('not_found', 'wallet.not_found');
  const byId = new Map(accounts.map((a) => [a.id, a]));
  for (const p of postings) {
    const account = byId.get(p.accountId)!;
    if (account.currency !== header.currency)
      throw new AppError('wallet.currency_mismatch', 'wallet.currency_mismatch');
    const next = account.balance + p.amount;
    if (!Number.isSafeInteger(next)) throw unbalanced();
    if (next < 0 && !NEGATIVE_ALLOWED_KINDS.includes(account.kind))
      throw new AppError('wallet.insufficient_funds', 'wallet.insufficient_funds');
  }

  await tx.insert(walletPostings).values(
    postings.map((p) => ({
      transferId: inserted.id,
      accountId: p.accountId,
      currency: header.currency,
      amount: p.amount,
    })),
  );
  for (const p of postings)
    await tx
      .update(walletAccounts)
      .set({ balance: sql`${walletAccounts.balance} + ${p.amount}` })
      .where(eq(walletAccounts.id, p.accountId));
  return { transfer: inserted, replayed: false };
}
