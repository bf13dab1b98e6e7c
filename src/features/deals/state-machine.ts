/**
 * The deal as a state machine: the one place that says who may do what in which state, and what follows — for the
 * parties' steps and for the events that come from elsewhere (a payment credited, the automatic release, the
 * platform's decision on a dispute, the lot leaving the market). Pure (no DB): the one write path
 * (`applyDealEvent`, src/server/services/deals/apply-deal-event.ts) asks `decideEvent` under the row locks and
 * writes the answer; the islands ask `allowedActions` to show the buttons. docs/deals.md describes the same rules in
 * words ("One write path").
 */
import {
  OFFER_STATUS,
  OFFER_TYPE,
  PAYMENT_TYPE,
  TRACK,
  paysThroughMavuno,
  type DisputeDecision,
  type OfferAction,
  type OfferStatus,
  type OfferType,
  type PaymentType,
  type TrackState,
} from './constants';

export interface DealState {
  status: OfferStatus;
  offerType: OfferType;
  buyerId: number;
  sellerId: number;
  deliveryStatus: TrackState;
  paymentStatus: TrackState;
  paymentType: PaymentType;
  /**
   * The deal's dispute: never one, one open now, or one decided (docs/deals.md "Disputes"). The write path and the
   * offer views (the buttons and the turn every screen shows) always know it; a state without it is answered as if
   * there were none.
   */
  dispute?: DisputeState;
}

export type DisputeState = 'none' | 'open' | 'resolved';

/** A deal's dispute state from its disputes' statuses (one open at a time; the others decided). */
export function disputeStateOf(statuses: readonly string[]): DisputeState {
  return statuses.includes('open') ? 'open' : statuses.length > 0 ? 'resolved' : 'none';
}

export type DealRole = 'buyer' | 'seller';

/**
 * Who causes an event: a member (a party, or a stranger the machine refuses), a staff member (a dispute's decision)
 * or the platform itself (a payment credited, the automatic release, the lot leaving the market).
 */
export type DealActor = { kind: 'member'; id: number } | { kind: 'staff'; id: number } | { kind: 'system' };

/** Events from outside the parties' buttons (docs/deals.md "One write path"). */
export const SYSTEM_DEAL_EVENTS = [
  'payment-credited',
  'auto-release',
  'dispute-release',
  'dispute-refund',
  'dispute-split',
  'lot-withdrawn',
] as const;
export type SystemDealEvent = (typeof SYSTEM_DEAL_EVENTS)[number];
/** What a member may do to a deal: a step of the deal page (POST /offer/{action}), or open a dispute. */
export type MemberDealEvent = OfferAction | 'open-dispute';
export type DealEvent = MemberDealEvent | SystemDealEvent;

const isSystemEvent = (event: DealEvent): event is SystemDealEvent =>
  (SYSTEM_DEAL_EVENTS as readonly string[]).includes(event);

/** The dispute decision an event carries out. */
export const DISPUTE_EVENT = {
  release: 'dispute-release',
  refund: 'dispute-refund',
  split: 'dispute-split',
} as const satisfies Record<DisputeDecision, SystemDealEvent>;

/** The current user's role in the deal (from comparing seller_id and buyer_id), or undefined for a stranger. */
export function roleOf(
  deal: Pick<DealState, 'buyerId' | 'sellerId'>,
  userId: number | undefined,
): DealRole | undefined {
  if (userId === undefined) return undefined;
  if (deal.sellerId === userId) return 'seller';
  if (deal.buyerId === userId) return 'buyer';
  return undefined;
}

/** Who made the offer: the buyer of a buy offer or a booking, the seller of an offer on a buy request. */
export function makerRole(offerType: OfferType): DealRole {
  return offerType === OFFER_TYPE.sellToRequest ? 'seller' : 'buyer';
}

/** Who must answer a new offer: the lot's owner — the buyer for offer_type 3 (a buy request), else the seller. */
export function recipientRole(offerType: OfferType): DealRole {
  return offerType === OFFER_TYPE.sellToRequest ? 'buyer' : 'seller';
}

export type Decision =
  | {
      outcome: 'apply';
      next: Pick<DealState, 'status' | 'deliveryStatus' | 'paymentStatus'>;
      reservesVolume: boolean;
      /**
       * The money movement of a deal paid through Mavuno this step makes, in the same transaction (docs/deals.md
       * "Wallet payment", "Online payment (payment_type 3)", "Disputes").
       */
      money: MoneyMove | null;
      /** What the step does to the lot (`lotEffect`). */
      lot: LotEffect | null;
      /** The dispute the step opens or decides. */
      dispute: 'open' | 'resolve' | null;
    }
  /** The action's effect is already there (a repeated click, a retried request): answer the deal as it is. */
  | { outcome: 'unchanged' }
  | { outcome: 'forbidden'; reason: 'not_party' | 'not_your_turn' }
  | { outcome: 'conflict'; reason: ConflictReason };

/**
 * Why a step does not apply now. `paid_online`: an online deal's money is marked sent by its payment, never by the
 * buyer's word; `not_paid`: an online deal's goods are neither sent nor confirmed received before its money is held.
 */
export type ConflictReason =
  | 'wrong_state'
  | 'not_sent'
  | 'not_direct_payment'
  | 'paid_online'
  | 'not_paid'
  /** A dispute is open: its money waits for the decision (no release, no return, no automatic release). */
  | 'in_dispute'
  /** No money is held for the deal (paid directly, not paid yet, or already released or returned). */
  | 'not_frozen'
  /** A decision on a deal without an open dispute (decided already, or never disputed). */
  | 'no_open_dispute';

interface Rule {
  /** The only role that may take this action (`either`: both parties). */
  actor: (deal: DealState) => DealRole | 'either';
  /** The action's effect is already present. */
  done: (deal: DealState) => boolean;
  /** The state from which the action applies, or why it does not. */
  check: (deal: DealState) => true | ConflictReason;
  apply: (deal: DealState) => Partial<Pick<DealState, 'status' | 'deliveryStatus' | 'paymentStatus'>>;
}

const underWay = (deal: DealState) => deal.status === OFFER_STATUS.approved;
const byWallet = (deal: DealState) => deal.paymentType === PAYMENT_TYPE.wallet;
const online = (deal: DealState) => deal.paymentType === PAYMENT_TYPE.online;
/** Wallet or online: the money is frozen for the deal, released or returned by the deal's steps. */
const throughMavuno = (deal: DealState) => paysThroughMavuno(deal.paymentType);
/** The deal's money is held for it now (frozen): a wallet deal from approval, an online deal once paid. */
const moneyHeld = (deal: DealState) => throughMavuno(deal) && deal.paymentStatus === TRACK.sent;
/**
 * A deal paid through Mavuno the seller may still call off: approved, the goods not yet sent (money already held
 * returns to the buyer; an online deal not paid yet just ends).
 */
const walletDealBeforeDelivery = (deal: DealState) =>
  throughMavuno(deal) && underWay(deal) && deal.deliveryStatus === TRACK.none;
const dealStarted = (deal: DealState) => deal.status === OFFER_STATUS.approved || deal.status === OFFER_STATUS.done;

const RULES: Record<OfferAction, Rule> = {
  // A wallet deal's money is frozen by the approval itself: "money sent" follows at once.
  'approve-offer': {
    actor: (d) => recipientRole(d.offerType),
    done: dealStarted,
    check: (d) => (d.status === OFFER_STATUS.created ? true : 'wrong_state'),
    apply: (d) =>
      byWallet(d) ? { status: OFFER_STATUS.approved, paymentStatus: TRACK.sent } : { status: OFFER_STATUS.approved },
  },
  // The recipient declines a waiting offer; the seller may also call off an approved wallet deal before sending
  // the goods (the frozen money returns to the buyer, the payment track goes back to none).
  'decline-offer': {
    actor: (d) => (walletDealBeforeDelivery(d) ? 'seller' : recipientRole(d.offerType)),
    done: (d) => d.status === OFFER_STATUS.declined,
    check: (d) => (d.status === OFFER_STATUS.created || walletDealBeforeDelivery(d) ? true : 'wrong_state'),
    apply: (d) =>
      d.status === OFFER_STATUS.approved
        ? { status: OFFER_STATUS.declined, paymentStatus: TRACK.none }
        : { status: OFFER_STATUS.declined },
  },
  'delete-offer': {
    actor: (d) => makerRole(d.offerType),
    done: (d) => d.status === OFFER_STATUS.deleted,
    check: (d) => (d.status === OFFER_STATUS.created ? true : 'wrong_state'),
    apply: () => ({ status: OFFER_STATUS.deleted }),
  },
  'delivery-send': {
    actor: () => 'seller',
    done: (d) => dealStarted(d) && d.deliveryStatus >= TRACK.sent,
    // An online deal's goods wait for its money: shipped unpaid, the deal could neither be called off nor released.
    check: (d) => (!underWay(d) ? 'wrong_state' : online(d) && !moneyHeld(d) ? 'not_paid' : true),
    apply: () => ({ deliveryStatus: TRACK.sent }),
  },
  'delivery-get': {
    actor: () => 'buyer',
    done: (d) => dealStarted(d) && d.deliveryStatus === TRACK.received,
    check: (d) =>
      !underWay(d)
        ? 'wrong_state'
        : d.deliveryStatus !== TRACK.sent
          ? 'not_sent'
          : online(d) && !moneyHeld(d)
            ? 'not_paid'
            : true,
    // Goods received release a wallet or online deal's frozen money to the seller: the money is received with them.
    apply: (d) =>
      throughMavuno(d)
        ? { deliveryStatus: TRACK.received, paymentStatus: TRACK.received }
        : { deliveryStatus: TRACK.received },
  },
  'payment-send': {
    actor: () => 'buyer',
    done: (d) => dealStarted(d) && d.paymentStatus >= TRACK.sent,
    // An online deal's money is marked sent by the payment itself (POST /offer/pay), not by the buyer.
    check: (d) => (!underWay(d) ? 'wrong_state' : online(d) ? 'paid_online' : true),
    apply: () => ({ paymentStatus: TRACK.sent }),
  },
  'payment-get': {
    actor: () => 'seller',
    done: (d) => dealStarted(d) && d.paymentStatus === TRACK.received,
    // A wallet or online deal's money is received only by goods received (the release), never by the seller's word.
    check: (d) =>
      !underWay(d)
        ? 'wrong_state'
        : throughMavuno(d)
          ? 'not_direct_payment'
          : d.paymentStatus === TRACK.sent
            ? true
            : 'not_sent',
    apply: () => ({ paymentStatus: TRACK.received }),
  },
  // Direct payment happened outside Mavuno (cash at pick-up, a bank transfer) and the buyer never reported it:
  // the seller confirms the money is in hand. Once the buyer reported it sent, the seller answers that with
  // payment-get instead, so one button, not two, confirms a payment.
  'approve-direct-payment': {
    actor: () => 'seller',
    done: (d) => dealStarted(d) && d.paymentStatus === TRACK.received,
    check: (d) =>
      !underWay(d)
        ? 'wrong_state'
        : d.paymentType !== PAYMENT_TYPE.direct
          ? 'not_direct_payment'
          : d.paymentStatus === TRACK.sent
            ? 'wrong_state'
            : true,
    apply: () => ({ paymentStatus: TRACK.received }),
  },
};

/**
 * Either party opens a dispute about a deal whose money is held; one at a time. It changes no state: the money then
 * waits for the platform's decision (the machine refuses a release or a return while it is open).
 */
const OPEN_DISPUTE: Rule = {
  actor: () => 'either',
  done: () => false,
  check: (d) =>
    !underWay(d) ? 'wrong_state' : !moneyHeld(d) ? 'not_frozen' : d.dispute === 'open' ? 'in_dispute' : true,
  apply: () => ({}),
};

interface SystemRule extends Omit<Rule, 'actor'> {
  actor: DealActor['kind'];
  money: MoneyMove | null;
}

/** The platform decides a dispute: the whole held amount to the seller, back to the buyer, or split. */
const disputeDecision = (decision: DisputeDecision): SystemRule => ({
  actor: 'staff',
  done: () => false,
  check: (d) => (d.dispute !== 'open' ? 'no_open_dispute' : underWay(d) && moneyHeld(d) ? true : 'not_frozen'),
  apply: () =>
    decision === 'refund'
      ? { status: OFFER_STATUS.declined, paymentStatus: TRACK.none }
      : { deliveryStatus: TRACK.received, paymentStatus: TRACK.received },
  money: DISPUTE_EVENT[decision],
});

const SYSTEM_RULES: Record<SystemDealEvent, SystemRule> = {
  // An online deal's verified payment: the money is frozen for the deal and "money sent" follows. Money that comes
  // when the deal no longer waits for it is not the deal's (the payment service leaves it in the buyer's pocket).
  'payment-credited': {
    actor: 'system',
    done: (d) => online(d) && dealStarted(d) && d.paymentStatus >= TRACK.sent,
    check: (d) => (awaitsOnlinePayment(d) ? true : 'wrong_state'),
    apply: () => ({ paymentStatus: TRACK.sent }),
    money: 'freeze',
  },
  // The goods were sent long enough ago and the buyer neither confirmed nor disputed: released as if confirmed. A
  // deal that ever had a dispute is left to it.
  'auto-release': {
    actor: 'system',
    done: (d) => d.status === OFFER_STATUS.done,
    check: (d) =>
      !underWay(d)
        ? 'wrong_state'
        : (d.dispute ?? 'none') !== 'none'
          ? 'in_dispute'
          : d.deliveryStatus !== TRACK.sent
            ? 'not_sent'
            : moneyHeld(d)
              ? true
              : 'not_frozen',
    apply: () => ({ deliveryStatus: TRACK.received, paymentStatus: TRACK.received }),
    money: 'release',
  },
  'dispute-release': disputeDecision('release'),
  'dispute-refund': disputeDecision('refund'),
  'dispute-split': disputeDecision('split'),
  // The lot left the market (closed, deactivated, sold out): an offer still waiting can never be approved. Deals
  // under way go on.
  'lot-withdrawn': {
    actor: 'system',
    done: (d) => d.status !== OFFER_STATUS.created,
    check: () => true,
    apply: () => ({ status: OFFER_STATUS.declined }),
    money: null,
  },
};

/** What a step does with a deal's money: freeze it, release it to the seller, return it to the buyer. */
export type MoneyStep = 'freeze' | 'release' | 'return';
/** A step's money movement: a deal step's, or a dispute's decision (cause `dispute_decision`). */
export type MoneyMove = MoneyStep | 'dispute-release' | 'dispute-refund' | 'dispute-split';

/**
 * What a change of status does to the lot: an approval reserves the volume (or the dates), a deal called off gives
 * it back, a deal done frees the lot when no other deal of it runs (docs/deals.md "Volume and the lot's status").
 */
export type LotEffect = 'reserve' | 'unreserve' | 'release';

export function lotEffect(from: OfferStatus, to: OfferStatus): LotEffect | null {
  if (from === OFFER_STATUS.created && to === OFFER_STATUS.approved) return 'reserve';
  if (from === OFFER_STATUS.approved && to === OFFER_STATUS.declined) return 'unreserve';
  if (from === OFFER_STATUS.approved && to === OFFER_STATUS.done) return 'release';
  return null;
}

/**
 * A wallet deal freezes on approval; an online deal's money is frozen by its payment (not a step). Either releases
 * on goods received and returns on the seller's call-off — only money actually held (an online deal not paid yet
 * has none).
 */
function moneyStep(deal: DealState, action: MemberDealEvent): MoneyStep | null {
  if (action === 'approve-offer') return byWallet(deal) ? 'freeze' : null;
  if (!moneyHeld(deal)) return null;
  if (action === 'delivery-get') return 'release';
  if (action === 'decline-offer' && deal.status === OFFER_STATUS.approved) return 'return';
  return null;
}

/** Whether an online deal waits for its buyer's payment now (the "pay now" of the deal page, POST /offer/pay). */
export function awaitsOnlinePayment(deal: Pick<DealState, 'status' | 'paymentType' | 'paymentStatus'>): boolean {
  return (
    deal.status === OFFER_STATUS.approved &&
    deal.paymentType === PAYMENT_TYPE.online &&
    deal.paymentStatus === TRACK.none
  );
}

/** What `action` by `userId` does to the deal (a party's step: `decideEvent` with a member actor). */
export function decide(deal: DealState, action: OfferAction, userId: number): Decision {
  return decideEvent(deal, action, { kind: 'member', id: userId });
}

/** The state after a rule's change; both tracks received make the deal done. */
function nextState(deal: DealState, change: Partial<Pick<DealState, 'status' | 'deliveryStatus' | 'paymentStatus'>>) {
  const next = {
    status: deal.status,
    deliveryStatus: deal.deliveryStatus,
    paymentStatus: deal.paymentStatus,
    ...change,
  };
  if (
    next.status === OFFER_STATUS.approved &&
    next.deliveryStatus === TRACK.received &&
    next.paymentStatus === TRACK.received
  )
    next.status = OFFER_STATUS.done;
  return next;
}

/**
 * What `event` caused by `actor` does to the deal: the one decision for every writer (docs/deals.md "One write
 * path"). A party's step or a dispute opened needs a member who is a party whose turn it is; a dispute's decision a
 * staff member; the other system events the platform itself.
 */
export function decideEvent(deal: DealState, event: DealEvent, actor: DealActor): Decision {
  let rule: Omit<Rule, 'actor'>;
  let money: MoneyMove | null;
  if (isSystemEvent(event)) {
    const system = SYSTEM_RULES[event];
    if (actor.kind !== system.actor) return { outcome: 'forbidden', reason: 'not_party' };
    rule = system;
    money = system.money;
  } else {
    const role = actor.kind === 'member' ? roleOf(deal, actor.id) : undefined;
    if (!role) return { outcome: 'forbidden', reason: 'not_party' };
    const member = event === 'open-dispute' ? OPEN_DISPUTE : RULES[event];
    const allowed = member.actor(deal);
    if (allowed !== 'either' && allowed !== role) return { outcome: 'forbidden', reason: 'not_your_turn' };
    rule = member;
    money = moneyStep(deal, event);
  }
  if (rule.done(deal)) return { outcome: 'unchanged' };
  const allowed = rule.check(deal);
  if (allowed !== true) return { outcome: 'conflict', reason: allowed };
  // An open dispute holds the frozen money until its decision: a party's step may not release or return it.
  if (!isSystemEvent(event) && (money === 'release' || money === 'return') && deal.dispute === 'open')
    return { outcome: 'conflict', reason: 'in_dispute' };
  const next = nextState(deal, rule.apply(deal));
  return {
    outcome: 'apply',
    next,
    reservesVolume: event === 'approve-offer',
    money,
    lot: lotEffect(deal.status, next.status),
    dispute: event === 'open-dispute' ? 'open' : money?.startsWith('dispute-') ? 'resolve' : null,
  };
}

/** The actions `userId` can take now (the buttons of the deal page). */
export function allowedActions(deal: DealState, userId: number | undefined): OfferAction[] {
  if (userId === undefined) return [];
  return (Object.keys(RULES) as OfferAction[]).filter((action) => decide(deal, action, userId).outcome === 'apply');
}

/**
 * The steps that move a deal on. Withdrawing one's own offer and the seller's calling off of an approved deal are
 * ways out, not a turn: a party who can only leave waits for the other. (Declining a waiting offer is an answer,
 * but the party who may decline may also approve, so approving alone says whose answer it is.)
 */
const STEPS_FORWARD: readonly OfferAction[] = (Object.keys(RULES) as OfferAction[]).filter(
  (action) => action !== 'decline-offer' && action !== 'delete-offer',
);

/** Who acts next: one party, both at once, or nobody (the deal is over). */
export type NextActor = DealRole | 'both' | null;

/**
 * Who acts next — the one answer to "whose turn is it" of every screen (the deal page, the offers list, the cabinet
 * cards, the badge), derived from the same rules as `decide`: each party who has a step that moves the
 * deal on. That is the recipient of a waiting offer; during a deal, whoever has a step left — both at once where the
 * tracks run side by side (with direct payment the seller sends the goods while the buyer sends the money); the buyer
 * of an online deal not paid yet, whose step is the payment ("Pay now", POST /offer/pay: not an action of the
 * machine), while the seller may only call it off; nobody once it is declined, withdrawn or done.
 */
export function nextActor(deal: DealState): NextActor {
  const acts = (role: DealRole) => {
    if (role === 'buyer' && awaitsOnlinePayment(deal)) return true;
    const userId = role === 'buyer' ? deal.buyerId : deal.sellerId;
    return STEPS_FORWARD.some((action) => decide(deal, action, userId).outcome === 'apply');
  };
  const buyer = acts('buyer');
  const seller = acts('seller');
  return buyer && seller ? 'both' : buyer ? 'buyer' : seller ? 'seller' : null;
}

/** Whether it is `userId`'s turn (the "your turn" labels): they are the party `nextActor` names, or one of both. */
export function isWaitingFor(deal: DealState, userId: number | undefined): boolean {
  const role = roleOf(deal, userId);
  const next = nextActor(deal);
  return role !== undefined && (next === role || next === 'both');
}
