import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletAccounts } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { postTransfer } from '~/server/services/wallet/post-transfer';
import { voidPending } from '~/server/services/wallet/void-pending';
import { useTestDatabase } from '../fixtures/database';
import { freshKey, walletParties } from '../fixtures/wallet';

/**
 * Model-based property test of the ledger (docs/wallet.md): random sequences of top-ups, freezes, releases,
 * returns, splits, payouts (confirmed or failed), payments between members, retried keys and second resolutions,
 * run against the real services and compared after every step with a model of each member's available pocket.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

interface Pending {
  id: number;
  source: number;
  amount: number;
  kind: 'deal' | 'payout';
  resolved: boolean;
}
interface Model {
  available: number[];
  pendings: Pending[];
}
interface Real {
  pockets: number[];
  deals: { offerId: number; frozen: number }[];
  clearing: number;
  payouts: number;
  fees: number;
}
type Command = fc.AsyncCommand<Model, Real>;

let real: Real;
beforeAll(async () => {
  const { seller, buyers } = await walletParties(database.handle(), 2);
  const members = [...buyers.map((b) => b.id), seller.id];
  real = {
    pockets: await Promise.all(
      members.map(
        async (userId) => (await openAccount(db(), { kind: 'member_available', userId, currency: 'KES' })).id,
      ),
    ),
    deals: await Promise.all(
      buyers.map(async (b) => ({
        offerId: b.offerId,
        frozen: (await openAccount(db(), { kind: 'deal_frozen', offerId: b.offerId, currency: 'KES' })).id,
      })),
    ),
    clearing: (await openAccount(db(), { kind: 'provider_clearing', provider: 'sandbox', currency: 'KES' })).id,
    payouts: (await openAccount(db(), { kind: 'payouts_in_flight', currency: 'KES' })).id,
    fees: (await openAccount(db(), { kind: 'fees', currency: 'KES' })).id,
  };
});

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
};
const balanceOf = async (id: number) =>
  (await db().select({ b: walletAccounts.balance }).from(walletAccounts).where(eq(walletAccounts.id, id)))[0].b;

/** After every step: each pocket as the model says, never below zero. */
async function agree(model: Model, r: Real) {
  for (const [i, pocket] of r.pockets.entries()) {
    const actual = await balanceOf(pocket);
    expect(actual).toBe(model.available[i]);
    expect(actual).toBeGreaterThanOrEqual(0);
  }
}

const member = fc.integer({ min: 0, max: 2 });
const buyer = fc.integer({ min: 0, max: 1 });
const amount = fc.integer({ min: 1, max: 5000 });

class TopUp implements Command {
  constructor(
    readonly who: number,
    readonly amount: number,
    readonly retried: boolean,
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const input = {
      key: freshKey('topup'),
      cause: 'top_up' as const,
      currency: 'KES',
      postings: [
        { accountId: r.clearing, amount: -this.amount },
        { accountId: r.pockets[this.who], amount: this.amount },
      ],
    };
    const first = await postTransfer(db(), input);
    if (this.retried)
      expect(await postTransfer(db(), input)).toMatchObject({ replayed: true, transfer: first.transfer });
    model.available[this.who] += this.amount;
    await agree(model, r);
  }
  toString = () => `topUp(${this.who}, ${this.amount}${this.retried ? ', retried' : ''})`;
}

class Pay implements Command {
  constructor(
    readonly from: number,
    readonly to: number,
    readonly amount: number,
  ) {}
  check = () => this.from !== this.to;
  async run(model: Model, r: Real) {
    const code = await codeOf(
      postTransfer(db(), {
        key: freshKey('pay'),
        cause: 'correction',
        currency: 'KES',
        postings: [
          { accountId: r.pockets[this.from], amount: -this.amount },
          { accountId: r.pockets[this.to], amount: this.amount },
        ],
      }),
    );
    if (model.available[this.from] >= this.amount) {
      expect(code).toBe('ok');
      model.available[this.from] -= this.amount;
      model.available[this.to] += this.amount;
    } else expect(code).toBe('wallet.insufficient_funds');
    await agree(model, r);
  }
  toString = () => `pay(${this.from} → ${this.to}, ${this.amount})`;
}

/** A freeze for the member's deal, or a payout to payouts in flight. */
class Hold implements Command {
  constructor(
    readonly who: number,
    readonly amount: number,
    readonly kind: 'deal' | 'payout',
  ) {}
  check = () => true;
  async run(model: Model, r: Real) {
    const deal = r.deals[this.who];
    let id = 0;
    const code = await codeOf(
      createPending(db(), {
        key: freshKey(this.kind),
        cause: this.kind === 'deal' ? 'deal' : 'payout',
        offerId: this.kind === 'deal' ? deal.offerId : null,
        step: this.kind === 'deal' ? 'freeze' : null,
        currency: 'KES',
        sourceAccountId: r.pockets[this.who],
        holdAccountId: this.kind === 'deal' ? deal.frozen : r.payouts,
        amount: this.amount,
      }).then((created) => {
        id = created.pending.id;
      }),
    );
    if (model.available[this.who] >= this.amount) {
      expect(code).toBe('ok');
      model.available[this.who] -= this.amount;
      model.pendings.push({ id, source: this.who, amount: this.amount, kind: this.kind, resolved: false });
    } else expect(code).toBe('wallet.insufficient_funds');
    await agree(model, r);
  }
  toString = () => `${this.kind === 'deal' ? 'freeze' : 'payout'}(${this.who}, ${this.amount})`;
}

/**
 * Resolves the pick-th pending transfer: release (deal → the seller; payout → confirmed to the provider), return
 * or failed payout (void), or split (part to `to`, a fee, the rest back). A resolved one must be refused.
 */
class Resolve implements Command {
  constructor(
    readonly pick: number,
    readonly how: 'release' | 'return' | 'split',
    readonly to: number,
    readonly share: number,
  ) {}
  check = (model: Readonly<Model>) => model.pendings.length > 0;
  async run(model: Model, r: Real) {
    const pending = model.pendings[this.pick % model.pendings.length];
    const base = {
      key: freshKey(this.how),
      cause: pending.kind === 'payout' ? ('payout' as const) : ('deal' as const),
      step: this.how,
      pendingId: pending.id,
    };
    let work: Promise<unknown>;
    const gains = new Map<number, number>();
    if (this.how === 'return') {
      work = voidPending(db(), base);
      gains.set(pending.source, pending.amount);
    } else if (pending.kind === 'payout') {
      work = postPending(db(), {
        ...base,
        cause: 'payout',
        destinations: [{ accountId: r.clearing, amount: pending.amount }],
      });
    } else if (this.how === 'release') {
      work = postPending(db(), { ...base, destinations: [{ accountId: r.pockets[2], amount: pending.amount }] });
      gains.set(2, pending.amount);
    } else {
      const part = Math.max(1, Math.floor(pending.amount * this.share));
      const fee = pending.amount - part >= 1 ? 1 : 0;
      work = postPending(db(), {
        ...base,
        cause: 'dispute_decision',
        destinations: [
          { accountId: r.pockets[this.to], amount: part },
          ...(fee ? [{ accountId: r.fees, amount: fee }] : []),
        ],
      });
      gains.set(this.to, part);
      gains.set(pending.source, (gains.get(pending.source) ?? 0) + pending.amount - part - fee);
    }
    const code = await codeOf(work);
    if (pending.resolved) expect(code).toBe('wallet.pending_already_resolved');
    else {
      expect(code).toBe('ok');
      pending.resolved = true;
      for (const [who, gain] of gains) model.available[who] += gain;
    }
    await agree(model, r);
  }
  toString = () => `${this.how}(#${this.pick}, to ${this.to}, ${this.share.toFixed(2)})`;
}

const commands = [
  fc.tuple(member, amount, fc.boolean()).map(([w, a, retried]) => new TopUp(w, a, retried)),
  fc.tuple(member, member, amount).map(([f, t, a]) => new Pay(f, t, a)),
  fc.tuple(buyer, amount).map(([w, a]) => new Hold(w, a, 'deal')),
  fc.tuple(member, amount).map(([w, a]) => new Hold(w, a, 'payout')),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('release', 'return', 'split') as fc.Arbitrary<'release' | 'return' | 'split'>,
      member,
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([p, how, to, share]) => new Resolve(p, how, to, share)),
];

describe('the ledger under random sequences of operations', () => {
  it('keeps every transfer balanced, no pocket below zero, every currency summing to zero, pending resolved once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: 'max' }), async (cmds) => {
        const model: Model = { available: await Promise.all(real.pockets.map(balanceOf)), pendings: [] };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
      }),
      { numRuns: 25 },
    );
    // The runs really moved money (fast-check skips nothing silently): many transfers, some pending ones resolved.
    const [counts] = (
      (await db().execute(
        sql`select (select count(*) from wallet_transfers)::int as transfers,
                   (select count(*) from wallet_pending where status <> 'pending')::int as resolved`,
      )) as unknown as { rows: { transfers: number; resolved: number }[] }
    ).rows;
    expect(counts.transfers).toBeGreaterThan(100);
    expect(counts.resolved).toBeGreaterThan(10);
  }, 240_000);
});
