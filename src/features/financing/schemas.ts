import { z } from 'zod';
import { perLocale, typedNumber } from '~/features/numbers/schema';
import { optionalInt, optionalText, requiredInt, toBoolean } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import { FINANCE_PURPOSES, LOAN_DECISIONS, type LocalizedText, PLAN_MAX_LENGTH } from './constants';

/**
 * The zod schemas of financing (docs/financing.md), shared by the plain HTML forms and the API. The amount a
 * member types is read in the request's language (src/features/numbers/); whether it fits the product's range
 * and currency is the service's check.
 */

const purpose = z.enum(FINANCE_PURPOSES, { message: 'validation.invalid_option' });

/** `GET /financing/products` and the /financing page's filters. */
export const productFilterSchema = z.object({
  purpose: z.preprocess((value) => (value === '' ? undefined : value), purpose.optional()),
  country_id: optionalInt(),
});
export type ProductFilter = z.output<typeof productFilterSchema>;

/** The application form: amount (typed), purpose, a short plan, consent (must be given). Files come beside it. */
export const loanApplicationSchema = perLocale((locale: Locale) =>
  z.object({
    product_id: requiredInt(),
    amount: typedNumber(locale, { max: 1_000_000_000_000, min: 0.01, decimals: 2 }),
    purpose,
    plan: z
      .string({ message: 'validation.required' })
      .trim()
      .min(1, { message: 'validation.required' })
      .max(PLAN_MAX_LENGTH),
    consent: z.preprocess(toBoolean, z.literal(true, { message: 'financing.consent_required' })),
  }),
);
export type LoanApplicationInput = z.output<ReturnType<typeof loanApplicationSchema>>;

/** A status change by the provider's link or an administrator, with an optional note. */
export const loanStatusSchema = z.object({
  status: z.enum(LOAN_DECISIONS, { message: 'validation.invalid_option' }),
  note: optionalText(1000),
});
export const loanStatusByIdSchema = loanStatusSchema.extend({ id: requiredInt() });

/** The text of `value` in `locale`, else English; `fallback` says whether another language was shown. */
export function pickText(value: LocalizedText | null | undefined, locale: Locale): string {
  if (!value) return '';
  return value[locale]?.trim() || value.en;
}
