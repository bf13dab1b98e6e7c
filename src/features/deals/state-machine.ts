/**
 * The deal as a state machine: the one place that says who may do what in which state, and what follows.
 * Pure (no DB): the offers service asks `decide` under a row lock and applies the answer; the islands ask
 * `allowedActions` to show the buttons. docs/deals.md describes the same rules in words.
 */
import {
  OFFER_STATUS,
  OFFER_TYPE,
  PAYMENT_TYPE,
  TRACK,
  paysThroughMavuno,
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
}

export type DealRole = 'buyer' | 'seller';

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
       * "Wallet payment", "Online payment (payment_type 3)").
       */
      money: MoneyStep | null;
    }
  /** The action's effect is already there (a repeated click, a retried request): answer the deal as it is. */
  | { outcome: 'unchanged' }
  | { outcome: 'forbidden'; reason: 'not_party' | 'not_your_turn' }
  | { outcome: 'conflict'; reason: ConflictReason };

/**
 * Why a step does not apply now. `paid_online`: an online deal's money is marked sent by its payment, never by the
 * buyer's word; `not_paid`: an online deal's goods are neither sent nor confirmed received before its money is held.
 */
export type ConflictReason = 'wrong_state' | 'not_sent' | 'not_direct_payment' | 'paid_online' | 'not_paid';

interface Rule {
  /** The only role that may take this action. */
  actor: (deal: DealState) => DealRole;
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

/** What a step does with a deal's money: freeze it, release it to the seller, return it to the buyer. */
export type MoneyStep = 'freeze' | 'release' | 'return';

/**
 * A wallet deal freezes on approval; an online deal's money is frozen by its payment (not a step). Either releases
 * on goods received and returns on the seller's call-off — only money actually held (an online deal not paid yet
 * has none).
 */
function moneyStep(deal: DealState, action: OfferAction): MoneyStep | null {
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

/** What `action` by `userId` does to the deal. */
export function decide(deal: DealState, action: OfferAction, userId: number): Decision {
  const role = roleOf(deal, userId);
  if (!role) return { outcome: 'forbidden', reason: 'not_party' };
  const rule = RULES[action];
  if (rule.actor(deal) !== role) return { outcome: 'forbidden', reason: 'not_your_turn' };
  if (rule.done(deal)) return { outcome: 'unchanged' };
  const allowed = rule.check(deal);
  if (allowed !== true) return { outcome: 'conflict', reason: allowed };
  const next = {
    status: deal.status,
    deliveryStatus: deal.deliveryStatus,
    paymentStatus: deal.paymentStatus,
    ...rule.apply(deal),
  };
  // Both tracks received: the deal is done.
  if (
    next.status === OFFER_STATUS.approved &&
    next.deliveryStatus === TRACK.received &&
    next.paymentStatus === TRACK.received
  )
    next.status = OFFER_STATUS.done;
  return {
    outcome: 'apply',
    next,
    reservesVolume: action === 'approve-offer',
    money: moneyStep(deal, action),
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
