import { DELIVERY_TYPE, OFFER_TYPE_FOR_LOT, PAYMENT_TYPE } from '~/features/deals/constants';
import { distanceKm, offerVolumeLimits } from '~/features/deals/figures';
import { type MapPoint, type OfferLot, isPriceFixed } from '~/features/deals/offer-lot';
import { localAmountText, localNumberText } from '~/features/numbers/text';
import type { LotType } from '~/features/lots/constants';
import type { Locale } from '~/i18n/config';
import type { MessageKey, Translate } from '~/i18n/t';

/**
 * An offer's form as people fill it in, shared by the make-offer dialog (src/islands/make-offer) and the offer page
 * that works without JavaScript (src/pages/{board,seed,fertil,agrotechnic}/[id]/offer.astro): the same fields,
 * asked for the same lots, with the same first values. createOfferSchema(locale) reads them as the API does.
 */

/** The form's inputs, as typed (strings). */
export interface OfferFormValues {
  order_id: string;
  order_type: string;
  offer_type: string;
  price: string;
  volume: string;
  delivery_type: string;
  delivery_distance: string;
  delivery_price_per_km: string;
  payment_type: string;
  comment: string;
  date_from: string;
  date_to: string;
  hour_from: string;
  hour_to: string;
}
export type OfferField = keyof OfferFormValues;

/** The fields the server may find wrong, in the order the dialog shows them: the first one in error gets the focus. */
export const OFFER_FIELDS: OfferField[] = [
  'date_from',
  'date_to',
  'hour_from',
  'hour_to',
  'price',
  'volume',
  'delivery_type',
  'delivery_distance',
  'delivery_price_per_km',
  'payment_type',
  'comment',
];

/** The booking asks for the area worked (as the volume) only when the rate is per acre or hectare. */
export const asksArea = (lot: OfferLot) => lot.rentPer === 'acre' || lot.rentPer === 'hectare';
/** Anything but a booking by the hour or day has a volume. */
export const asksVolume = (lot: OfferLot) => lot.type !== 'rent' || asksArea(lot);
/** Only a seller offering to a buy request names their own delivery price; other offers take the lot's. */
export const asksDeliveryPrice = (lot: OfferLot) => lot.type === 'buy';

/**
 * The limits an offer's volume must keep (docs/deals.md): at least the minimum (or all that remains, if less),
 * at most the maximum and what remains. A maximum of 0 means none, as the offers service reads it.
 */
export function volumeLimits(lot: OfferLot): { min: number; max: number } {
  const { min, max } = offerVolumeLimits({
    volume: lot.availableVolume,
    reserved: 0,
    min: lot.minVolume,
    max: lot.maxVolume,
  });
  return { min, max };
}

/** Prefilled money and quantities, written as the page's language writes numbers (the fields read them back). */
const money = (value: number, locale: Locale) => localAmountText(Math.round(value * 100) / 100, locale);
const quantity = (value: number, locale: Locale) => localNumberText(value, locale);

export function initialValues(lot: OfferLot, userPoint: MapPoint | null, locale: Locale): OfferFormValues {
  const distance = lot.point && userPoint ? distanceKm(lot.point, userPoint) : null;
  return {
    order_id: String(lot.id),
    order_type: lot.orderType,
    offer_type: String(OFFER_TYPE_FOR_LOT[lot.type]),
    price: money(lot.price, locale),
    // The smallest volume the lot takes is the likeliest offer, and it shows the totals at once.
    volume: lot.type !== 'rent' && lot.minVolume !== null ? quantity(volumeLimits(lot).min, locale) : '',
    delivery_type: String(DELIVERY_TYPE.pickup),
    // One decimal (docs/deals.md rounds the proposal to 0.1 km).
    delivery_distance: distance === null ? '' : quantity(Math.round(distance * 10) / 10, locale),
    delivery_price_per_km:
      asksDeliveryPrice(lot) && lot.deliveryPricePerKm !== null ? money(lot.deliveryPricePerKm, locale) : '',
    payment_type: String(PAYMENT_TYPE.direct),
    comment: '',
    date_from: '',
    date_to: '',
    hour_from: '',
    hour_to: '',
  };
}

/**
 * The fields the form shows for this lot, in OFFER_FIELDS' order: a booking's dates (and hours for a rate per
 * hour), the price unless the lot fixed it, the volume (or a booking's area), delivery, payment and a comment.
 */
export function shownOfferFields(lot: OfferLot): OfferField[] {
  return OFFER_FIELDS.filter((field) => {
    if (field === 'date_from') return lot.type === 'rent';
    if (field === 'date_to') return lot.type === 'rent' && lot.rentPer !== 'hour';
    if (field === 'hour_from' || field === 'hour_to') return lot.type === 'rent' && lot.rentPer === 'hour';
    if (field === 'price') return !isPriceFixed(lot);
    if (field === 'volume') return asksVolume(lot);
    if (field === 'delivery_price_per_km') return asksDeliveryPrice(lot);
    return true;
  });
}

/** Under a price the maker may change: whose price it is and who answers the offer. */
export const OPEN_PRICE_HINT: Record<LotType, MessageKey> = {
  sell: 'make_offer.price_hint_sell',
  buy: 'make_offer.price_hint_buy',
  rent: 'make_offer.price_hint_rent',
};

/** The two ways the goods (or the machine) travel, said from the side of whoever makes the offer. */
export const DELIVERY_CHOICE_LABEL: Record<LotType, Record<'pickup' | 'sellerDelivers', MessageKey>> = {
  sell: { pickup: 'make_offer.delivery_pickup_buyer', sellerDelivers: 'make_offer.delivery_deliver_buyer' },
  buy: { pickup: 'make_offer.delivery_pickup_seller', sellerDelivers: 'make_offer.delivery_deliver_seller' },
  rent: { pickup: 'make_offer.delivery_pickup_renter', sellerDelivers: 'make_offer.delivery_deliver_renter' },
};

/** Without a delivery price on the lot the offers service refuses a delivery (offers.no_delivery): collection only. */
export const canDeliver = (lot: OfferLot) => asksDeliveryPrice(lot) || lot.deliveryPricePerKm !== null;

/** "5 t to 20 t; 40 t remain": the offer's bounds as the server checks them (`quantity` writes an amount of the unit). */
export function volumeLimitsText(lot: OfferLot, t: Translate, quantity: (value: number) => string): string {
  const { min, max } = volumeLimits(lot);
  const remain = t('make_offer.volume_remaining', { volume: quantity(lot.availableVolume) });
  if (lot.minVolume === null && lot.maxVolume === null) return remain;
  return `${t('make_offer.volume_between', { min: quantity(min), max: quantity(max) })} ${remain}`;
}

/** The ways to pay an offer names (docs/deals.md: direct, from the wallet, online after approval), each explained. */
export const PAYMENT_CHOICES = [
  { value: String(PAYMENT_TYPE.direct), label: 'make_offer.payment_direct', hint: 'make_offer.payment_direct_hint' },
  { value: String(PAYMENT_TYPE.wallet), label: 'make_offer.payment_wallet', hint: 'make_offer.payment_wallet_hint' },
  { value: String(PAYMENT_TYPE.online), label: 'make_offer.payment_online', hint: 'make_offer.payment_online_hint' },
] as const;
