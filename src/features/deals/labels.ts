import { RENT_PER, type RentPer } from '~/features/lots/constants';
import { LOCALE_META, type Locale } from '~/i18n/config';
import { formatMoney, formatNumber } from '~/i18n/format';
import type { MessageKey, Translate } from '~/i18n/t';
import { type BookedRange, formatDay, formatHours } from './booking-days';
import {
  OFFER_TYPE,
  type DealEventAction,
  type DeliveryType,
  type DisputeReason,
  type OfferAction,
  type OfferStatus,
  type OfferType,
  type PaymentType,
  type TrackState,
} from './constants';
import type { DealRole } from './state-machine';

/**
 * The words of offers and deals (docs/deals.md), so a status, a step or an amount reads the same on the offers
 * list, the cabinet cards, the deal page, its island and the make-offer dialog. Keys are written out as
 * literals so the i18n checker sees each one used. Pure: islands import it too.
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

export const PAYMENT_STATUS_LABEL: Record<TrackState, MessageKey> = {
  0: 'deal.payment_none',
  1: 'deal.payment_sent',
  2: 'deal.payment_received',
};

export const PAYMENT_TYPE_LABEL: Record<PaymentType, MessageKey> = {
  1: 'deal.payment_direct',
  2: 'deal.payment_wallet',
  3: 'deal.payment_online',
};

/** An action's button, what its confirm dialog says it does, and the message once it succeeded. */
export interface ActionText {
  label: MessageKey;
  confirm: MessageKey;
  done: MessageKey;
}

/** The words of a deal that depend on what changes hands (see dealLabels). */
export interface DealVocabulary {
  /** The user's role as a short line ("You buy"). */
  role: Record<DealRole, MessageKey>;
  /** The name of a party's part in the deal (the parties list). */
  party: Record<DealRole, MessageKey>;
  deliveryType: Record<DeliveryType, MessageKey>;
  /** Where the delivery track stands ("Goods sent"). */
  deliveryStatus: Record<TrackState, MessageKey>;
  /** A step of the history, with the actor's name: "Amina sent the goods". */
  event: Record<DealEventAction, MessageKey>;
  action: Record<OfferAction, ActionText>;
  /** What the deal page says once the deal is done. */
  doneText: MessageKey;
  /** The hints under a step's photo and document fields: what one might attach. */
  photoHint: MessageKey;
  documentHint: MessageKey;
  /** What the "not delivered" cabinet cards hold, by the user's side (see notDeliveredHint). */
  notDeliveredHint: Record<DealRole, MessageKey>;
}

/** Goods travel from the seller to the buyer: offers on sell lots and on buy requests. */
const GOODS: DealVocabulary = {
  role: { buyer: 'deal.role_buyer', seller: 'deal.role_seller' },
  party: { buyer: 'deal.buyer', seller: 'deal.seller' },
  deliveryType: { 1: 'deal.delivery_pickup', 2: 'deal.delivery_seller_delivers' },
  deliveryStatus: { 0: 'deal.delivery_none', 1: 'deal.delivery_sent', 2: 'deal.delivery_received' },
  event: {
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
    'open-dispute': 'deal.event_open_dispute',
    'resolve-dispute': 'deal.event_resolve_dispute',
    'auto-release': 'deal.event_auto_release',
  },
  action: {
    'approve-offer': {
      label: 'deal.action_approve_offer',
      confirm: 'deal.confirm_approve_offer',
      done: 'deal.done_approve_offer',
    },
    'decline-offer': {
      label: 'deal.action_decline_offer',
      confirm: 'deal.confirm_decline_offer',
      done: 'deal.done_decline_offer',
    },
    'delete-offer': {
      label: 'deal.action_delete_offer',
      confirm: 'deal.confirm_delete_offer',
      done: 'deal.done_delete_offer',
    },
    'delivery-send': {
      label: 'deal.action_delivery_send',
      confirm: 'deal.confirm_delivery_send',
      done: 'deal.done_delivery_send',
    },
    'delivery-get': {
      label: 'deal.action_delivery_get',
      confirm: 'deal.confirm_delivery_get',
      done: 'deal.done_delivery_get',
    },
    'payment-send': {
      label: 'deal.action_payment_send',
      confirm: 'deal.confirm_payment_send',
      done: 'deal.done_payment_send',
    },
    'payment-get': {
      label: 'deal.action_payment_get',
      confirm: 'deal.confirm_payment_get',
      done: 'deal.done_payment_get',
    },
    'approve-direct-payment': {
      label: 'deal.action_approve_direct_payment',
      confirm: 'deal.confirm_approve_direct_payment',
      done: 'deal.done_approve_direct_payment',
    },
  },
  doneText: 'deal.done_text',
  photoHint: 'deal.field_photo_hint',
  documentHint: 'deal.field_document_hint',
  notDeliveredHint: { buyer: 'cabinet.hint_bought_not_delivered', seller: 'cabinet.hint_sold_not_delivered' },
};

/**
 * A booking of machinery: the delivery track is the machine handed over by its owner to the renter (the owner
 * confirms "Machine handed over", the renter "Machine received"); the money track reads as for goods, with
 * the owner and the renter named where a text names the parties.
 */
const MACHINE: DealVocabulary = {
  role: { buyer: 'deal.role_renter', seller: 'deal.role_owner' },
  party: { buyer: 'deal.renter', seller: 'deal.owner' },
  deliveryType: { 1: 'deal.delivery_collect_machine', 2: 'deal.delivery_owner_brings' },
  deliveryStatus: { 0: 'deal.machine_none', 1: 'deal.machine_handed_over', 2: 'deal.machine_received' },
  event: {
    ...GOODS.event,
    'delivery-send': 'deal.event_machine_handed_over',
    'delivery-get': 'deal.event_machine_received',
  },
  action: {
    ...GOODS.action,
    'approve-offer': {
      label: 'deal.action_approve_offer',
      confirm: 'deal.confirm_approve_booking',
      done: 'deal.done_approve_booking',
    },
    'delivery-send': {
      label: 'deal.machine_handed_over',
      confirm: 'deal.confirm_machine_handed_over',
      done: 'deal.done_machine_handed_over',
    },
    'delivery-get': {
      label: 'deal.machine_received',
      confirm: 'deal.confirm_machine_received',
      done: 'deal.done_machine_received',
    },
    'payment-send': {
      label: 'deal.action_payment_send',
      confirm: 'deal.confirm_payment_send_owner',
      done: 'deal.done_payment_send_owner',
    },
    'payment-get': {
      label: 'deal.action_payment_get',
      confirm: 'deal.confirm_payment_get_renter',
      done: 'deal.done_payment_get',
    },
    'approve-direct-payment': {
      label: 'deal.action_approve_direct_payment',
      confirm: 'deal.confirm_approve_direct_payment_renter',
      done: 'deal.done_approve_direct_payment',
    },
  },
  doneText: 'deal.done_text_machine',
  photoHint: 'deal.field_photo_hint_machine',
  documentHint: 'deal.field_document_hint_machine',
  notDeliveredHint: { buyer: 'cabinet.hint_rented_not_received', seller: 'cabinet.hint_rented_out_not_received' },
};

/**
 * The one place that picks a deal's words by its offer type (offer_type 2, a booking of machinery, speaks of
 * renting and of the machine handed over; every other offer of buying and of goods sent), so the buttons,
 * their confirm texts, the track states, the history and the offer rows always agree.
 */
export function dealLabels(offerType: OfferType): DealVocabulary {
  return offerType === OFFER_TYPE.rent ? MACHINE : GOODS;
}

/** The "not delivered" cards' line when they hold goods and machines alike, or when what they hold is not known (the cabinet's counts). */
const MIXED_NOT_DELIVERED_HINT: Record<DealRole, MessageKey> = {
  buyer: 'cabinet.hint_bought_not_delivered_mixed',
  seller: 'cabinet.hint_sold_not_delivered_mixed',
};

/** A "not delivered" card's line for the deals it lists: in their own words when they are all goods or all bookings. */
export function notDeliveredHint(role: DealRole, offerTypes: readonly OfferType[]): MessageKey {
  const vocabularies = new Set(offerTypes.map(dealLabels));
  return vocabularies.size === 1 ? [...vocabularies][0].notDeliveredHint[role] : MIXED_NOT_DELIVERED_HINT[role];
}

/** A rented machine's rate is per hour, day, acre or hectare; anything else stored reads as per day (the offers service's default). */
export const asRentPer = (value: unknown): RentPer => RENT_PER.find((per) => per === value) ?? 'day';

/** The rate's unit as a word in running text ("per acre", "kwa ekari", "par acre"). */
export const RENT_UNIT: Record<RentPer, MessageKey> = {
  hour: 'booking.unit_hour',
  day: 'booking.unit_day',
  acre: 'booking.unit_acre',
  hectare: 'booking.unit_hectare',
};

const BOOKING_QUANTITY: Record<RentPer, MessageKey> = {
  hour: 'booking.hours',
  day: 'booking.days',
  acre: 'booking.acres',
  hectare: 'booking.hectares',
};

/** A booking's quantity in its rate's unit, with the plural the language wants: "1 day", "3 days", "2.5 acres". */
export function bookingQuantityText(per: RentPer, value: number, t: Translate): string {
  // Rounded to the two decimals a quantity is shown with, so that the form agrees with the number shown.
  return t(BOOKING_QUANTITY[per], { count: Math.round(value * 100) / 100 });
}

/**
 * An amount in major units of a currency (as OfferView, the money cards and the dialog's lot carry money) in
 * that currency. Back to minor units first, so the shared formatter shows exactly the currency's decimals and
 * the float division that made the major-unit number is undone.
 */
export function offerMoney(amount: number, offer: { currency: string; decimals: number }, locale: Locale): string {
  return formatMoney(
    Math.round(amount * 10 ** offer.decimals),
    { code: offer.currency, decimals: offer.decimals },
    locale,
  );
}

/** Kilometres with at most two decimals: "12.5 km". */
export function distanceText(km: number, t: Translate, locale: Locale): string {
  return t('deal.distance_value', { km: formatNumber(km, locale, { maximumFractionDigits: 2 }) });
}

/**
 * A booking's dates as one line: "24 Nov 2026", "24 Nov 2026 to 25 Nov 2026", or for a booking by the hour
 * "24 Nov 2026, 08:00–12:00". Dates are calendar days, written in UTC so no time zone moves them a day.
 */
export function bookingText(booking: BookedRange, t: Translate, locale: Locale): string {
  const intl = LOCALE_META[locale].intl;
  const from = formatDay(booking.date_from, intl);
  if (booking.date_from === booking.date_to)
    return booking.hour_from !== null && booking.hour_to !== null
      ? `${from}, ${formatHours(booking.hour_from, booking.hour_to)}`
      : from;
  return t('deal.booking_range', { from, to: formatDay(booking.date_to, intl) });
}

/** Why a dispute was opened, as people read it. */
export const DISPUTE_REASON_LABEL: Record<DisputeReason, MessageKey> = {
  not_received: 'deal.dispute_reason_not_received',
  not_as_described: 'deal.dispute_reason_not_as_described',
  quantity_short: 'deal.dispute_reason_quantity_short',
  other: 'deal.dispute_reason_other',
};
