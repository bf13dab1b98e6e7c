import { z } from 'zod';
import { plainLine } from '~/features/accounts/schemas';
import { optionalAmount } from '~/features/lots/schemas';
import { optionalTypedNumber, perLocale, readMachineField } from '~/features/numbers/schema';
import { optionalInt, requiredInt } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import {
  DELIVERY_TYPE,
  DISPUTE_REASONS,
  OFFER_COMMENT_MAX,
  OFFER_TYPE,
  ORDER_TYPES,
  PAYMENT_TYPE,
  RATING_MAX,
  RATING_MIN,
} from './constants';

/**
 * Offer forms, shared by the make-offer dialog and the API (`Offer[…]`, `UserFeedback[…]`): prices and volumes
 * with at most two decimals, typed as the request's language writes numbers (src/features/numbers/parse.ts).
 * Rules that need the lot (its limits, its price type, its currency's decimals, free dates) are checked by the
 * offers service.
 */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A real calendar day: 2026-02-30 would roll over to March in Date.parse, so the day must survive a round trip. */
const isCalendarDay = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
};
const date = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.invalid' })
    .refine(isCalendarDay, { message: 'validation.invalid' })
    .optional(),
);
const hour = z.preprocess(readMachineField, z.number().int().min(0).max(24).optional());
const comment = z.preprocess(blank, z.string().trim().max(OFFER_COMMENT_MAX).optional());
const oneOf = <T extends number>(values: readonly T[], fallback?: T) =>
  z.preprocess(
    (v) => (blank(v) === undefined ? fallback : readMachineField(v)),
    z
      .number({ message: 'validation.required' })
      .refine((v): v is T => values.includes(v as T), { message: 'validation.invalid_option' }),
  );

/** `POST /offer/create-offer` (`Offer[…]`), reading prices, volumes and distances as `locale` writes them. */
export const createOfferSchema = perLocale((locale: Locale) =>
  z
    .object({
      order_id: requiredInt(),
      order_type: z.enum(ORDER_TYPES, { message: 'validation.invalid_option' }),
      /** Must match the lot's type (sell → 1, rent → 2, buy → 3); may be left out. */
      offer_type: z.preprocess(
        readMachineField,
        z
          .number()
          .int()
          .refine((v) => (Object.values(OFFER_TYPE) as number[]).includes(v), { message: 'validation.invalid_option' })
          .optional(),
      ),
      /** Price per unit in the lot's currency. Left out: the lot's price. */
      price: optionalAmount(locale, { allowZero: false }),
      /** Units of the lot; for a booking priced per acre or hectare, the area. */
      volume: optionalAmount(locale, { allowZero: false }),
      delivery_type: oneOf(Object.values(DELIVERY_TYPE), DELIVERY_TYPE.pickup),
      /** Kilometres from the seller to the buyer, when the seller delivers. */
      delivery_distance: optionalTypedNumber(locale, { max: 40_000 }),
      /** A seller's delivery price per km on an offer to a buy request (other offers take the lot's). */
      delivery_price_per_km: optionalAmount(locale),
      delivery_from: z.preprocess(blank, plainLine(200).optional()),
      delivery_to: z.preprocess(blank, plainLine(200).optional()),
      payment_type: oneOf(Object.values(PAYMENT_TYPE), PAYMENT_TYPE.direct),
      comment,
      /** Bookings: first and last day (YYYY-MM-DD), and hours of the day when the rent is per hour. */
      date_from: date,
      date_to: date,
      hour_from: hour,
      hour_to: hour,
    })
    .refine((o) => o.delivery_type !== DELIVERY_TYPE.sellerDelivers || o.delivery_distance !== undefined, {
      message: 'validation.required',
      path: ['delivery_distance'],
    })
    .refine((o) => !o.date_from || !o.date_to || o.date_to >= o.date_from, {
      message: 'offers.dates_order',
      path: ['date_to'],
    })
    .refine((o) => o.hour_from === undefined || o.hour_to === undefined || o.hour_to > o.hour_from, {
      message: 'offers.hours_order',
      path: ['hour_to'],
    }),
);
export type CreateOfferInput = z.infer<ReturnType<typeof createOfferSchema>>;

/** Every action after creation: the offer, an optional comment; the photo and document come as multipart files. */
export const offerActionSchema = z.object({ id: requiredInt(), comment });

/** `POST /offer/open-dispute`: the deal, why (one of DISPUTE_REASONS) and what happened in words. */
export const openDisputeSchema = z.object({
  id: requiredInt(),
  reason: z.enum(DISPUTE_REASONS, { message: 'validation.invalid_option' }),
  comment,
});

export const feedbackSchema = z.object({
  offer_id: requiredInt(),
  rating: z.preprocess(
    readMachineField,
    z.number({ message: 'validation.required' }).int().min(RATING_MIN).max(RATING_MAX),
  ),
  comment,
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** `GET /offer`: all the user's offers, or one lot's (order_id + order_type), or one cabinet grouping. */
export const offerListQuery = z
  .object({
    order_id: optionalInt(),
    order_type: z.preprocess(blank, z.enum(ORDER_TYPES).optional()),
    role: z.preprocess(blank, z.enum(['buyer', 'seller']).optional()),
    page: z.preprocess(readMachineField, z.number().int().min(1).max(100_000).default(1)),
  })
  .refine((q) => (q.order_id === undefined) === (q.order_type === undefined), {
    message: 'offers.order_pair',
    path: ['order_id'],
  });

/**
 * `POST /offer/pay` (docs/payments.md "Deal payments"): the buyer of an approved online deal starts its checkout,
 * by card (default) or mobile money; a phone for mobile money (the checkout page asks for it otherwise).
 */
export const payOfferSchema = z.object({
  id: requiredInt(),
  method: z.preprocess(
    blank,
    z.enum(['card', 'mobile_money'], { message: 'validation.invalid_option' }).default('card'),
  ),
  phone: z.preprocess(blank, z.string().trim().max(20).optional()),
});
export type PayOfferBody = z.output<typeof payOfferSchema>;
