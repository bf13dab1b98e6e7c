import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { DELIVERY_TYPE } from '~/features/deals/constants';
import { type Figures, bookingQuantity, computeFigures, toHundredths, toMinor } from '~/features/deals/figures';
import { createOfferSchema } from '~/features/deals/schemas';
import { priceDecimalsProblem } from '~/features/numbers/money';
import { machineText, parseNumber } from '~/features/numbers/parse';
import type { Locale } from '~/i18n/config';
import { zodFormResolver } from '~/islands/lib/forms';
import type { ClientTranslate, Messages } from '~/islands/lib/i18n';
import { type BookedRange, type BookingChoice, bookingProblem } from '~/features/deals/booking-days';
import { type OfferLot, isPriceFixed } from '~/features/deals/offer-lot';

// The form's values, which fields a lot asks and their first values are shared with the offer page that works
// without JavaScript (src/pages/*/[id]/offer.astro): one definition in src/features/deals/offer-form-fields.ts.
import {
  type OfferField,
  type OfferFormValues,
  OFFER_FIELDS,
  asksArea,
  asksDeliveryPrice,
  asksVolume,
  volumeLimits,
} from '~/features/deals/offer-form-fields';
export { type OfferField, type OfferFormValues, OFFER_FIELDS, asksArea, asksDeliveryPrice, asksVolume, volumeLimits };
export { initialValues } from '~/features/deals/offer-form-fields';

/** An amount as the page's language writes it ("1,100,000", "70 000", "12,5"), or null (src/features/numbers/parse.ts). */
export function readAmount(text: string, locale: Locale): number | null {
  const result = parseNumber(text ?? '', { locale });
  return result.ok ? result.value : null;
}

const readHour = (text: string) => (/^\d{1,2}$/.test(text) ? Number(text) : undefined);

/** The chosen dates and hours, once the booking has its first day (a booking by the hour lasts one day). */
export function bookingChoice(
  lot: OfferLot,
  values: Pick<OfferFormValues, 'date_from' | 'date_to' | 'hour_from' | 'hour_to'>,
): BookingChoice | null {
  if (!values.date_from) return null;
  if (lot.rentPer === 'hour')
    return {
      date_from: values.date_from,
      date_to: values.date_from,
      hour_from: readHour(values.hour_from),
      hour_to: readHour(values.hour_to),
    };
  return values.date_to ? { date_from: values.date_from, date_to: values.date_to } : null;
}

/** How many units the offer is for: the volume, or a booking's hours, days or area. Null while unknown. */
export function offerQuantity(lot: OfferLot, values: OfferFormValues, locale: Locale): number | null {
  if (lot.type !== 'rent') return readAmount(values.volume, locale);
  const area = asksArea(lot) ? readAmount(values.volume, locale) : undefined;
  if (asksArea(lot)) return area ?? null;
  const choice = bookingChoice(lot, values);
  if (!choice || (lot.rentPer === 'hour' && (choice.hour_from === undefined || choice.hour_to === undefined)))
    return null;
  const quantity = bookingQuantity(lot.rentPer ?? 'day', choice);
  return quantity > 0 ? quantity : null;
}

/** The live figures, computed as the server computes them (integers, src/features/deals/figures.ts); null until price and quantity are numbers. */
export function liveFigures(lot: OfferLot, values: OfferFormValues, locale: Locale): Figures | null {
  const price = isPriceFixed(lot) ? lot.price : readAmount(values.price, locale);
  const quantity = offerQuantity(lot, values, locale);
  if (price === null || quantity === null) return null;
  const delivers = values.delivery_type === String(DELIVERY_TYPE.sellerDelivers);
  const perKm = asksDeliveryPrice(lot) ? readAmount(values.delivery_price_per_km, locale) : lot.deliveryPricePerKm;
  const distance = readAmount(values.delivery_distance, locale);
  return computeFigures({
    lotPriceMinor: toMinor(lot.price, lot.decimals),
    offerPriceMinor: toMinor(price, lot.decimals),
    volumeCenti: toHundredths(quantity),
    deliveryPricePerKmMinor: delivers && perKm !== null ? toMinor(perKm, lot.decimals) : 0,
    distanceCenti: delivers && distance !== null ? toHundredths(distance) : 0,
  });
}

type Problem = { field: OfferField; message: string };

/** The checks that need the lot and its bookings, which the shared schema cannot know (the server makes them too). */
function lotProblems(
  lot: OfferLot,
  values: OfferFormValues,
  booked: readonly BookedRange[],
  today: string,
  t: ClientTranslate,
  formatQuantity: (n: number) => string,
  locale: Locale,
): Problem[] {
  const problems: Problem[] = [];
  const required = t('validation.required');
  // Money in the lot's currency: no cents in shillings or francs (the offers service says the same).
  const currency = { code: lot.currency, decimals: lot.decimals };
  const moneyFields: OfferField[] = isPriceFixed(lot) ? [] : ['price'];
  if (asksDeliveryPrice(lot)) moneyFields.push('delivery_price_per_km');
  for (const field of moneyFields) {
    const amount = readAmount(values[field], locale);
    const wrong = amount === null ? null : priceDecimalsProblem(amount, currency);
    if (wrong) problems.push({ field, message: t(wrong.key, wrong.vars) });
  }
  if (asksVolume(lot)) {
    const volume = readAmount(values.volume, locale);
    if (volume === null && !values.volume.trim()) problems.push({ field: 'volume', message: required });
    if (volume !== null && lot.type !== 'rent') {
      const { min, max } = volumeLimits(lot);
      if (volume < min)
        problems.push({ field: 'volume', message: t('offers.volume_below_min', { min: formatQuantity(min) }) });
      else if (volume > max)
        problems.push({ field: 'volume', message: t('offers.volume_above_max', { max: formatQuantity(max) }) });
    }
  }
  if (
    asksDeliveryPrice(lot) &&
    values.delivery_type === String(DELIVERY_TYPE.sellerDelivers) &&
    !values.delivery_price_per_km.trim()
  ) {
    problems.push({ field: 'delivery_price_per_km', message: required });
  }
  if (lot.type === 'rent') problems.push(...bookingProblems(lot, values, booked, today, t));
  return problems;
}

function bookingProblems(
  lot: OfferLot,
  values: OfferFormValues,
  booked: readonly BookedRange[],
  today: string,
  t: ClientTranslate,
): Problem[] {
  const required = t('validation.required');
  if (!values.date_from) return [{ field: 'date_from', message: t('make_offer.dates_required') }];
  if (lot.rentPer === 'hour') {
    const missing: Problem[] = [];
    if (!values.hour_from) missing.push({ field: 'hour_from', message: required });
    if (!values.hour_to) missing.push({ field: 'hour_to', message: required });
    if (missing.length > 0) return missing;
  } else if (!values.date_to) {
    return [{ field: 'date_to', message: required }];
  }
  const choice = bookingChoice(lot, values);
  if (!choice || choice.date_to < choice.date_from) return [];
  if (choice.hour_from !== undefined && choice.hour_to !== undefined && choice.hour_to <= choice.hour_from) return [];
  const problem = bookingProblem(choice, booked, today);
  return problem
    ? [
        {
          field: problem.key === 'offers.booking_too_long' ? 'date_to' : 'date_from',
          message: t(problem.key, problem.vars),
        },
      ]
    : [];
}

/**
 * createOfferSchema first (the same messages as the API), then the lot's own rules. Everything the dialog
 * does not ask (volume of a day booking, hours of a day booking) is left out before checking.
 */
export function offerResolver(
  lot: OfferLot,
  getBooked: () => readonly BookedRange[],
  today: string,
  t: ClientTranslate,
  messages: Messages,
  formatQuantity: (n: number) => string,
  locale: Locale,
): Resolver<OfferFormValues> {
  const schemaResolver = zodFormResolver(
    createOfferSchema(locale),
    t,
    messages,
  ) as unknown as Resolver<OfferFormValues>;
  return async (values, context, options) => {
    // The schema reads what the person typed, in the page's language (its messages name the readings).
    const typed = askedFields(lot, values, isPriceFixed(lot) ? machineText(lot.price) : values.price);
    const result = await schemaResolver({ ...emptyValues, ...typed } as OfferFormValues, context, options);
    const errors: FieldErrors<OfferFormValues> = { ...result.errors };
    for (const problem of lotProblems(lot, values, getBooked(), today, t, formatQuantity, locale)) {
      errors[problem.field] ??= { type: 'lot', message: problem.message } as FieldError;
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values, errors: {} };
  };
}

const emptyValues = Object.fromEntries(OFFER_FIELDS.map((field) => [field, ''])) as Record<OfferField, string>;

/** The fields of this lot's offer the dialog asked for, as typed (a fixed price is the lot's own). */
function askedFields(lot: OfferLot, values: OfferFormValues, price = values.price): Partial<OfferFormValues> {
  const delivers = values.delivery_type === String(DELIVERY_TYPE.sellerDelivers);
  const out: Partial<OfferFormValues> = {
    order_id: values.order_id,
    order_type: values.order_type,
    offer_type: values.offer_type,
    price,
    delivery_type: values.delivery_type,
    payment_type: values.payment_type,
    comment: values.comment,
  };
  if (asksVolume(lot)) out.volume = values.volume;
  if (delivers) out.delivery_distance = values.delivery_distance;
  if (delivers && asksDeliveryPrice(lot)) out.delivery_price_per_km = values.delivery_price_per_km;
  if (lot.type === 'rent') {
    out.date_from = values.date_from;
    out.date_to = lot.rentPer === 'hour' ? values.date_from : values.date_to;
    if (lot.rentPer === 'hour') {
      out.hour_from = values.hour_from;
      out.hour_to = values.hour_to;
    }
  }
  return out;
}

const AMOUNTS = ['price', 'volume', 'delivery_distance', 'delivery_price_per_km'] as const;

/**
 * The `Offer[…]` fields this lot's offer sends: only what the dialog asked for, amounts as the numbers the
 * dialog read and showed ("1,100,000" typed → 1100000 sent), so the server reads the same in any language.
 */
export function toOfferFields(lot: OfferLot, values: OfferFormValues, locale: Locale): Partial<OfferFormValues> {
  const out = askedFields(lot, values, isPriceFixed(lot) ? machineText(lot.price) : values.price);
  for (const field of AMOUNTS) {
    if (field === 'price' && isPriceFixed(lot)) continue;
    const text = out[field];
    const amount = text === undefined ? null : readAmount(text, locale);
    if (amount !== null) out[field] = machineText(amount);
  }
  return out;
}
