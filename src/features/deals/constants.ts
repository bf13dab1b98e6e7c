/**
 * The vocabulary of offers and deals (docs/deals.md is the contract). Numbers are
 * the ones the API speaks; names are for code.
 */
import type { LotType } from '~/features/lots/constants';

/** `status`: 2 waiting for the counterparty, 3 approved (deal under way), 9 done, 1 declined, 0 deleted (withdrawn). */
export const OFFER_STATUS = { deleted: 0, declined: 1, created: 2, approved: 3, done: 9 } as const;
export type OfferStatus = (typeof OFFER_STATUS)[keyof typeof OFFER_STATUS];

/** `offer_type`: 1 a buyer's offer on a sell lot, 2 a booking of machinery for rent, 3 a seller's offer on a buy request. */
export const OFFER_TYPE = { buy: 1, rent: 2, sellToRequest: 3 } as const;
export type OfferType = (typeof OFFER_TYPE)[keyof typeof OFFER_TYPE];

/** The offer type a lot of this type takes: the lot's type decides it, the client cannot choose another. */
export const OFFER_TYPE_FOR_LOT: Record<LotType, OfferType> = {
  sell: OFFER_TYPE.buy,
  rent: OFFER_TYPE.rent,
  buy: OFFER_TYPE.sellToRequest,
};

/** `delivery_type`: 1 the buyer picks up from the seller, 2 the seller delivers to the buyer (priced per km). */
export const DELIVERY_TYPE = { pickup: 1, sellerDelivers: 2 } as const;
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];

/**
 * `payment_type`: 1 direct payment (paid outside Mavuno, confirmed by the parties); 2 wallet (frozen from the
 * buyer's available pocket on approval, released to the seller on goods received: docs/deals.md "Wallet payment");
 * 3 online (the buyer pays by card or mobile money after approval, and the money is frozen for the deal like a
 * wallet deal's: docs/deals.md "Online payment (payment_type 3)").
 */
export const PAYMENT_TYPE = { direct: 1, wallet: 2, online: 3 } as const;
export type PaymentType = (typeof PAYMENT_TYPE)[keyof typeof PAYMENT_TYPE];

/**
 * Whether a deal's money goes through Mavuno (wallet or online): frozen for the deal, released to the seller on
 * goods received, returned to the buyer when the seller calls the deal off before sending the goods.
 */
export const paysThroughMavuno = (paymentType: PaymentType): boolean =>
  paymentType === PAYMENT_TYPE.wallet || paymentType === PAYMENT_TYPE.online;

/** `delivery_status` and `payment_status`: each track goes none → sent → received. */
export const TRACK = { none: 0, sent: 1, received: 2 } as const;
export type TrackState = (typeof TRACK)[keyof typeof TRACK];

/** Actions after creation, by their API path (POST /offer/{action}). */
export const OFFER_ACTIONS = [
  'approve-offer',
  'decline-offer',
  'delete-offer',
  'delivery-send',
  'delivery-get',
  'payment-send',
  'payment-get',
  'approve-direct-payment',
] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** What a deal's history records: creation, each action, and each party's feedback. */
export type DealEventAction = 'create' | OfferAction | 'feedback' | DisputeEventAction;

/**
 * Steps outside the parties' buttons: a party opens a dispute, the platform resolves it, the money is released
 * automatically N days after the goods were sent (docs/deals.md "Disputes", "Automatic release").
 */
export type DisputeEventAction = 'open-dispute' | 'resolve-dispute' | 'auto-release';

/** Why a party opens a dispute. */
export const DISPUTE_REASONS = ['not_received', 'not_as_described', 'quantity_short', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** How the platform resolves one: all to the seller, all back to the buyer, or split between them. */
export const DISPUTE_DECISIONS = ['release', 'refund', 'split'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

export const ORDER_TYPES = ['board_list', 'seeds_list', 'fertilizer_list', 'technic_list'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Attachments of an action: a photo (images only) up to 20 MB, a document (PDF) up to 50 MB (docs/deals.md). */
export const OFFER_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const OFFER_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** What a step's file inputs offer to choose (the server checks the content again). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,.heic,.heif';
export const DOCUMENT_ACCEPT = 'application/pdf,.pdf';
export const OFFER_COMMENT_MAX = 1000;
export const OFFERS_PAGE_SIZE = 20;
/** The badge polls the count of offers waiting for the user every 60 s (docs/deals.md "Lists, badge, cabinet"). */
export const OFFER_COUNT_POLL_MS = 60_000;
/** Bookings: at most this far ahead, and at most this long. */
export const BOOKING_MAX_DAYS_AHEAD = 366;
export const BOOKING_MAX_DAYS = 92;

/**
 * Cabinet groupings: which of the user's deals each card lists. `on-sale` lists lots, the rest
 * offers; docs/deals.md gives each rule.
 */
export const CABINET_OFFER_VIEWS = [
  'bought-not-paid',
  'bought-not-delivered',
  'bought-paid-delivered',
  'sold-not-paid',
  'sold-not-delivered',
  'sold-old',
] as const;
export type CabinetOfferView = (typeof CABINET_OFFER_VIEWS)[number];
/** Money cards: amounts due to the user (have-to-be-paid) and from the user (have-to-pay) on deals under way. */
export const MONEY_VIEWS = ['have-to-be-paid', 'have-to-pay'] as const;
export type MoneyView = (typeof MONEY_VIEWS)[number];

export const RATING_MIN = 1;
export const RATING_MAX = 5;
