/**
 * The money of an offer, computed from integers only: prices in minor units of the lot's currency, volumes and
 * distances in hundredths. Rounded half up to the minor unit once per figure. The server stores the inputs
 * and answers these figures; the make-offer dialog shows the same figures live.
 */
export interface FigureInputs {
  /** The lot's asking price per unit (minor units). */
  lotPriceMinor: number;
  /** The offered price per unit (minor units). */
  offerPriceMinor: number;
  /** Hundredths of a unit (12.5 t = 1250). For bookings: hours, days or area in hundredths. */
  volumeCenti: number;
  /** Price of one km of delivery (minor units); 0 when the buyer picks up. */
  deliveryPricePerKmMinor: number;
  /** Hundredths of a km; 0 when the buyer picks up. */
  distanceCenti: number;
}

export interface Figures {
  price_per_unit_minor: number;
  offer_price_per_unit_minor: number;
  /** offer price per unit × volume */
  offer_price_minor: number;
  delivery_price_minor: number;
  total_price_minor: number;
  total_price_with_delivery_minor: number;
  price_per_unit_with_delivery_minor: number;
}

/** a × b / 100 with half-up rounding, exact for any amount (BigInt). */
function timesHundredths(a: number, hundredths: number): number {
  const product = BigInt(a) * BigInt(hundredths);
  return Number((product + 50n) / 100n);
}

export function computeFigures(input: FigureInputs): Figures {
  const offerPrice = timesHundredths(input.offerPriceMinor, input.volumeCenti);
  const delivery = timesHundredths(input.deliveryPricePerKmMinor, input.distanceCenti);
  const withDelivery = offerPrice + delivery;
  const perUnitWithDelivery =
    input.volumeCenti > 0
      ? Number((BigInt(withDelivery) * 100n * 2n + BigInt(input.volumeCenti)) / (2n * BigInt(input.volumeCenti)))
      : 0;
  return {
    price_per_unit_minor: input.lotPriceMinor,
    offer_price_per_unit_minor: input.offerPriceMinor,
    offer_price_minor: offerPrice,
    delivery_price_minor: delivery,
    total_price_minor: offerPrice,
    total_price_with_delivery_minor: withDelivery,
    price_per_unit_with_delivery_minor: perUnitWithDelivery,
  };
}

/** Whether every figure of an offer stays an exact JavaScript number (below 2^53 minor units). */
export function hasSafeTotal(input: FigureInputs): boolean {
  const total =
    (BigInt(input.offerPriceMinor) * BigInt(input.volumeCenti) +
      BigInt(input.deliveryPricePerKmMinor) * BigInt(input.distanceCenti)) /
    100n;
  return total <= BigInt(Number.MAX_SAFE_INTEGER);
}

/**
 * What remains of a lot for offers, and the volume range an offer may take now (docs/deals.md): at least the
 * minimum (or all that remains, if less), at most the maximum (0 or none: no maximum) and what remains.
 * Computed in hundredths, so 0.1 + 0.2 never decides a limit.
 */
export function offerVolumeLimits(lot: { volume: number; reserved: number; min: number | null; max: number | null }): {
  remaining: number;
  min: number;
  max: number;
} {
  const remaining = Math.max(0, toHundredths(lot.volume) - toHundredths(lot.reserved));
  const min = Math.min(lot.min === null ? 1 : Math.max(1, toHundredths(lot.min)), remaining);
  const max = Math.min(lot.max === null || toHundredths(lot.max) === 0 ? remaining : toHundredths(lot.max), remaining);
  return { remaining: remaining / 100, min: min / 100, max: max / 100 };
}

/** 12.5 → 1250: a two-decimal number as hundredths (the schemas already refused more decimals). */
export const toHundredths = (value: number) => Math.round(value * 100);
/** An amount in major units as minor units of a currency with `decimals` decimals. */
export const toMinor = (value: number, decimals: number) => Math.round(value * 10 ** decimals);
export const fromMinor = (minor: number, decimals: number) => minor / 10 ** decimals;

/** Straight-line distance in km between two map points (haversine), rounded to 0.1 km: the dialog's default distance. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/**
 * A booking's length in the lot's rent unit: hours of one day (per hour), days inclusive (per day); for a
 * price per acre or hectare the renter gives the area, so the length is that area.
 */
export function bookingQuantity(
  rentPer: string,
  booking: { date_from: string; date_to: string; hour_from?: number; hour_to?: number },
  area?: number,
): number {
  if (rentPer === 'hour') return Math.max(0, (booking.hour_to ?? 0) - (booking.hour_from ?? 0));
  if (rentPer === 'day')
    return (
      Math.round(
        (Date.parse(`${booking.date_to}T00:00:00Z`) - Date.parse(`${booking.date_from}T00:00:00Z`)) / 86_400_000,
      ) + 1
    );
  return area ?? 0;
}
