import type { ApproximationPair } from '~/features/money/approximate-price';
import type { OrderType } from '~/features/deals/constants';
import { asRentPer } from '~/features/deals/labels';
import { type LotType, PRICE_TYPES, type RentPer } from '~/features/lots/constants';
import type { MessageKey } from '~/i18n/t';

/**
 * The few facts of a lot the make-offer dialog needs, picked by the page (src/components/lot-page/LotActions.astro)
 * so the island's props never carry the whole lot. Money in major units of the lot's currency.
 */
export interface OfferLot {
  id: number;
  orderType: OrderType;
  type: LotType;
  title: string;
  price: number;
  currency: string;
  decimals: number;
  /** The unit's short name ("t", "90 kg bag"). */
  unit: string;
  /** Only machinery lots say it; other lots take offers at any price. */
  priceType: 'fixed' | 'negotiable' | null;
  /** What a rented machine's rate is per; null for lots that are not rented. */
  rentPer: RentPer | null;
  minVolume: number | null;
  maxVolume: number | null;
  /** What remains on offer: the volume less what approved deals hold. */
  availableVolume: number;
  /** The lot's delivery price per km, when its owner gave one. */
  deliveryPricePerKm: number | null;
  /** The lot's map point, for the default delivery distance. */
  point: MapPoint | null;
  /**
   * The lot's currency and the reader's, with their rates, when the reader reads prices in another currency: the
   * totals are also shown in it as they are typed (approximationPair). Never what the offer is made in.
   */
  approx?: ApproximationPair | null;
}

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** The fields of a lot as the lot services answer it (LotItem) that an offer needs; details come flattened, untyped. */
export interface OfferLotSource {
  id: number;
  order_type: OrderType;
  type: LotType;
  title: string;
  price: number;
  currency: string;
  decimals: number;
  unit: string;
  min_volume: number | null;
  max_volume: number | null;
  available_volume: number;
  delivery_price_per_km: number | null;
  latitude: string | number | null;
  longitude: string | number | null;
}

/**
 * Only what an offer needs of a lot, for the lot page's dialog (its props never carry the whole lot) and the offer
 * page: picked in one place so both read the lot alike.
 */
export function offerLotOf(lot: OfferLotSource): OfferLot {
  const details = lot as unknown as Record<string, unknown>;
  return {
    id: lot.id,
    orderType: lot.order_type,
    type: lot.type,
    title: lot.title,
    price: lot.price,
    currency: lot.currency,
    decimals: lot.decimals,
    unit: lot.unit,
    priceType: PRICE_TYPES.find((type) => type === details.price_type) ?? null,
    rentPer: lot.type === 'rent' ? asRentPer(details.rent_per) : null,
    minVolume: lot.min_volume,
    maxVolume: lot.max_volume,
    availableVolume: lot.available_volume,
    deliveryPricePerKm: lot.delivery_price_per_km,
    point:
      lot.latitude !== null && lot.longitude !== null
        ? { latitude: Number(lot.latitude), longitude: Number(lot.longitude) }
        : null,
  };
}

/**
 * A machine's fixed price binds its owner, for sale or for rent: the offers service refuses any other price
 * (offers.fixed_price), so the dialog shows it read-only. Only machinery lots have a price type; a buy request
 * never does.
 */
export const isPriceFixed = (lot: Pick<OfferLot, 'type' | 'priceType'>) =>
  lot.type !== 'buy' && lot.priceType === 'fixed';

/** An offer at a sell lot's fixed price is an order, approved at once; a booking at a fixed rate still waits for the owner. */
export const isDirectBuy = (lot: Pick<OfferLot, 'type' | 'priceType'>) => lot.type === 'sell' && isPriceFixed(lot);

/** The button that opens the dialog, and the dialog's title, by what the visitor does with the lot. */
export const OPEN_LABEL: Record<LotType, MessageKey> = {
  sell: 'lot_page.make_offer',
  buy: 'make_offer.open_sell',
  rent: 'make_offer.open_book',
};

/** The dialog's send button: at a fixed price a buyer's offer is an order, placed at once. */
export function submitLabel(lot: Pick<OfferLot, 'type' | 'priceType'>): MessageKey {
  if (lot.type === 'buy') return 'make_offer.submit_sell';
  if (lot.type === 'rent') return 'make_offer.submit_book';
  return isDirectBuy(lot) ? 'make_offer.submit_direct_buy' : 'make_offer.submit_buy';
}

/** What the maker reads once the offer is made. */
export function successKey(type: LotType, isDirectBuy: boolean): MessageKey {
  if (type === 'buy') return 'make_offer.done_to_buyer';
  if (type === 'rent') return 'make_offer.done_booking';
  return isDirectBuy ? 'make_offer.done_direct_buy' : 'make_offer.done_to_seller';
}

/** A booking's length in the rate's unit ("3 days", "4 h"). */
export const RENT_QUANTITY: Record<RentPer, MessageKey> = {
  hour: 'make_offer.quantity_hours',
  day: 'make_offer.quantity_days',
  acre: 'make_offer.quantity_acres',
  hectare: 'make_offer.quantity_hectares',
};
