import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walletAccounts, walletPending, walletPostings, walletTransfers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { createPending } from '~/server/services/wallet/create-pending';
import { findAccount } from '~/server/services/wallet/find-account';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { postTransfer } from '~/server/services/wallet/post-transfer';
import { voidPending } from '~/server/services/wallet/void-pending';
import { useTestDatabase } from '../fixtures/database';
import { freshKey, topUp, walletParties } from '../fixtures/wallet';

const database = useTestDatabase();
const db = () => database.handle().db;

const balance = async (id: number) =>
  (await db().select({ b: walletAccounts.balance }).from(walletAccounts).where(eq(walletAccounts.id, id)))[0].b;
/** The stable code a rejected promise carries. */
const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    return error instanceof AppError
      ? error.code
      : `db:${(error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code}`;
  }
};

/** The database's own words when it refuses a statement (drizzle wraps them as the error's cause). */
const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'accepted';
  } catch (error) {
    return `${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}`;
  }
};

async function dealSetup(funds: number) {
  const { seller, buyers } = await walletParties(database.handle(), 2);
  const [buyer, other] = buyers;
  const pocket = await topUp(database.handle(), buyer.id, funds);
  const frozen = await openAccount(db(), { kind: 'deal_frozen', offerId: buyer.offerId, currency: 'KES' });
  const frozenOther = await openAccount(db(), { kind: 'deal_frozen', offerId: other.offerId, currency: 'KES' });
  const sellerPocket = await openAccount(db(), { kind: 'member_available', userId: seller.id, currency: 'KES' });
  return { seller, buyer, other, pocket, frozen, frozenOther, sellerPocket };
}

describe('the ledger', () => {
  it('opens one account per member and currency, however often it is opened', async () => {
    const { buyer } = await dealSetup(1000);
    const a = await openAccount(db(), { kind: 'member_available', userId: buyer.id, currency: 'KES' });
    const [b, c] = await Promise.all([
      openAccount(db(), { kind: 'member_available', userId: buyer.id, currency: 'KES' }),
      openAccount(db(), { kind: 'member_available', userId: buyer.id, currency: 'KES' }),
    ]);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await findAccount(db(), { kind: 'member_available', userId: buyer.id, currency: 'UGX' })).toBeUndefined();
  });

  it('refuses unbalanced, single-leg, zero and fractional transfers, and another currency’s account', async () => {
    const { pocket, sellerPocket } = await dealSetup(1000);
    const base = { key: freshKey(), cause: 'correction' as const, currency: 'KES' };
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: -5 },
            { accountId: sellerPocket.id, amount: 4 },
          ],
        }),
      ),
    ).toBe('wallet.unbalanced');
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: 0 },
            { accountId: sellerPocket.id, amount: 0 },
          ],
        }),
      ),
    ).toBe('wallet.unbalanced');
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: -1.5 },
            { accountId: sellerPocket.id, amount: 1.5 },
          ],
        }),
      ),
    ).toBe('wallet.unbalanced');
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: -5 },
            { accountId: pocket.id, amount: 5 },
          ],
        }),
      ),
    ).toBe('wallet.unbalanced');
    const ugx = await openAccount(db(), { kind: 'fees', currency: 'UGX' });
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: -5 },
            { accountId: ugx.id, amount: 5 },
          ],
        }),
      ),
    ).toBe('wallet.currency_mismatch');
    expect(
      await codeOf(
        postTransfer(db(), {
          ...base,
          postings: [
            { accountId: pocket.id, amount: -1001 },
            { accountId: sellerPocket.id, amount: 1001 },
          ],
        }),
      ),
    ).toBe('wallet.insufficient_funds');
    expect(await balance(pocket.id)).toBe(1000);
  });

  it('answers the first transfer for a repeated key and refuses another body under it', async () => {
    const { pocket, sellerPocket } = await dealSetup(1000);
    const input = {
      key: freshKey(),
      cause: 'fee' as const,
      currency: 'KES',
      postings: [
        { accountId: pocket.id, amount: -300 },
        { accountId: sellerPocket.id, amount: 300 },
      ],
    };
    const first = await postTransfer(db(), input);
    const again = await postTransfer(db(), { ...input, postings: [...input.postings].reverse() });
    expect(again).toMatchObject({ replayed: true, transfer: { id: first.transfer.id } });
    expect(await balance(pocket.id)).toBe(700);
    expect(
      await codeOf(
        postTransfer(db(), {
          ...input,
          postings: [
            { accountId: pocket.id, amount: -301 },
            { accountId: sellerPocket.id, amount: 301 },
          ],
        }),
      ),
    ).toBe('wallet.idempotency_conflict');
    expect(await codeOf(postTransfer(db(), { ...input, cause: 'correction' }))).toBe('wallet.idempotency_conflict');
    expect(await balance(pocket.id)).toBe(700);
  });

  it('freezes, then releases, returns or splits exactly once', async () => {
    const { buyer, pocket, frozen, sellerPocket } = await dealSetup(10_000);
    const fees = await openAccount(db(), { kind: 'fees', currency: 'KES' });
    const freeze = (amount: number, key = freshKey()) =>
      createPending(db(), {
        key,
        cause: 'deal',
        offerId: buyer.offerId,
        step: 'freeze',
        currency: 'KES',
        sourceAccountId: pocket.id,
        holdAccountId: frozen.id,
        amount,
      });

    const a = await freeze(4000);
    expect(await balance(pocket.id)).toBe(6000);
    expect(await balance(frozen.id)).toBe(4000);
    const releaseKey = freshKey();
    const release = {
      key: releaseKey,
      cause: 'deal' as const,
      offerId: buyer.offerId,
      step: 'release',
      pendingId: a.pending.id,
      destinations: [{ accountId: sellerPocket.id, amount: 4000 }],
    };
    expect((await postPending(db(), release)).pending.status).toBe('posted');
    expect(await postPending(db(), release)).toMatchObject({ replayed: true });
    expect(
      await codeOf(voidPending(db(), { key: freshKey(), cause: 'deal', step: 'return', pendingId: a.pending.id })),
    ).toBe('wallet.pending_already_resolved');
    expect(await codeOf(postPending(db(), { ...release, key: freshKey() }))).toBe('wallet.pending_already_resolved');
    expect(await balance(sellerPocket.id)).toBe(4000);
    expect(await balance(frozen.id)).toBe(0);

    const b = await freeze(3000);
    // The return names the deal the freeze was made for without being told it.
    const returned = await voidPending(db(), {
      key: freshKey(),
      cause: 'deal',
      step: 'return',
      pendingId: b.pending.id,
    });
    expect(returned.transfer).toMatchObject({ kind: 'void_pending', offerId: buyer.offerId, pendingId: b.pending.id });
    expect(await balance(pocket.id)).toBe(6000);
    // A deal's transfer that names no deal is refused by the database.
    expect(
      await refusal(
        postTransfer(db(), {
          key: freshKey(),
          cause: 'deal',
          currency: 'KES',
          postings: [
            { accountId: pocket.id, amount: -1 },
            { accountId: sellerPocket.id, amount: 1 },
          ],
        }),
      ),
    ).toMatch(/wallet_transfers_deal_ck/);

    const c = await freeze(5000);
    expect(
      await codeOf(
        postPending(db(), {
          key: freshKey(),
          cause: 'dispute_decision',
          pendingId: c.pending.id,
          destinations: [{ accountId: sellerPocket.id, amount: 5001 }],
        }),
      ),
    ).toBe('wallet.unbalanced');
    await postPending(db(), {
      key: freshKey(),
      cause: 'dispute_decision',
      offerId: buyer.offerId,
      step: 'split',
      pendingId: c.pending.id,
      destinations: [
        { accountId: sellerPocket.id, amount: 2900 },
        { accountId: fees.id, amount: 100 },
      ],
    });
    expect(await balance(sellerPocket.id)).toBe(6900);
    expect(await balance(fees.id)).toBe(100);
    expect(await balance(pocket.id)).toBe(3000); // 1000 left + the 2000 of the split returned
    expect(await codeOf(freeze(3001))).toBe('wallet.insufficient_funds');
    expect(
      await codeOf(voidPending(db(), { key: freshKey(), cause: 'deal', step: 'return', pendingId: 999_999 })),
    ).toBe('not_found');
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });
});

describe('the database guards the ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of postings and transfers, and a second resolution of a pending row', async () => {
    const { buyer, pocket, frozen } = await dealSetup(500);
    const p = await createPending(db(), {
      key: freshKey(),
      cause: 'deal',
      offerId: buyer.offerId,
      step: 'freeze',
      currency: 'KES',
      sourceAccountId: pocket.id,
      holdAccountId: frozen.id,
      amount: 200,
    });
    await voidPending(db(), { key: freshKey(), cause: 'deal', step: 'return', pendingId: p.pending.id });
    for (const statement of [
      sql`update wallet_postings set amount = amount + 1`,
      sql`delete from wallet_postings`,
      sql`truncate wallet_postings cascade`,
      sql`update wallet_transfers set memo = 'edited'`,
      sql`delete from wallet_transfers where id = ${p.transfer.id}`,
      sql`update wallet_pending set status = 'posted' where id = ${p.pending.id}`,
      sql`delete from wallet_pending where id = ${p.pending.id}`,
    ])
      expect(await refusal(db().execute(statement))).toMatch(/append-only|already resolved/);
    expect((await db().select().from(walletPending).where(eq(walletPending.id, p.pending.id)))[0].status).toBe(
      'voided',
    );
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('refuses an available pocket below zero and an unbalanced transfer written by hand', async () => {
    const { pocket, sellerPocket } = await dealSetup(100);
    expect(await refusal(db().execute(sql`update wallet_accounts set balance = -1 where id = ${pocket.id}`))).toMatch(
      /wallet_accounts_balance_ck/,
    );
    expect(
      await refusal(
        db().transaction(async (tx) => {
          const [t] = await tx
            .insert(walletTransfers)
            .values({
              idempotencyKey: freshKey(),
              fingerprint: 'by hand',
              kind: 'posted',
              currency: 'KES',
              cause: 'correction',
            })
            .returning();
          await tx
            .insert(walletPostings)
            .values({ transferId: t.id, accountId: sellerPocket.id, currency: 'KES', amount: 50 });
        }),
      ),
    ).toMatch(/not balanced/);
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });
});

describe('checkLedger', () => {
  it('finds a cached balance that differs from its postings', async () => {
    const { pocket } = await dealSetup(100);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
    await db().execute(sql`update wallet_accounts set balance = balance + 5 where id = ${pocket.id}`);
    const report = await checkLedger(db());
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(`account ${pocket.id}: cached balance 105, postings 100`);
    await db().execute(sql`update wallet_accounts set balance = balance - 5 where id = ${pocket.id}`);
    expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
  });
});

describe('concurrent transfers (separate connections on PostgreSQL)', () => {
  it('lets exactly one of two transfers racing for the same available money win', async () => {
    for (let round = 0; round < 3; round++) {
      const { buyer, other, pocket, frozen } = await dealSetup(1000);
      const payouts = await openAccount(db(), { kind: 'payouts_in_flight', currency: 'KES' });
      const results = await Promise.all([
        codeOf(
          createPending(db(), {
            key: freshKey(),
            cause: 'deal',
            offerId: buyer.offerId,
            step: 'freeze',
            currency: 'KES',
            sourceAccountId: pocket.id,
            holdAccountId: frozen.id,
            amount: 700,
          }),
        ),
        codeOf(
          createPending(db(), {
            key: freshKey(),
            cause: 'payout',
            currency: 'KES',
            sourceAccountId: pocket.id,
            holdAccountId: payouts.id,
            amount: 700,
          }),
        ),
        codeOf(
          postTransfer(db(), {
            key: freshKey(),
            cause: 'fee',
            currency: 'KES',
            postings: [
              { accountId: pocket.id, amount: -700 },
              {
                accountId: (await openAccount(db(), { kind: 'member_available', userId: other.id, currency: 'KES' }))
                  .id,
                amount: 700,
              },
            ],
          }),
        ),
      ]);
      expect(results.sort()).toEqual(['ok', 'wallet.insufficient_funds', 'wallet.insufficient_funds']);
      expect(await balance(pocket.id)).toBe(300);
    }
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('moves money once for the same idempotency key sent twice at once', async () => {
    const { pocket, sellerPocket } = await dealSetup(1000);
    const input = {
      key: freshKey(),
      cause: 'fee' as const,
      currency: 'KES',
      postings: [
        { accountId: pocket.id, amount: -400 },
        { accountId: sellerPocket.id, amount: 400 },
      ],
    };
    const results = await Promise.all([
      postTransfer(db(), input),
      postTransfer(db(), input),
      postTransfer(db(), input),
    ]);
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await balance(pocket.id)).toBe(600);
  });

  it('lets one of two different bodies sent under the same key at once win, and refuses the other', async () => {
    const { buyer, pocket, frozen, sellerPocket } = await dealSetup(1000);
    const key = freshKey();
    const results = await Promise.all([
      codeOf(
        postTransfer(db(), {
          key,
          cause: 'fee',
          currency: 'KES',
          postings: [
            { accountId: pocket.id, amount: -100 },
            { accountId: sellerPocket.id, amount: 100 },
          ],
        }),
      ),
      codeOf(
        createPending(db(), {
          key,
          cause: 'deal',
          offerId: buyer.offerId,
          step: 'freeze',
          currency: 'KES',
          sourceAccountId: pocket.id,
          holdAccountId: frozen.id,
          amount: 200,
        }),
      ),
    ]);
    expect(results.sort()).toEqual(['ok', 'wallet.idempotency_conflict']);
    expect([900, 800]).toContain(await balance(pocket.id));
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });

  it('answers the same pending transfer for a freeze retried at once', async () => {
    const { buyer, pocket, frozen } = await dealSetup(1000);
    const input = {
      key: freshKey(),
      cause: 'deal' as const,
      offerId: buyer.offerId,
      step: 'freeze',
      currency: 'KES',
      sourceAccountId: pocket.id,
      holdAccountId: frozen.id,
      amount: 600,
    };
    const results = await Promise.all([createPending(db(), input), createPending(db(), input)]);
    expect(new Set(results.map((r) => r.pending.id)).size).toBe(1);
    expect(results.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(await balance(pocket.id)).toBe(400);
    expect(await balance(frozen.id)).toBe(600);
  });

  it('resolves a pending transfer once when a release and a return race', async () => {
    const { buyer, pocket, frozen, sellerPocket } = await dealSetup(1000);
    const p = await createPending(db(), {
      key: freshKey(),
      cause: 'deal',
      offerId: buyer.offerId,
      step: 'freeze',
      currency: 'KES',
      sourceAccountId: pocket.id,
      holdAccountId: frozen.id,
      amount: 1000,
    });
    const results = await Promise.all([
      codeOf(
        postPending(db(), {
          key: freshKey(),
          cause: 'deal',
          step: 'release',
          pendingId: p.pending.id,
          destinations: [{ accountId: sellerPocket.id, amount: 1000 }],
        }),
      ),
      codeOf(voidPending(db(), { key: freshKey(), cause: 'deal', step: 'return', pendingId: p.pending.id })),
      codeOf(voidPending(db(), { key: freshKey(), cause: 'deal', step: 'return', pendingId: p.pending.id })),
    ]);
    expect(results.sort()).toEqual(['ok', 'wallet.pending_already_resolved', 'wallet.pending_already_resolved']);
    expect((await balance(pocket.id)) + (await balance(sellerPocket.id))).toBe(1000);
    expect(await balance(frozen.id)).toBe(0);
  });

  it('never deadlocks when members pay each other in both directions at once', async () => {
    const { pocket, sellerPocket } = await dealSetup(10_000);
    await postTransfer(db(), {
      key: freshKey(),
      cause: 'correction',
      currency: 'KES',
      postings: [
        { accountId: pocket.id, amount: -5000 },
        { accountId: sellerPocket.id, amount: 5000 },
      ],
    });
    const fees = await openAccount(db(), { kind: 'fees', currency: 'KES' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const [from, to] = i % 2 ? [pocket.id, sellerPocket.id] : [sellerPocket.id, pocket.id];
        return codeOf(
          postTransfer(db(), {
            key: freshKey(),
            cause: 'correction',
            currency: 'KES',
            postings: [
              { accountId: from, amount: -10 },
              { accountId: fees.id, amount: 1 },
              { accountId: to, amount: 9 },
            ],
          }),
        );
      }),
    );
    expect(results).toEqual(Array(12).fill('ok'));
    expect(await checkLedger(db())).toMatchObject({ ok: true });
  });
});
