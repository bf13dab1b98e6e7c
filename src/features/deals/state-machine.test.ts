import { describe, expect, it } from 'vitest';
import {
  OFFER_ACTIONS,
  OFFER_STATUS,
  OFFER_TYPE,
  PAYMENT_TYPE,
  TRACK,
  type OfferAction,
  type OfferStatus,
  type OfferType,
  type TrackState,
} from './constants';
import {
  SYSTEM_DEAL_EVENTS,
  allowedActions,
  awaitsOnlinePayment,
  decide,
  decideEvent,
  isWaitingFor,
  lotEffect,
  nextActor,
  roleOf,
  type DealActor,
  type DealEvent,
  type DealState,
  type DisputeState,
} from './state-machine';

const BUYER = 1;
const SELLER = 2;
const STRANGER = 3;
const deal = (over: Partial<DealState> = {}): DealState => ({
  status: OFFER_STATUS.created,
  offerType: OFFER_TYPE.buy,
  buyerId: BUYER,
  sellerId: SELLER,
  deliveryStatus: TRACK.none,
  paymentStatus: TRACK.none,
  paymentType: PAYMENT_TYPE.direct,
  ...over,
});

/**
 * Every transition the product allows, written out by hand from docs/deals.md: (offer type, role, action, state)
 * → next state. Everything not in this list must be refused or be a harmless repeat.
 */
type Row = {
  types: OfferType[];
  role: 'buyer' | 'seller';
  action: OfferAction;
  from: Partial<DealState>;
  to: Partial<DealState>;
};
const ALL: OfferType[] = [OFFER_TYPE.buy, OFFER_TYPE.rent, OFFER_TYPE.sellToRequest];
const created = { status: OFFER_STATUS.created } as const;
const ALLOWED: Row[] = [
  {
    types: [OFFER_TYPE.buy, OFFER_TYPE.rent],
    role: 'seller',
    action: 'approve-offer',
    from: created,
    to: { status: OFFER_STATUS.approved },
  },
  {
    types: [OFFER_TYPE.sellToRequest],
    role: 'buyer',
    action: 'approve-offer',
    from: created,
    to: { status: OFFER_STATUS.approved },
  },
  {
    types: [OFFER_TYPE.buy, OFFER_TYPE.rent],
    role: 'seller',
    action: 'decline-offer',
    from: created,
    to: { status: OFFER_STATUS.declined },
  },
  {
    types: [OFFER_TYPE.sellToRequest],
    role: 'buyer',
    action: 'decline-offer',
    from: created,
    to: { status: OFFER_STATUS.declined },
  },
  {
    types: [OFFER_TYPE.buy, OFFER_TYPE.rent],
    role: 'buyer',
    action: 'delete-offer',
    from: created,
    to: { status: OFFER_STATUS.deleted },
  },
  {
    types: [OFFER_TYPE.sellToRequest],
    role: 'seller',
    action: 'delete-offer',
    from: created,
    to: { status: OFFER_STATUS.deleted },
  },
];
const TRACKS: TrackState[] = [TRACK.none, TRACK.sent, TRACK.received];
// During a deal (status 3), for every combination of the two tracks that is not "both received":
for (const delivery of TRACKS) {
  for (const payment of TRACKS) {
    if (delivery === TRACK.received && payment === TRACK.received) continue;
    const from = { status: OFFER_STATUS.approved, deliveryStatus: delivery, paymentStatus: payment };
    const finish = (next: Partial<DealState>) => {
      const d = next.deliveryStatus ?? delivery;
      const p = next.paymentStatus ?? payment;
      return {
        ...next,
        status: d === TRACK.received && p === TRACK.received ? OFFER_STATUS.done : OFFER_STATUS.approved,
      };
    };
    if (delivery === TRACK.none)
      ALLOWED.push({
        types: ALL,
        role: 'seller',
        action: 'delivery-send',
        from,
        to: finish({ deliveryStatus: TRACK.sent }),
      });
    if (delivery === TRACK.sent)
      ALLOWED.push({
        types: ALL,
        role: 'buyer',
        action: 'delivery-get',
        from,
        to: finish({ deliveryStatus: TRACK.received }),
      });
    if (payment === TRACK.none)
      ALLOWED.push({
        types: ALL,
        role: 'buyer',
        action: 'payment-send',
        from,
        to: finish({ paymentStatus: TRACK.sent }),
      });
    if (payment === TRACK.sent)
      ALLOWED.push({
        types: ALL,
        role: 'seller',
        action: 'payment-get',
        from,
        to: finish({ paymentStatus: TRACK.received }),
      });
    if (payment === TRACK.none)
      ALLOWED.push({
        types: ALL,
        role: 'seller',
        action: 'approve-direct-payment',
        from,
        to: finish({ paymentStatus: TRACK.received }),
      });
  }
}

const STATUSES: OfferStatus[] = [
  OFFER_STATUS.deleted,
  OFFER_STATUS.declined,
  OFFER_STATUS.created,
  OFFER_STATUS.approved,
  OFFER_STATUS.done,
];
function* everyState(): Generator<DealState> {
  for (const offerType of ALL)
    for (const status of STATUSES)
      for (const deliveryStatus of TRACKS)
        for (const paymentStatus of TRACKS) {
          // Reachable states only: tracks move during a deal; done means both received.
          if (
            status !== OFFER_STATUS.approved &&
            status !== OFFER_STATUS.done &&
            (deliveryStatus !== TRACK.none || paymentStatus !== TRACK.none)
          )
            continue;
          if (status === OFFER_STATUS.done && (deliveryStatus !== TRACK.received || paymentStatus !== TRACK.received))
            continue;
          if (status === OFFER_STATUS.approved && deliveryStatus === TRACK.received && paymentStatus === TRACK.received)
            continue;
          yield deal({ offerType, status, deliveryStatus, paymentStatus });
        }
}

const matches = (state: DealState, from: Partial<DealState>) =>
  Object.entries(from).every(([k, v]) => state[k as keyof DealState] === v);

describe('the deal state machine', () => {
  it('applies exactly the allowed transitions, for each role, and to the documented next state', () => {
    let applied = 0;
    for (const state of everyState()) {
      for (const [role, userId] of [
        ['buyer', BUYER],
        ['seller', SELLER],
      ] as const) {
        for (const action of OFFER_ACTIONS) {
          const rule = ALLOWED.find(
            (r) =>
              r.types.includes(state.offerType) && r.role === role && r.action === action && matches(state, r.from),
          );
          const decision = decide(state, action, userId);
          if (rule) {
            expect(decision, `${action} by ${role} from ${JSON.stringify(state)}`).toMatchObject({
              outcome: 'apply',
              next: expect.objectContaining(rule.to),
            });
            applied++;
          } else {
            expect(decision.outcome, `${action} by ${role} from ${JSON.stringify(state)}`).not.toBe('apply');
          }
        }
      }
    }
    expect(applied).toBeGreaterThan(40);
  });

  it('refuses every action of a stranger as "not a party"', () => {
    for (const state of everyState())
      for (const action of OFFER_ACTIONS)
        expect(decide(state, action, STRANGER)).toEqual({ outcome: 'forbidden', reason: 'not_party' });
  });

  it("refuses the other party's steps as not their turn, whatever the state", () => {
    expect(decide(deal(), 'approve-offer', BUYER)).toEqual({ outcome: 'forbidden', reason: 'not_your_turn' });
    expect(decide(deal({ offerType: OFFER_TYPE.sellToRequest }), 'approve-offer', SELLER)).toEqual({
      outcome: 'forbidden',
      reason: 'not_your_turn',
    });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'delivery-send', BUYER)).toEqual({
      outcome: 'forbidden',
      reason: 'not_your_turn',
    });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'payment-send', SELLER)).toEqual({
      outcome: 'forbidden',
      reason: 'not_your_turn',
    });
    expect(
      decide(deal({ status: OFFER_STATUS.done, deliveryStatus: 2, paymentStatus: 2 }), 'delete-offer', SELLER),
    ).toEqual({ outcome: 'forbidden', reason: 'not_your_turn' });
  });

  it('answers a repeated step as unchanged, and a step in the wrong state as a conflict', () => {
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'approve-offer', SELLER)).toEqual({ outcome: 'unchanged' });
    expect(decide(deal({ status: OFFER_STATUS.declined }), 'decline-offer', SELLER)).toEqual({ outcome: 'unchanged' });
    expect(
      decide(deal({ status: OFFER_STATUS.approved, deliveryStatus: TRACK.sent }), 'delivery-send', SELLER),
    ).toEqual({ outcome: 'unchanged' });
    expect(
      decide(deal({ status: OFFER_STATUS.done, deliveryStatus: 2, paymentStatus: 2 }), 'payment-get', SELLER),
    ).toEqual({ outcome: 'unchanged' });
    expect(decide(deal({ status: OFFER_STATUS.declined }), 'approve-offer', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'decline-offer', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'delete-offer', BUYER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
    expect(decide(deal(), 'delivery-send', SELLER)).toEqual({ outcome: 'conflict', reason: 'wrong_state' });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'delivery-get', BUYER)).toEqual({
      outcome: 'conflict',
      reason: 'not_sent',
    });
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'payment-get', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'not_sent',
    });
  });

  it('finds roles by comparing buyer and seller ids, and offers buttons only for what applies now', () => {
    expect(roleOf(deal(), BUYER)).toBe('buyer');
    expect(roleOf(deal(), SELLER)).toBe('seller');
    expect(roleOf(deal(), STRANGER)).toBeUndefined();
    expect(allowedActions(deal(), SELLER)).toEqual(['approve-offer', 'decline-offer']);
    expect(allowedActions(deal(), BUYER)).toEqual(['delete-offer']);
    expect(allowedActions(deal({ status: OFFER_STATUS.approved }), SELLER)).toEqual([
      'delivery-send',
      'approve-direct-payment',
    ]);
    expect(allowedActions(deal({ status: OFFER_STATUS.approved, paymentStatus: TRACK.sent }), SELLER)).toEqual([
      'delivery-send',
      'payment-get',
    ]);
    expect(allowedActions(deal({ status: OFFER_STATUS.done, deliveryStatus: 2, paymentStatus: 2 }), BUYER)).toEqual([]);
    expect(allowedActions(deal(), undefined)).toEqual([]);
  });
});

describe('a deal paid from the wallet (docs/deals.md "Wallet payment")', () => {
  const wallet = (over: Partial<DealState> = {}) => deal({ paymentType: PAYMENT_TYPE.wallet, ...over });
  const approved = { status: OFFER_STATUS.approved, paymentStatus: TRACK.sent } as const;

  it('freezes on approval, with the money sent at once', () => {
    for (const offerType of ALL) {
      const d = wallet({ offerType });
      const recipient = offerType === OFFER_TYPE.sellToRequest ? BUYER : SELLER;
      expect(decide(d, 'approve-offer', recipient)).toMatchObject({
        outcome: 'apply',
        next: approved,
        money: 'freeze',
      });
    }
    expect(decide(deal(), 'approve-offer', SELLER)).toMatchObject({ outcome: 'apply', money: null });
  });

  it('releases on goods received, which makes the deal done', () => {
    const d = wallet({ ...approved, deliveryStatus: TRACK.sent });
    expect(decide(d, 'delivery-get', BUYER)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.done, deliveryStatus: TRACK.received, paymentStatus: TRACK.received },
      money: 'release',
    });
  });

  it('never takes the seller’s word for the money', () => {
    const d = wallet(approved);
    expect(decide(d, 'payment-get', SELLER)).toEqual({ outcome: 'conflict', reason: 'not_direct_payment' });
    expect(decide(d, 'approve-direct-payment', SELLER)).toEqual({ outcome: 'conflict', reason: 'not_direct_payment' });
    expect(decide(d, 'payment-send', BUYER)).toEqual({ outcome: 'unchanged' });
    expect(allowedActions(d, SELLER).sort()).toEqual(['decline-offer', 'delivery-send']);
  });

  it('lets the seller alone call it off before the goods are sent, returning the money', () => {
    for (const offerType of ALL) {
      const d = wallet({ ...approved, offerType });
      expect(decide(d, 'decline-offer', SELLER)).toMatchObject({
        outcome: 'apply',
        next: { status: OFFER_STATUS.declined, paymentStatus: TRACK.none },
        money: 'return',
      });
      expect(decide(d, 'decline-offer', BUYER)).toEqual({ outcome: 'forbidden', reason: 'not_your_turn' });
      expect(decide(d, 'decline-offer', STRANGER)).toEqual({ outcome: 'forbidden', reason: 'not_party' });
    }
    expect(decide(wallet({ ...approved, deliveryStatus: TRACK.sent }), 'decline-offer', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
    // A deal paid directly is never called off this way.
    expect(decide(deal({ status: OFFER_STATUS.approved }), 'decline-offer', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
  });
});

describe('a deal paid online (docs/deals.md "Online payment (payment_type 3)")', () => {
  const online = (over: Partial<DealState> = {}) => deal({ paymentType: PAYMENT_TYPE.online, ...over });
  const approved = { status: OFFER_STATUS.approved } as const;
  const paid = { status: OFFER_STATUS.approved, paymentStatus: TRACK.sent } as const;

  it('moves no money on approval: the money is not sent until the buyer pays', () => {
    for (const offerType of ALL) {
      const d = online({ offerType });
      const role = offerType === OFFER_TYPE.sellToRequest ? BUYER : SELLER;
      expect(decide(d, 'approve-offer', role)).toMatchObject({
        outcome: 'apply',
        next: { status: OFFER_STATUS.approved, paymentStatus: TRACK.none },
        money: null,
      });
    }
    expect(awaitsOnlinePayment(online(approved))).toBe(true);
    expect(awaitsOnlinePayment(online(paid))).toBe(false);
    expect(awaitsOnlinePayment(online())).toBe(false);
    expect(awaitsOnlinePayment(deal(approved))).toBe(false);
    expect(awaitsOnlinePayment({ ...approved, paymentType: PAYMENT_TYPE.wallet, paymentStatus: TRACK.none })).toBe(
      false,
    );
  });

  it('refuses the buyer’s own "money sent" (the payment sets it) and the seller’s word for the money', () => {
    const d = online(approved);
    expect(decide(d, 'payment-send', BUYER)).toEqual({ outcome: 'conflict', reason: 'paid_online' });
    expect(decide(online(paid), 'payment-send', BUYER)).toEqual({ outcome: 'unchanged' });
    for (const state of [d, online(paid)]) {
      expect(decide(state, 'payment-get', SELLER)).toEqual({ outcome: 'conflict', reason: 'not_direct_payment' });
      expect(decide(state, 'approve-direct-payment', SELLER)).toEqual({
        outcome: 'conflict',
        reason: 'not_direct_payment',
      });
    }
    expect(allowedActions(d, BUYER)).toEqual([]);
    // Still the buyer's turn: to pay (the deal page's "Pay now"), never the seller's.
    expect(isWaitingFor(d, BUYER)).toBe(true);
    expect(isWaitingFor(d, SELLER)).toBe(false);
    expect(isWaitingFor(online(paid), BUYER)).toBe(false);
  });

  it('releases held money on goods received, and refuses goods received before the money is held', () => {
    expect(decide(online({ ...paid, deliveryStatus: TRACK.sent }), 'delivery-get', BUYER)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.done, deliveryStatus: TRACK.received, paymentStatus: TRACK.received },
      money: 'release',
    });
    expect(decide(online({ ...approved, deliveryStatus: TRACK.sent }), 'delivery-get', BUYER)).toEqual({
      outcome: 'conflict',
      reason: 'not_paid',
    }); // Nor are the goods sent before it: shipped unpaid, the deal could be neither called off nor released.
    expect(decide(online(approved), 'delivery-send', SELLER)).toEqual({ outcome: 'conflict', reason: 'not_paid' });
    expect(decide(online(paid), 'delivery-send', SELLER)).toMatchObject({ outcome: 'apply' });
  });

  it('lets the seller call it off before the goods are sent: held money returns, unpaid deals just end', () => {
    expect(decide(online(paid), 'decline-offer', SELLER)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.declined, paymentStatus: TRACK.none },
      money: 'return',
    });
    expect(decide(online(approved), 'decline-offer', SELLER)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.declined, paymentStatus: TRACK.none },
      money: null,
    });
    expect(decide(online({ ...paid, deliveryStatus: TRACK.sent }), 'decline-offer', SELLER)).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
  });
});

describe('who acts next (nextActor): the turn every screen shows', () => {
  const PAYMENT_TYPES = [PAYMENT_TYPE.direct, PAYMENT_TYPE.wallet, PAYMENT_TYPE.online];
  const approved = (over: Partial<DealState>) => deal({ status: OFFER_STATUS.approved, ...over });

  it('names the recipient of a waiting offer, never its maker, whatever the payment', () => {
    for (const paymentType of PAYMENT_TYPES) {
      expect(nextActor(deal({ paymentType }))).toBe('seller');
      expect(nextActor(deal({ paymentType, offerType: OFFER_TYPE.rent }))).toBe('seller');
      expect(nextActor(deal({ paymentType, offerType: OFFER_TYPE.sellToRequest }))).toBe('buyer');
    }
    // The maker may withdraw, which is no turn.
    expect(allowedActions(deal(), BUYER)).toEqual(['delete-offer']);
    expect(isWaitingFor(deal(), BUYER)).toBe(false);
    expect(isWaitingFor(deal(), SELLER)).toBe(true);
  });

  it('after approval of an online deal, names the buyer (to pay): the seller, who may only call it off, waits', () => {
    for (const offerType of ALL) {
      const unpaid = approved({ offerType, paymentType: PAYMENT_TYPE.online });
      expect(allowedActions(unpaid, SELLER)).toEqual(['decline-offer']);
      expect(nextActor(unpaid)).toBe('buyer');
      expect(isWaitingFor(unpaid, SELLER)).toBe(false);
      expect(isWaitingFor(unpaid, BUYER)).toBe(true);
      // Once paid, the seller sends the goods; once sent, the buyer confirms them.
      const paid = { ...unpaid, paymentStatus: TRACK.sent };
      expect(nextActor(paid)).toBe('seller');
      expect(nextActor({ ...paid, deliveryStatus: TRACK.sent })).toBe('buyer');
    }
  });

  it('follows a wallet deal: the seller sends (calling off is no turn of the buyer), then the buyer confirms', () => {
    const held = approved({ paymentType: PAYMENT_TYPE.wallet, paymentStatus: TRACK.sent });
    expect(nextActor(held)).toBe('seller');
    expect(nextActor({ ...held, deliveryStatus: TRACK.sent })).toBe('buyer');
  });

  it('names both parties while each has a step of a direct deal, and the one left after', () => {
    const direct = approved({ paymentType: PAYMENT_TYPE.direct });
    expect(nextActor(direct)).toBe('both');
    expect(isWaitingFor(direct, BUYER)).toBe(true);
    expect(isWaitingFor(direct, SELLER)).toBe(true);
    // Money sent, goods not: the seller sends the goods and confirms the money; the buyer waits.
    expect(nextActor({ ...direct, paymentStatus: TRACK.sent })).toBe('seller');
    // Money received, goods sent: only the buyer's confirmation is left.
    expect(nextActor({ ...direct, paymentStatus: TRACK.received, deliveryStatus: TRACK.sent })).toBe('buyer');
    // Goods received, money sent: only the seller's confirmation is left.
    expect(nextActor({ ...direct, deliveryStatus: TRACK.received, paymentStatus: TRACK.sent })).toBe('seller');
  });

  it('names nobody once the deal is over, and never a stranger', () => {
    for (const paymentType of PAYMENT_TYPES) {
      expect(nextActor(deal({ paymentType, status: OFFER_STATUS.declined }))).toBeNull();
      expect(nextActor(deal({ paymentType, status: OFFER_STATUS.deleted }))).toBeNull();
      const done = deal({ paymentType, status: OFFER_STATUS.done, deliveryStatus: 2, paymentStatus: 2 });
      expect(nextActor(done)).toBeNull();
      expect(isWaitingFor(done, BUYER)).toBe(false);
    }
    expect(isWaitingFor(approved({}), STRANGER)).toBe(false);
    expect(isWaitingFor(approved({}), undefined)).toBe(false);
  });

  it('agrees with decide in every reachable state: a party named has a step forward (or the payment), and an approved deal always names someone', () => {
    // Every state a deal can reach from a new offer, walking the machine (and an online deal's payment).
    const key = (d: DealState) => JSON.stringify(d);
    const seen = new Map<string, DealState>();
    const queue: DealState[] = PAYMENT_TYPES.flatMap((paymentType) =>
      ALL.map((offerType) => deal({ paymentType, offerType })),
    );
    while (queue.length > 0) {
      const state = queue.shift()!;
      if (seen.has(key(state))) continue;
      seen.set(key(state), state);
      for (const userId of [BUYER, SELLER])
        for (const action of OFFER_ACTIONS) {
          const decision = decide(state, action, userId);
          if (decision.outcome === 'apply') queue.push({ ...state, ...decision.next });
        }
      if (awaitsOnlinePayment(state)) queue.push({ ...state, paymentStatus: TRACK.sent });
    }
    expect(seen.size).toBeGreaterThan(20);
    for (const state of seen.values()) {
      const next = nextActor(state);
      const label = JSON.stringify(state);
      for (const [role, userId] of [
        ['buyer', BUYER],
        ['seller', SELLER],
      ] as const) {
        const forward = allowedActions(state, userId).filter((a) => a !== 'decline-offer' && a !== 'delete-offer');
        const paying = role === 'buyer' && awaitsOnlinePayment(state);
        expect(isWaitingFor(state, userId), `${role} in ${label}`).toBe(forward.length > 0 || paying);
        expect(next === role || next === 'both', `${role} in ${label}`).toBe(isWaitingFor(state, userId));
      }
      if (state.status === OFFER_STATUS.approved) expect(next, label).not.toBeNull();
      if (state.status !== OFFER_STATUS.approved && state.status !== OFFER_STATUS.created)
        expect(next, label).toBeNull();
    }
  });
});

describe('events from outside the buttons (docs/deals.md "One write path")', () => {
  const SYSTEM: DealActor = { kind: 'system' };
  const STAFF: DealActor = { kind: 'staff', id: 9 };
  const asMember = (id: number): DealActor => ({ kind: 'member', id });
  const held = (over: Partial<DealState> = {}) =>
    deal({ paymentType: PAYMENT_TYPE.wallet, status: OFFER_STATUS.approved, paymentStatus: TRACK.sent, ...over });

  it('credits an online payment once, only while the deal waits for it', () => {
    const waiting = deal({ paymentType: PAYMENT_TYPE.online, status: OFFER_STATUS.approved });
    expect(decideEvent(waiting, 'payment-credited', SYSTEM)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.approved, paymentStatus: TRACK.sent },
      money: 'freeze',
      lot: null,
    });
    expect(decideEvent({ ...waiting, paymentStatus: TRACK.sent }, 'payment-credited', SYSTEM)).toEqual({
      outcome: 'unchanged',
    });
    for (const late of [{ ...waiting, status: OFFER_STATUS.declined }, held(), deal()])
      expect(decideEvent(late, 'payment-credited', SYSTEM)).toEqual({ outcome: 'conflict', reason: 'wrong_state' });
    // Nobody but the platform reports a payment.
    expect(decideEvent(waiting, 'payment-credited', asMember(BUYER))).toEqual({
      outcome: 'forbidden',
      reason: 'not_party',
    });
  });

  it('releases automatically only goods sent with money held and no dispute ever', () => {
    const sent = held({ deliveryStatus: TRACK.sent });
    expect(decideEvent({ ...sent, dispute: 'none' }, 'auto-release', SYSTEM)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.done, deliveryStatus: TRACK.received, paymentStatus: TRACK.received },
      money: 'release',
      lot: 'release',
    });
    for (const dispute of ['open', 'resolved'] as DisputeState[])
      expect(decideEvent({ ...sent, dispute }, 'auto-release', SYSTEM)).toEqual({
        outcome: 'conflict',
        reason: 'in_dispute',
      });
    expect(decideEvent(held(), 'auto-release', SYSTEM)).toEqual({ outcome: 'conflict', reason: 'not_sent' });
    expect(
      decideEvent(deal({ status: OFFER_STATUS.approved, deliveryStatus: TRACK.sent }), 'auto-release', SYSTEM),
    ).toEqual({ outcome: 'conflict', reason: 'not_frozen' });
    expect(
      decideEvent(held({ status: OFFER_STATUS.done, deliveryStatus: 2, paymentStatus: 2 }), 'auto-release', SYSTEM),
    ).toEqual({ outcome: 'unchanged' });
    expect(decideEvent(sent, 'auto-release', STAFF)).toEqual({ outcome: 'forbidden', reason: 'not_party' });
  });

  it('opens one dispute at a time, by either party, about held money; while open no party releases or returns it', () => {
    const open = held({ dispute: 'open' });
    for (const party of [BUYER, SELLER])
      expect(decideEvent(held({ dispute: 'none' }), 'open-dispute', asMember(party))).toMatchObject({
        outcome: 'apply',
        next: { status: OFFER_STATUS.approved, paymentStatus: TRACK.sent },
        money: null,
        lot: null,
        dispute: 'open',
      });
    expect(decideEvent(held(), 'open-dispute', asMember(STRANGER))).toEqual({
      outcome: 'forbidden',
      reason: 'not_party',
    });
    expect(decideEvent(open, 'open-dispute', asMember(BUYER))).toEqual({ outcome: 'conflict', reason: 'in_dispute' });
    expect(decideEvent(deal({ status: OFFER_STATUS.approved }), 'open-dispute', asMember(BUYER))).toEqual({
      outcome: 'conflict',
      reason: 'not_frozen',
    });
    expect(decideEvent(deal(), 'open-dispute', asMember(BUYER))).toEqual({
      outcome: 'conflict',
      reason: 'wrong_state',
    });
    expect(decide({ ...open, deliveryStatus: TRACK.sent }, 'delivery-get', BUYER)).toEqual({
      outcome: 'conflict',
      reason: 'in_dispute',
    });
    expect(decide(open, 'decline-offer', SELLER)).toEqual({ outcome: 'conflict', reason: 'in_dispute' });
    // Steps that move no money go on.
    expect(decide(open, 'delivery-send', SELLER)).toMatchObject({ outcome: 'apply', money: null });
  });

  it('lets staff alone decide an open dispute: release and split end done, refund declined and gives the volume back', () => {
    const open = held({ dispute: 'open', deliveryStatus: TRACK.sent });
    expect(decideEvent(open, 'dispute-release', STAFF)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.done, deliveryStatus: TRACK.received, paymentStatus: TRACK.received },
      money: 'dispute-release',
      lot: 'release',
      dispute: 'resolve',
    });
    expect(decideEvent(open, 'dispute-split', STAFF)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.done },
      money: 'dispute-split',
    });
    expect(decideEvent(open, 'dispute-refund', STAFF)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.declined, paymentStatus: TRACK.none },
      money: 'dispute-refund',
      lot: 'unreserve',
    });
    for (const dispute of ['none', 'resolved'] as DisputeState[])
      expect(decideEvent({ ...open, dispute }, 'dispute-refund', STAFF)).toEqual({
        outcome: 'conflict',
        reason: 'no_open_dispute',
      });
    expect(decideEvent(open, 'dispute-release', asMember(SELLER))).toEqual({
      outcome: 'forbidden',
      reason: 'not_party',
    });
    expect(decideEvent(open, 'dispute-release', SYSTEM)).toEqual({ outcome: 'forbidden', reason: 'not_party' });
  });

  it('declines a waiting offer when its lot leaves the market; deals under way go on', () => {
    expect(decideEvent(deal(), 'lot-withdrawn', SYSTEM)).toMatchObject({
      outcome: 'apply',
      next: { status: OFFER_STATUS.declined },
      lot: null,
      money: null,
    });
    expect(decideEvent(held(), 'lot-withdrawn', SYSTEM)).toEqual({ outcome: 'unchanged' });
  });

  it('says what each change of status does to the lot, and never moves money of a deal paid directly', () => {
    expect(lotEffect(OFFER_STATUS.created, OFFER_STATUS.approved)).toBe('reserve');
    expect(lotEffect(OFFER_STATUS.approved, OFFER_STATUS.declined)).toBe('unreserve');
    expect(lotEffect(OFFER_STATUS.approved, OFFER_STATUS.done)).toBe('release');
    expect(lotEffect(OFFER_STATUS.created, OFFER_STATUS.declined)).toBeNull();
    expect(lotEffect(OFFER_STATUS.created, OFFER_STATUS.deleted)).toBeNull();
    const actors = [asMember(BUYER), asMember(SELLER), asMember(STRANGER), STAFF, SYSTEM];
    const events: DealEvent[] = [...OFFER_ACTIONS, 'open-dispute', ...SYSTEM_DEAL_EVENTS];
    let applied = 0;
    for (const base of everyState())
      for (const paymentType of [PAYMENT_TYPE.direct, PAYMENT_TYPE.wallet, PAYMENT_TYPE.online])
        for (const dispute of ['none', 'open', 'resolved'] as DisputeState[])
          for (const event of events)
            for (const actor of actors) {
              const state = { ...base, paymentType, dispute };
              const decision = decideEvent(state, event, actor);
              if (decision.outcome !== 'apply') continue;
              applied++;
              expect(decision.lot).toBe(lotEffect(state.status, decision.next.status));
              if (paymentType === PAYMENT_TYPE.direct) expect(decision.money).toBeNull();
              // While a dispute is open only the platform's decision releases or returns the money.
              if (dispute === 'open') expect(['release', 'return']).not.toContain(decision.money);
            }
    expect(applied).toBeGreaterThan(200);
  });
});
