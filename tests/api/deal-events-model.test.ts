import fc from 'fast-check';
import { and, eq, inArray, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OFFER_ACTIONS,
  OFFER_STATUS,
  TRACK,
  paysThroughMavuno,
  type DisputeDecision,
  type OfferAction,
} from '~/features/deals/constants';
import { createOfferSchema } from '~/features/deals/schemas';
import { allowedActions, awaitsOnlinePayment } from '~/features/deals/state-machine';
import { dealDisputes, lots, offerEvents, offers, payments, walletPending, walletTransfers } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { choosePaymentProvider } from '~/server/payments/registry';
import { resolveUser } from '~/server/services/accounts/authenticate';
import type { SessionUser } from '~/server/services/accounts/users';
import { setRole } from '~/server/services/accounts/set-role';
import { recordOfferStep } from '~/server/services/deals/act-on-offer';
import { dealStateOf } from '~/server/services/deals/offer-view';
import { autoReleaseDeals } from '~/server/services/deals/auto-release-deals';
import { recordOffer } from '~/server/services/deals/create-offer';
import { verifyChain } from '~/server/services/deals/chain';
import { findFrozenMoney } from '~/server/services/deals/find-frozen-money';
import { loadDealEvents } from '~/server/services/deals/history';
import { openDispute } from '~/server/services/deals/open-dispute';
import { resolveDispute } from '~/server/services/deals/resolve-dispute';
import { setLotStatus } from '~/server/services/lots/lot-lifecycle';
import { settleVerifiedPayment } from '~/server/services/payments/process-payment-webhook';
import { startDealPayment } from '~/server/services/payments/start-deal-payment';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { signedUpUser } from '../fixtures/accounts';
import { useTestDatabase } from '../fixtures/database';
import { sellMaize } from '../fixtures/deals';
import { memberWithTier } from '../fixtures/lots';
import { topUp, userId } from '../fixtures/wallet';

/**
 * Model-based property test of the deals' one write path (docs/deals.md "One write path"): random sequences of
 * events from every source — offers made (competing on the same lots), every step by either party, a party of
 * another deal or a stranger, top-ups, online payments started and credited (also too late), the automatic release
 * run now or days later, disputes opened and decided, lots closed — run against the real services. After every step
 * the invariants hold:
 *
 * - a deal paid through Mavuno has its money frozen exactly while it is under way and paid (never before the
 *   payment, never after the release or the refund); a deal paid directly never has any;
 * - each lot's reserved volume is the sum of its approved and done deals' volumes, a lot is `in_process` only while
 *   one of them runs, and a lot with a deal running is never plain `active`;
 * - every deal's hash chain verifies and its last event records the deal's state; an open dispute is about frozen
 *   money, one at a time;
 * - the ledger balances, every hold account holding exactly its pending amounts.
 *
 * The model is the database itself: the commands check only that a refusal is one of the API's errors (never a
 * fault), and the invariants check the rest.
 */
const database = useTestDatabase();
const db = () => database.handle().db;

interface Member {
  id: number;
  user: SessionUser;
}
interface Cast {
  seller: Member;
  buyers: Member[];
  stranger: Member;
  staffId: number;
}
let cast: Cast;
let sellerAuth: Record<string, string>;

/** One run's world: its lots, the offers made on them, the online payments started. */
interface Real {
  lots: number[];
  offers: { id: number; buyer: number }[];
  payments: { id: number; reference: string; amount: number }[];
}
type Model = Record<string, never>;
type Command = fc.AsyncCommand<Model, Real>;

async function member(account: { email: string; access: string }): Promise<Member> {
  const id = await userId(database.handle(), account.email);
  const user = await resolveUser(db(), { bearer: account.access });
  if (!user) throw new Error('no session');
  return { id, user };
}

beforeAll(async () => {
  const sellerAccount = await memberWithTier(database.handle(), 'silver');
  const buyers = await Promise.all([signedUpUser(), signedUpUser()]);
  const staff = await signedUpUser();
  await setRole(db(), staff.email, 'admin');
  sellerAuth = sellerAccount.auth;
  cast = {
    seller: await member(sellerAccount),
    buyers: await Promise.all(buyers.map(member)),
    stranger: await member(await signedUpUser()),
    staffId: await userId(database.handle(), staff.email),
  };
  // One buyer can pay for a few wallet deals, the other for none until topped up (refused freezes).
  await topUp(database.handle(), cast.buyers[0].id, 50_000_000);
});

/** The refusals met over all runs (what the sequences reached is asserted at the end). */
const refusals = new Set<string>();
/** Every offer of every run. */
const allOffers: number[] = [];

/** A refusal must be one of the API's errors (a 4xx with a stable code), never a fault. */
async function refusalOrDone(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.status < 500) {
      refusals.add(error.messageKey);
      return error.code;
    }
    throw error;
  }
}

const centi = (value: string) => Math.round(Number(value) * 100);

/** Chains already checked, by offer: the head's sequence number (a chain that did not grow is not read again). */
const checkedHeads = new Map<number, number>();

/** The invariants of docs/deals.md, over every lot and offer of the run (a few queries for all of them). */
async function invariantsHold(real: Real) {
  const ids = real.offers.map((o) => o.id);
  const rows = ids.length ? await db().select().from(offers).where(inArray(offers.id, ids)) : [];
  // Each deal's freeze (whatever paid it: key deal:{id}:freeze) and its state.
  const freezes = ids.length
    ? await db()
        .select({ offerId: walletTransfers.offerId, status: walletPending.status })
        .from(walletPending)
        .innerJoin(walletTransfers, eq(walletTransfers.id, walletPending.transferId))
        .where(and(inArray(walletTransfers.offerId, ids), eq(walletTransfers.step, 'freeze')))
    : [];
  const heads = ids.length
    ? await db()
        .select({ offerId: offerEvents.offerId, seq: max(offerEvents.seq) })
        .from(offerEvents)
        .where(inArray(offerEvents.offerId, ids))
        .groupBy(offerEvents.offerId)
    : [];
  const openDisputes = ids.length
    ? await db()
        .select({ offerId: dealDisputes.offerId })
        .from(dealDisputes)
        .where(and(inArray(dealDisputes.offerId, ids), eq(dealDisputes.status, 'open')))
    : [];
  for (const offer of rows) {
    const at = `offer ${offer.id} (status ${offer.status}, payment ${offer.paymentType}/${offer.paymentStatus})`;
    const frozen = freezes.filter((f) => f.offerId === offer.id);
    expect(frozen.length, `${at}: one freeze at most`).toBeLessThanOrEqual(1);
    const underWayAndPaid =
      offer.status === OFFER_STATUS.approved &&
      paysThroughMavuno(offer.paymentType) &&
      offer.paymentStatus === TRACK.sent;
    expect(frozen[0]?.status === 'pending', `${at}: money frozen`).toBe(underWayAndPaid);
    if (!paysThroughMavuno(offer.paymentType)) expect(frozen, at).toEqual([]);
    if (offer.status === OFFER_STATUS.done && frozen.length) expect(frozen[0].status, at).toBe('posted');
    if (offer.status === OFFER_STATUS.declined && frozen.length) expect(frozen[0].status, at).toBe('voided');

    const head = heads.find((h) => h.offerId === offer.id)?.seq ?? 0;
    if (checkedHeads.get(offer.id) !== head || offer.updatedAt > lastCheck) {
      const events = await loadDealEvents(db(), offer.id);
      expect(verifyChain(events).valid, `${at}: its chain`).toBe(true);
      const last = events.at(-1)!;
      expect(
        { status: last.status, delivery: last.delivery_status, payment: last.payment_status },
        `${at}: the history's last event`,
      ).toEqual({ status: offer.status, delivery: offer.deliveryStatus, payment: offer.paymentStatus });
      checkedHeads.set(offer.id, head);
    }
    const open = openDisputes.filter((d) => d.offerId === offer.id).length;
    expect(open, at).toBeLessThanOrEqual(1);
    if (open) expect(underWayAndPaid, `${at}: an open dispute holds frozen money`).toBe(true);
  }
  lastCheck = new Date();
  for (const lot of await db().select().from(lots).where(inArray(lots.id, real.lots))) {
    const mine = rows.filter((o) => o.lotId === lot.id);
    const taken = mine.filter((o) => o.status === OFFER_STATUS.approved || o.status === OFFER_STATUS.done);
    const running = mine.some((o) => o.status === OFFER_STATUS.approved);
    const at = `lot ${lot.id} (${lot.status})`;
    expect(centi(lot.reservedVolume), `${at}: reserved volume`).toBe(
      taken.reduce((sum, o) => sum + centi(o.volume), 0),
    );
    if (lot.status === 'in_process') expect(running, `${at}: in process without a deal`).toBe(true);
    if (running) expect(lot.status, `${at}: a deal runs`).not.toBe('active');
    if (lot.status === 'success') expect(centi(lot.reservedVolume), at).toBeGreaterThanOrEqual(centi(lot.volume));
  }
  expect(await checkLedger(db())).toEqual({ ok: true, problems: [] });
}
let lastCheck = new Date(0);

const pick = <T>(list: T[], index: number) => list[index % list.length];

/**
 * The offer an event is aimed at: with `aimed`, one of the offers in the state the event applies to (money held for a
 * dispute to open, an open dispute to decide, an online deal waiting to be paid), when there is one; otherwise any
 * offer, for the machine to refuse.
 */
async function target(
  real: Real,
  index: number,
  aimed: boolean,
  fits: (offer: typeof offers.$inferSelect, openDispute: boolean) => boolean,
) {
  if (!aimed) return pick(real.offers, index);
  const rows = await db()
    .select()
    .from(offers)
    .where(
      inArray(
        offers.id,
        real.offers.map((o) => o.id),
      ),
    );
  const open = new Set(
    (
      await db().select({ offerId: dealDisputes.offerId }).from(dealDisputes).where(eq(dealDisputes.status, 'open'))
    ).map((d) => d.offerId),
  );
  const fitting = real.offers.filter((o) => {
    const row = rows.find((r) => r.id === o.id);
    return row !== undefined && fits(row, open.has(o.id));
  });
  return fitting.length > 0 ? pick(fitting, index) : pick(real.offers, index);
}
const moneyHeld = (o: typeof offers.$inferSelect) =>
  o.status === OFFER_STATUS.approved && paysThroughMavuno(o.paymentType) && o.paymentStatus === TRACK.sent;

class MakeOffer implements Command {
  constructor(
    readonly buyer: number,
    readonly lot: number,
    readonly tens: number,
    readonly paymentType: 1 | 2 | 3,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    const buyer = cast.buyers[this.buyer];
    const input = createOfferSchema('en').parse({
      order_id: pick(real.lots, this.lot),
      order_type: 'board_list',
      price: 3500,
      volume: this.tens * 10,
      payment_type: this.paymentType,
    });
    await refusalOrDone(async () => {
      const { id } = await recordOffer(db(), buyer.user, input);
      real.offers.push({ id, buyer: this.buyer });
      allOffers.push(id);
    });
    await invariantsHold(real);
  }
  toString = () => `offer(buyer ${this.buyer}, lot ${this.lot}, ${this.tens * 10}, payment ${this.paymentType})`;
}

type Who = 'buyer' | 'seller' | 'other buyer' | 'stranger';
const whoIs = (who: Who, offer: Real['offers'][number]): Member =>
  who === 'seller'
    ? cast.seller
    : who === 'buyer'
      ? cast.buyers[offer.buyer]
      : who === 'other buyer'
        ? cast.buyers[1 - offer.buyer]
        : cast.stranger;

class Step implements Command {
  constructor(
    readonly offer: number,
    readonly action: OfferAction,
    readonly who: Who,
  ) {}
  check = (_model: Readonly<Model>) => true;
  async run(_model: Model, real: Real) {
    if (real.offers.length === 0) return;
    const offer = pick(real.offers, this.offer);
    await refusalOrDone(() => recordOfferStep(db(), whoIs(this.who, offer).user, this.action, { id: offer.id }));
    await invariantsHold(real);
  }
  toString = () => `${this.action}(offer ${this.offer}, by ${this.who})`;
}

/**
 * A step forward the machine allows now, by the party it waits for (`allowedActions` of the buyer and of the
 * seller): random steps are mostly refused, these carry deals deep (delivered, paid, done) for the other events to
 * meet.
 */
class Advance implements Command {
  constructor(
    readonly offer: number,
    readonly choice: number,
    /** Instead of forward, a step that ends it: declined by the recipient or the seller, withdrawn by the maker. */
    readonly ending = false,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    if (real.offers.length === 0) return;
    const offer = pick(real.offers, this.offer);
    const [row] = await db().select().from(offers).where(eq(offers.id, offer.id));
    const state = dealStateOf(row);
    // Forward (or, `ending`, only the steps that end it: they would end most deals before they go anywhere).
    const moves = (['buyer', 'seller'] as const).flatMap((who) =>
      allowedActions(state, whoIs(who, offer).id)
        .filter((action) => (action === 'decline-offer' || action === 'delete-offer') === this.ending)
        .map((action) => ({ who, action })),
    );
    if (moves.length > 0) {
      const { who, action } = pick(moves, this.choice);
      await refusalOrDone(() => recordOfferStep(db(), whoIs(who, offer).user, action, { id: offer.id }));
    }
    await invariantsHold(real);
  }
  toString = () => `${this.ending ? 'end' : 'advance'}(offer ${this.offer}, move ${this.choice})`;
}

class TopUp implements Command {
  constructor(
    readonly buyer: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    await topUp(database.handle(), cast.buyers[this.buyer].id, this.amount);
    await invariantsHold(real);
  }
  toString = () => `topUp(buyer ${this.buyer}, ${this.amount})`;
}

/** The buyer starts an online payment (refused unless the deal waits for it); the money comes later, if ever. */
class StartPayment implements Command {
  constructor(
    readonly offer: number,
    readonly aimed: boolean,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    if (real.offers.length === 0) return;
    const offer = await target(real, this.offer, this.aimed, (o) => awaitsOnlinePayment(o));
    await refusalOrDone(async () => {
      const started = await startDealPayment(db(), choosePaymentProvider, {
        userId: cast.buyers[offer.buyer].id,
        offerId: offer.id,
        method: 'card',
        origin: 'http://localhost',
        locale: 'en',
      });
      const [row] = await db().select().from(payments).where(eq(payments.reference, started.reference));
      real.payments.push({ id: row.id, reference: row.reference, amount: Number(row.amountMinor) });
    });
    await invariantsHold(real);
  }
  toString = () => `startPayment(offer ${this.offer}${this.aimed ? ', aimed' : ''})`;
}

/** The provider's verified "paid" for a started payment, as the webhook settles it: held, or left available. */
class CreditPayment implements Command {
  constructor(readonly payment: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    if (real.payments.length === 0) return;
    const payment = pick(real.payments, this.payment);
    await db().transaction((tx) =>
      settleVerifiedPayment(tx, payment.id, {
        provider: 'sandbox',
        reference: payment.reference,
        status: 'succeeded',
        amountMinor: payment.amount,
        currency: 'KES',
        mismatches: [],
      }),
    );
    await invariantsHold(real);
  }
  toString = () => `creditPayment(${this.payment})`;
}

class AutoRelease implements Command {
  constructor(readonly daysLater: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    await autoReleaseDeals(db(), new Date(Date.now() + this.daysLater * 86_400_000), 7);
    await invariantsHold(real);
  }
  toString = () => `autoRelease(+${this.daysLater} days)`;
}

class OpenDispute implements Command {
  constructor(
    readonly offer: number,
    readonly who: Who,
    readonly aimed: boolean,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    if (real.offers.length === 0) return;
    const offer = await target(real, this.offer, this.aimed, (o, open) => moneyHeld(o) && !open);
    await refusalOrDone(() =>
      openDispute(db(), whoIs(this.who, offer).user, { id: offer.id, reason: 'not_received' }, 'en'),
    );
    await invariantsHold(real);
  }
  toString = () => `openDispute(offer ${this.offer}, by ${this.who}${this.aimed ? ', aimed' : ''})`;
}

class DecideDispute implements Command {
  constructor(
    readonly offer: number,
    readonly decision: DisputeDecision,
    readonly share: number,
    readonly aimed: boolean,
  ) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    if (real.offers.length === 0) return;
    const offer = await target(real, this.offer, this.aimed, (_o, open) => open);
    const held = (await findFrozenMoney(db(), offer.id))?.amount ?? 0;
    await refusalOrDone(() =>
      resolveDispute(db(), {
        offerId: offer.id,
        decision: this.decision,
        sellerAmount: this.decision === 'split' ? Math.floor((held * this.share) / 100) : undefined,
        deciderId: cast.staffId,
        note: 'decided by the model test',
      }),
    );
    await invariantsHold(real);
  }
  toString = () =>
    `decideDispute(offer ${this.offer}, ${this.decision}${this.decision === 'split' ? ` ${this.share}%` : ''})`;
}

class CloseLot implements Command {
  constructor(readonly lot: number) {}
  check = () => true;
  async run(_model: Model, real: Real) {
    await refusalOrDone(() => setLotStatus(db(), cast.seller.user, 'board', pick(real.lots, this.lot), 'close-quote'));
    await invariantsHold(real);
  }
  toString = () => `closeLot(${this.lot})`;
}

const index = fc.nat({ max: 7 });
const who = fc.constantFrom<Who>('seller', 'buyer', 'other buyer', 'stranger');
/** Weighted so that deals go deep (approved, paid, delivered, disputed) before the lots close. */
const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.nat({ max: 1 }),
        fc.nat({ max: 1 }),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom<1 | 2 | 3>(1, 2, 3),
      )
      .map(([b, l, t, p]): Command => new MakeOffer(b, l, t, p)),
  },
  { weight: 10, arbitrary: fc.tuple(index, fc.nat({ max: 3 })).map(([o, c]): Command => new Advance(o, c)) },
  { weight: 2, arbitrary: fc.tuple(index, fc.nat({ max: 3 })).map(([o, c]): Command => new Advance(o, c, true)) },
  {
    weight: 3,
    arbitrary: fc.tuple(index, fc.constantFrom(...OFFER_ACTIONS), who).map(([o, a, w]): Command => new Step(o, a, w)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat({ max: 1 }), fc.constantFrom(500_000, 20_000_000))
      .map(([b, a]): Command => new TopUp(b, a)),
  },
  { weight: 3, arbitrary: fc.tuple(index, fc.boolean()).map(([o, a]): Command => new StartPayment(o, a)) },
  { weight: 3, arbitrary: index.map((p): Command => new CreditPayment(p)) },
  { weight: 2, arbitrary: fc.constantFrom(0, 8).map((d): Command => new AutoRelease(d)) },
  {
    weight: 3,
    arbitrary: fc.oneof(
      // Aimed at held money, by a party; or at any offer by anyone, for the refusals.
      fc.tuple(index, fc.constantFrom<Who>('buyer', 'seller')).map(([o, w]): Command => new OpenDispute(o, w, true)),
      fc.tuple(index, who).map(([o, w]): Command => new OpenDispute(o, w, false)),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        index,
        fc.constantFrom<DisputeDecision>('release', 'refund', 'split'),
        fc.integer({ min: 0, max: 100 }),
        fc.boolean(),
      )
      .map(([o, d, s, a]): Command => new DecideDispute(o, d, s, a)),
  },
  { weight: 1, arbitrary: fc.nat({ max: 1 }).map((l): Command => new CloseLot(l)) },
);

describe('the deal events model (docs/deals.md "One write path")', () => {
  // Its own time limit: about 15 s on an idle machine, more on a busy one; no assertion depends on it.
  it(
    'keeps money, lots, histories and the ledger consistent under any sequence of events',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands([command], { maxCommands: 50, size: 'max' }), async (cmds) => {
          // Each run starts with two fresh lots of one seller: 100 bags, 10–60 a deal.
          const real: Real = {
            lots: [
              await sellMaize(sellerAuth, { volume: 100, min_volume: 10, max_volume: 60 }),
              await sellMaize(sellerAuth, { volume: 100, min_volume: 10, max_volume: 60 }),
            ],
            offers: [],
            payments: [],
          };
          // Four offers to start from, two of them competing for the same lot: from the wallet (one buyer has the
          // money, the other not until topped up), online, and paid directly.
          for (const [buyer, lot, tens, paymentType] of [
            [0, 0, 6, 2],
            [1, 0, 5, 3],
            [1, 1, 3, 2],
            [0, 1, 2, 1],
          ] as const)
            await new MakeOffer(buyer, lot, tens, paymentType).run({}, real);
          await fc.asyncModelRun(() => ({ model: {}, real }), cmds);
        }),
        // A fixed seed: the same sequences on every machine, checked to reach every source of events (below).
        { numRuns: 15, seed: 25_17 },
      );
      // The sequences went deep: every source of events was applied at least once, and the machine and the ledger
      // refused what they must.
      const applied = await db()
        .selectDistinct({ action: offerEvents.action })
        .from(offerEvents)
        .where(inArray(offerEvents.offerId, allOffers));
      expect(applied.map((e) => e.action).sort()).toEqual(
        expect.arrayContaining([
          'approve-offer',
          'auto-release',
          'decline-offer',
          'delete-offer',
          'delivery-get',
          'delivery-send',
          'open-dispute',
          'payment-send',
          'resolve-dispute',
        ]),
      );
      const outcomes = await db()
        .selectDistinct({ outcome: payments.dealOutcome })
        .from(payments)
        .where(inArray(payments.offerId, allOffers));
      // Online money held for its deal, and money come too late left in the buyer's pocket.
      expect(outcomes.map((o) => o.outcome)).toEqual(expect.arrayContaining(['held', 'left_available']));
      expect([...refusals]).toEqual(
        expect.arrayContaining([
          'offers.in_dispute',
          'offers.not_frozen',
          'offers.not_party',
          'offers.not_your_turn',
          'offers.volume_exceeded',
          'wallet.insufficient_funds',
        ]),
      );
    },
  );
});
