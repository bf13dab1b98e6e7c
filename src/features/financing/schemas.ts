import { z } from 'zod';
import { perLocale, typedNumber } from '~/features/numbers/schema';
import { optionalInt, optionalText, requiredInt, toBoolean } from '~/features/validation/fields';
import type { Locale } from '~/i18n/config';
import {
  FINANCE_PURPOSES,
  LOAN_DECISIONS,
  type LocalizedText,
  PLAN_MAX_LENGTH,
  type ProductDocument,
} from './constants';

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

const requiredText = (max: number) =>
  z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(max);

/**
 * A product as editors write it on the desk: texts per language (English required, the others may wait), the
 * amount range as the editor's language writes numbers, countries as ISO codes ("KE, TZ") and the documents one per
 * line as `key | English | Swahili | French`.
 */
export const financeProductFormSchema = perLocale((locale: Locale) =>
  z.object({
    provider_id: requiredInt(),
    name_en: requiredText(200),
    name_sw: optionalText(200),
    name_fr: optionalText(200),
    description_en: optionalText(2000),
    description_sw: optionalText(2000),
    description_fr: optionalText(2000),
    purpose,
    currency_id: requiredInt(),
    amount_min: typedNumber(locale, { max: 1_000_000_000_000 }),
    amount_max: typedNumber(locale, { max: 1_000_000_000_000 }),
    rate_en: requiredText(300),
    rate_sw: optionalText(300),
    rate_fr: optionalText(300),
    term_en: requiredText(300),
    term_sw: optionalText(300),
    term_fr: optionalText(300),
    eligibility_en: requiredText(1000),
    eligibility_sw: optionalText(1000),
    eligibility_fr: optionalText(1000),
    countries: requiredText(1000),
    documents: requiredText(5000),
  }),
);
export type FinanceProductFormInput = z.output<ReturnType<typeof financeProductFormSchema>>;

/** A provider as editors add it: name, the contact that receives applications, site, the language of its mail. */
export const financeProviderFormSchema = z.object({
  name: requiredText(200),
  contact_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'validation.email' })),
  website: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, message: 'validation.url' }))
      .optional(),
  ),
  locale: z.enum(['en', 'sw', 'fr'], { message: 'validation.invalid_option' }),
});
export type FinanceProviderFormInput = z.output<typeof financeProviderFormSchema>;

/** `key | English | Swahili | French` per line → the product's documents; undefined when a line does not read. */
export function parseDocumentLines(text: string): ProductDocument[] | undefined {
  const documents: ProductDocument[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const [key, en, sw, fr] = line.split('|').map((part) => part.trim());
    if (!key || !/^[a-z0-9_]{1,40}$/.test(key) || !en) return undefined;
    if (documents.some((doc) => doc.key === key)) return undefined;
    documents.push({ key, label: { en, ...(sw ? { sw } : {}), ...(fr ? { fr } : {}) } });
  }
  return documents.length > 0 ? documents : undefined;
}

/** The documents as the desk's textarea shows them. */
export const documentLines = (documents: ProductDocument[]) =>
  documents.map((doc) => [doc.key, doc.label.en, doc.label.sw ?? '', doc.label.fr ?? ''].join(' | ')).join('\n');
