import { OFFER_TYPE, type DealEventAction, type DeliveryType, type OfferAction, type OfferStatus, type OfferType, type PaymentType, type TrackState } from '../../features/deals/constants';
import type { DealRole } from '../../features/deals/state-machine';
import type { Locale } from '../../i18n/config';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { MessageKey, Translate } from '../../i18n/t';

/**
 * Dictionary keys of the deals vocabulary (docs/deals.md), so a status or a step reads the same on the offers
 * list, the deal page and its island. Written out as literals so the i18n checker sees each key used.
 */

export const OFFER_STATUS_LABEL: Record<OfferStatus, MessageKey> = {
  2: 'deal.status_created',
  3: 'deal.status_approved',
  9: 'deal.status_done',
  1: 'deal.status_declined',
  0: 'deal.status_deleted',
};

/** daisyUI badge colour of each status; the name is always written too, so colour is never the only sign. */
export const OFFER_STATUS_BADGE: Record<OfferStatus, string> = {
  2: 'badge-info',
  3: 'badge-primary',
  9: 'badge-success',
  1: 'badge-neutral',
  0: 'badge-ghost',
};

export const DELIVERY_STATUS_LABEL: Record<TrackState, MessageKey> = {
  0: 'deal.delivery_none',
  1: 'deal.delivery_sent',
  2: 'deal.delivery_received',
};

export const PAYMENT_STATUS_LABEL: Record<TrackState, MessageKey> = {
  0: 'deal.payment_none',
  1: 'deal.payment_sent',
  2: 'deal.payment_received',
};

export const DELIVERY_TYPE_LABEL: Record<DeliveryType, MessageKey> = {
  1: 'deal.delivery_pickup',
  2: 'deal.delivery_seller_delivers',
};

export const PAYMENT_TYPE_LABEL: Record<PaymentType, MessageKey> = {
  1: 'deal.payment_direct',
};

/** The user's role as a short line: a booking of machinery speaks of renting, every other offer of buying. */
export function roleLabel(role: DealRole, offerType: OfferType): MessageKey {
  if (offerType === OFFER_TYPE.rent) return role === 'buyer' ? 'deal.role_renter' : 'deal.role_owner';
  return role === 'buyer' ? 'deal.role_buyer' : 'deal.role_seller';
}

/** The name of a party's part in the deal (the parties list). */
export function partyLabel(role: DealRole, offerType: OfferType): MessageKey {
  if (offerType === OFFER_TYPE.rent) return role === 'buyer' ? 'deal.renter' : 'deal.owner';
  return role === 'buyer' ? 'deal.buyer' : 'deal.seller';
}

/** A step of the history, with the actor's name: "Amina sent the goods". */
export const EVENT_LABEL: Record<DealEventAction, MessageKey> = {
  create: 'deal.event_create',
  'approve-offer': 'deal.event_approve_offer',
  'decline-offer': 'deal.event_decline_offer',
  'delete-offer': 'deal.event_delete_offer',
  'delivery-send': 'deal.event_delivery_send',
  'delivery-get': 'deal.event_delivery_get',
  'payment-send': 'deal.event_payment_send',
  'payment-get': 'deal.event_payment_get',
  'approve-direct-payment': 'deal.event_approve_direct_payment',
  feedback: 'deal.event_feedback',
};

/** Per action: the button, what the confirm dialog says it does, and the message after it succeeded. */
export const ACTION_TEXT: Record<OfferAction, { label: MessageKey; confirm: MessageKey; done: MessageKey }> = {
  'approve-offer': { label: 'deal.action_approve_offer', confirm: 'deal.confirm_approve_offer', done: 'deal.done_approve_offer' },
  'decline-offer': { label: 'deal.action_decline_offer', confirm: 'deal.confirm_decline_offer', done: 'deal.done_decline_offer' },
  'delete-offer': { label: 'deal.action_delete_offer', confirm: 'deal.confirm_delete_offer', done: 'deal.done_delete_offer' },
  'delivery-send': { label: 'deal.action_delivery_send', confirm: 'deal.confirm_delivery_send', done: 'deal.done_delivery_send' },
  'delivery-get': { label: 'deal.action_delivery_get', confirm: 'deal.confirm_delivery_get', done: 'deal.done_delivery_get' },
  'payment-send': { label: 'deal.action_payment_send', confirm: 'deal.confirm_payment_send', done: 'deal.done_payment_send' },
  'payment-get': { label: 'deal.action_payment_get', confirm: 'deal.confirm_payment_get', done: 'deal.done_payment_get' },
  'approve-direct-payment': { label: 'deal.action_approve_direct_payment', confirm: 'deal.confirm_approve_direct_payment', done: 'deal.done_approve_direct_payment' },
};

/**
 * An amount of an offer (OfferView answers money in major units of the lot's currency) in that currency.
 * Back to minor units first, so the shared formatter shows exactly the currency's decimals.
 */
export function offerMoney(amount: number, offer: { currency: string; decimals: number }, locale: Locale): string {
  return formatMoney(Math.round(amount * 10 ** offer.decimals), { code: offer.currency, decimals: offer.decimals }, locale);
}

/** Kilometres with at most two decimals: "12.5 km". */
export function distanceText(km: number, t: Translate, locale: Locale): string {
  return t('deal.distance_value', { km: formatNumber(km, locale, { maximumFractionDigits: 2 }) });
}
