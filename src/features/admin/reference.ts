import { z } from 'zod';
import { plainLine } from '~/features/accounts/schemas';
import type { Locale } from '~/i18n/config';
import { numberProblemMessage } from '~/features/numbers/messages';
import { parseNumber } from '~/features/numbers/parse';
import { perLocale, typedNumber } from '~/features/numbers/schema';
import { optionalInt, requiredInt } from '~/features/validation/fields';

/** The lot kinds whose category trees the back office edits (docs/backoffice.md "Reference data"). */
export const REFERENCE_CATEGORY_KINDS = ['board', 'seed', 'fertilizer', 'technic'] as const;

/** One line of text, as the contact form's name: no control or bidirectional-override characters. */
const name = (max = 100) => plainLine(max).pipe(z.string().min(1, { message: 'validation.required' }));

/** A name in the three languages. */
export const threeNamesSchema = z.object({ name_en: name(), name_sw: name(), name_fr: name() });

export const categoryAddSchema = threeNamesSchema.extend({
  kind: z.enum(REFERENCE_CATEGORY_KINDS),
  parent_id: optionalInt(),
});
export type CategoryAddInput = z.infer<typeof categoryAddSchema>;

const flag = z.preprocess((v) => v === true || v === '1' || v === 'true' || v === 'on', z.boolean());

/** A unit: names and short names in three languages, the lot kinds it suits, kilograms in one (optional). */
export const unitSchema = perLocale((locale: Locale) =>
  threeNamesSchema.extend({
    short_en: name(20),
    short_sw: name(20),
    short_fr: name(20),
    for_board: flag.default(false),
    for_seed: flag.default(false),
    for_fertilizer: flag.default(false),
    for_machinery: flag.default(false),
    kg_per_unit: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        typedNumber(locale, { decimals: 6, min: 0.000001, max: 1_000_000 }).optional(),
      )
      .optional(),
  }),
);
export const unitAddSchema = perLocale((locale: Locale) =>
  unitSchema(locale).extend({
    code: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9_]{0,31}$/, { message: 'validation.invalid' }),
  }),
);
export type UnitInput = z.infer<ReturnType<typeof unitSchema>>;
export type UnitAddInput = z.infer<ReturnType<typeof unitAddSchema>>;

/**
 * A coordinate a person types: a sign, then a number read in their language (src/features/numbers/parse.ts), at
 * most six decimals, within ±max. Blank: none.
 */
export function typedCoordinate(locale: Locale, max: number) {
  return z.preprocess((value: unknown, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
    if (typeof value !== 'string') return value;
    const text = value.trim();
    const negative = /^[-\u2212]/.test(text);
    const result = parseNumber(negative ? text.slice(1) : text, { locale, decimals: 6 });
    if (result.ok) return negative ? -result.value : result.value;
    if (result.reason === 'empty') return null;
    const { key, vars } = numberProblemMessage(result, locale);
    ctx.addIssue({ code: 'custom', message: key, params: { vars }, input: value });
    return value;
  }, z.number().min(-max).max(max).nullable());
}

const point = (locale: Locale) => ({
  latitude: typedCoordinate(locale, 90).optional(),
  longitude: typedCoordinate(locale, 180).optional(),
});
const bothOrNone = (input: { latitude?: number | null; longitude?: number | null }) =>
  (input.latitude == null) === (input.longitude == null);

/** A region: one name (a proper noun), optionally its centre. */
export const regionSchema = perLocale((locale: Locale) =>
  z
    .object({ name: name(200), ...point(locale) })
    .refine(bothOrNone, { message: 'validation.required', path: ['longitude'] }),
);
export const regionAddSchema = perLocale((locale: Locale) =>
  z
    .object({ country_id: requiredInt(), name: name(200), ...point(locale) })
    .refine(bothOrNone, { message: 'validation.required', path: ['longitude'] }),
);
/** A village or town: one name, optionally its centre. */
export const villageSchema = regionSchema;
export const villageAddSchema = perLocale((locale: Locale) =>
  z
    .object({ region_id: requiredInt(), name: name(200), ...point(locale) })
    .refine(bothOrNone, { message: 'validation.required', path: ['longitude'] }),
);
export type PlaceInput = { name: string; latitude?: number | null; longitude?: number | null };

/** A rate typed by a person: units of the currency for one US dollar on a day. */
export const rateSetSchema = perLocale((locale: Locale) =>
  z.object({
    currency_id: requiredInt(),
    as_of: z.iso.date(),
    per_usd: typedNumber(locale, { decimals: 6, min: 0.000001, max: 1_000_000_000 }),
  }),
);
export type RateSetInput = z.infer<ReturnType<typeof rateSetSchema>>;

/** A CSV of rates: `currency,date,per_usd` lines (a header line is skipped), at most 256 KiB. */
export const ratesImportSchema = z.object({
  csv: z
    .string()
    .min(1)
    .max(256 * 1024),
});
