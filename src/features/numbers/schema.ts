import { z } from 'zod';
import type { Locale } from '~/i18n/config';
import type { MessageKey } from '~/i18n/t';
import { numberProblemMessage } from './messages';
import { hasDecimals } from './money';
import { parseNumber, readMachineNumber } from './parse';

/**
 * Zod pieces for numbers, shared by every schema of the islands and the API. A number a person types is read
 * with parseNumber in the request's language (the API's Accept-Language, the island's page); a value no person
 * types (ids, map coordinates, option codes) with readMachineNumber. JSON clients may send numbers as numbers.
 */

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Blank is "not given"; a machine numeral is its number; anything else is left for the schema to refuse. */
export const readMachineField = (value: unknown) => (isBlank(value) ? undefined : readMachineNumber(value));

export interface TypedNumberOptions {
  /** Digits the field takes after the decimal mark: 2 by default (prices, volumes), 0 for whole numbers. */
  decimals?: number;
  /** Smallest value (0 by default) and the message below it (validation.too_small by default). */
  min?: number;
  minMessage?: MessageKey;
  max: number;
}

function decimalsMessage(decimals: number) {
  if (decimals === 0) return { message: 'validation.whole_number' };
  if (decimals === 2) return { message: 'validation.two_decimals' };
  return { message: 'validation.max_decimals', params: { vars: { max: decimals } } };
}

/** The checks of the number once read (also what a JSON number sent as a number meets). */
function numberChecks({ decimals = 2, min = 0, minMessage, max }: TypedNumberOptions) {
  return z
    .number()
    .min(min, minMessage ? { message: minMessage } : undefined)
    .max(max)
    .refine((value) => hasDecimals(value, decimals), decimalsMessage(decimals));
}

/** Reads typed text in `locale`: blank → undefined, a number → its value, a refusal → a field issue with its message. */
function typedReader(locale: Locale, decimals: number) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    if (isBlank(value)) return undefined;
    if (typeof value !== 'string') return value;
    const result = parseNumber(value, { locale, decimals });
    if (result.ok) return result.value;
    if (result.reason === 'empty') return undefined;
    const { key, vars } = numberProblemMessage(result, locale);
    ctx.addIssue({ code: 'custom', message: key, params: { vars }, input: value });
    return value;
  };
}

/** A number a person types, which the field needs. */
export function typedNumber(locale: Locale, options: TypedNumberOptions) {
  return z.preprocess(typedReader(locale, options.decimals ?? 2), numberChecks(options));
}

/** A number a person types, which may be left blank. */
export function optionalTypedNumber(locale: Locale, options: TypedNumberOptions) {
  return z.preprocess(typedReader(locale, options.decimals ?? 2), numberChecks(options).optional());
}

/**
 * One build per language of a schema that reads typed numbers: schemas are made once per language and kept
 * (three at most), never per request.
 */
export function perLocale<T>(build: (locale: Locale) => T): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let schema = built.get(locale);
    if (schema === undefined) {
      schema = build(locale);
      built.set(locale, schema);
    }
    return schema;
  };
}
