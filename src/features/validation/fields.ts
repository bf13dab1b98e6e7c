import { z } from 'zod';
import { readMachineField } from '~/features/numbers/schema';

/** Form posts send every value as a string and an empty input as ''. These read such values. */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** '12' becomes 12; '' and null become undefined (so the message says "required"); anything else stays for zod to reject. */
const toNumber = readMachineField;

/** Largest value of a PostgreSQL integer column: ids above it can match nothing and must not reach the query. */
export const MAX_INT = 2_147_483_647;

/**
 * An id from an address (a route parameter or a query value): a whole number that fits a PostgreSQL integer
 * column, else undefined (nothing else can match a row, and must not reach the query).
 */
export function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_INT ? id : undefined;
}

/** A form or query flag: `1`, `true`, `on` (a ticked checkbox) are true; `0`, `false`, blank or absent are false. */
export const toBoolean = (value: unknown) =>
  value === 'true' || value === '1' || value === 1 || value === true || value === 'on'
    ? true
    : value === 'false' || value === '0' || value === 0 || value === false || value === '' || value === undefined
      ? false
      : value;

export const optionalInt = (min = 1) => z.preprocess(toNumber, z.number().int().min(min).max(MAX_INT).optional());
export const requiredInt = (min = 1) => z.preprocess(toNumber, z.number().int().min(min).max(MAX_INT));
/** A text of at most `max` characters; a NUL byte or a broken surrogate (no text a person types) is invalid. */
export const optionalText = (max = 200) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .max(max)
      .refine((v) => !v.includes('\u0000') && v.isWellFormed(), { message: 'validation.invalid' })
      .optional(),
  );

/** `page`, `per-page` (12 by default, 100 at most) and `sort` of every list endpoint. */
export const listQuery = z.object({
  page: z.preprocess(toNumber, z.number().int().min(1).max(MAX_INT).default(1)),
  'per-page': z.preprocess(toNumber, z.number().int().min(1).max(100).default(12)),
  sort: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^-?[a-z_]+$/)
      .default('-created_at'),
  ),
});
