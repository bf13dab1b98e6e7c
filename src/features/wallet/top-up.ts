import { z } from 'zod';
import { perLocale, readMachineField, typedNumber } from '~/features/numbers/schema';
import { MAX_INT } from '~/features/validation/fields';

/**
 * `POST /wallet/top-up` (docs/payments.md "Top-ups"): the amount as the member types it, read in the request's
 * language like a lot's price (src/features/lots/schemas.ts); the currency by its id in the reference list.
 */

/** The largest top-up, in major units: far above any pocket a member fills at once. */
export const MAX_TOP_UP = 100_000_000;

export const TOP_UP_METHODS = ['card', 'mobile_money'] as const;

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

export const topUpBody = perLocale((locale) =>
  z.object({
    amount: typedNumber(locale, { min: 0.01, minMessage: 'lots.must_be_positive', max: MAX_TOP_UP }),
    currency: z.preprocess(readMachineField, z.number({ message: 'validation.required' }).int().min(1).max(MAX_INT)),
    method: z.preprocess(blank, z.enum(TOP_UP_METHODS).default('card')),
    /** A phone for mobile money (E.164); the checkout page asks for it otherwise. */
    phone: z.preprocess(blank, z.string().trim().max(20).optional()),
  }),
);

export const topUpResponse = z.object({
  reference: z.string(),
  provider: z.string(),
  status: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** Where to send the member's browser: the provider's hosted checkout. */
  checkout_url: z.string().nullable(),
});

export const paymentResponse = z.object({
  reference: z.string(),
  provider: z.string(),
  purpose: z.string(),
  status: z.string(),
  failure: z.string().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  credited: z.boolean(),
  created_at: z.string(),
});

export type TopUpBody = z.output<ReturnType<typeof topUpBody>>;
