import { z } from 'zod';

/** The columns of a market price file (`npm run admin -- import-prices FILE`, docs/statistics.md "Import"). */
export const IMPORT_COLUMNS = ['date', 'category', 'country', 'region', 'currency', 'unit', 'price', 'source'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** A real calendar day, YYYY-MM-DD (2026-02-30 is refused). */
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'no such day');

/** One line of a market price file, before its names are looked up. */
export const importLineSchema = z.object({
  date: day,
  /** A board category's id or slug. */
  category: text(80),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'a two-letter country code')
    .transform((value) => value.toUpperCase()),
  region: text(120),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'a three-letter currency code')
    .transform((value) => value.toUpperCase()),
  unit: text(40),
  /** A decimal in the currency, '.' as the decimal mark, no grouping: 3600, 3600.50. */
  price: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d+)?$/, "a positive decimal with '.' as the decimal mark")
    .refine((value) => Number(value) > 0, 'more than zero'),
  /** A short name of where the prices come from (KAMIS, FEWS NET…); 'demo' is kept for generated data. */
  source: text(40).refine((value) => value.toLowerCase() !== 'demo', "'demo' is kept for generated demo prices"),
});
export type ImportLine = z.output<typeof importLineSchema>;
