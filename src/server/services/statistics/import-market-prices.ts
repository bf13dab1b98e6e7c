import { eq, sql } from 'drizzle-orm';
import { parseCsv } from '~/features/csv/parse-csv';
import { IMPORT_COLUMNS, type ImportLine, importLineSchema } from '~/features/statistics/import-line';
import type { Executor } from '~/server/db';
import { categories, countries, currencies, marketPrices, perUnits, regions } from '~/server/db/schema';
import { priceCellsOfMarketPrices, refreshPriceCells } from './refresh-price-cells';

export interface ImportProblem {
  /** The line of the file (1 is the header). */
  line: number;
  message: string;
}

export type ImportResult =
  { ok: true; imported: number; replaced: number; cells: number } | { ok: false; problems: ImportProblem[] };

/** At most this many lines in one file: a bigger one is split (one transaction holds every line). */
export const MAX_IMPORT_LINES = 200_000;

/**
 * Imports reference market prices from CSV text (`date,category,country,region,currency,unit,price,source`, a header
 * first, docs/statistics.md "Import"): every line is checked and its names looked up first; any problem and nothing
 * is written, every problem reported with its line. Else, in one transaction, each price replaces the one of the
 * same crop, region, unit, source and day (a re-import corrects, never duplicates) and the touched cells of the
 * statistics are recomputed.
 */
export async function importMarketPrices(db: Executor, csv: string): Promise<ImportResult> {
  const rows = parseCsv(csv);
  const problems: ImportProblem[] = [];
  const header = rows.shift();
  const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const missing = IMPORT_COLUMNS.filter((column) => !names.includes(column));
  if (!header || missing.length > 0)
    return {
      ok: false,
      problems: [{ line: header?.line ?? 1, message: `the header lacks the column(s) ${missing.join(', ')}` }],
    };
  if (rows.length > MAX_IMPORT_LINES)
    return { ok: false, problems: [{ line: 1, message: `more than ${MAX_IMPORT_LINES} lines: split the file` }] };

  const board = await db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(eq(categories.kind, 'board'));
  const categoryOf = new Map<string, number>();
  for (const row of board) {
    categoryOf.set(String(row.id), row.id);
    categoryOf.set(row.slug.toLowerCase(), row.id);
  }
  const countryRows = await db.select({ id: countries.id, code: countries.code }).from(countries);
  const countryOf = new Map(countryRows.map((row) => [row.code.trim().toUpperCase(), row.id]));
  const regionRows = await db
    .select({ id: regions.id, countryId: regions.countryId, name: regions.name })
    .from(regions);
  const regionOf = new Map(regionRows.map((row) => [`${row.countryId}:${row.name.trim().toLowerCase()}`, row.id]));
  const currencyRows = await db
    .select({ id: currencies.id, code: currencies.code, decimals: currencies.decimals })
    .from(currencies);
  const currencyOf = new Map(currencyRows.map((row) => [row.code.trim().toUpperCase(), row]));
  const unitRows = await db.select({ id: perUnits.id, code: perUnits.code }).from(perUnits);
  const unitOf = new Map(unitRows.map((row) => [row.code.toLowerCase(), row.id]));

  type Ready = typeof marketPrices.$inferInsert;
  const ready: Ready[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of rows) {
    if (cells.length !== names.length) {
      problems.push({ line, message: `${cells.length} fields, the header has ${names.length}` });
      continue;
    }
    const parsed = importLineSchema.safeParse(Object.fromEntries(names.map((name, i) => [name, cells[i]])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ line, message: `${issue.path.join('.') || 'line'}: ${issue.message}` });
      continue;
    }
    const value: ImportLine = parsed.data;
    const lineProblems: string[] = [];
    const categoryId = categoryOf.get(value.category.toLowerCase());
    if (categoryId === undefined) lineProblems.push(`category: no crop "${value.category}" (a board id or slug)`);
    const countryId = countryOf.get(value.country);
    if (countryId === undefined) lineProblems.push(`country: no country "${value.country}"`);
    const regionId =
      countryId === undefined ? undefined : regionOf.get(`${countryId}:${value.region.trim().toLowerCase()}`);
    if (countryId !== undefined && regionId === undefined)
      lineProblems.push(`region: no region "${value.region}" in ${value.country}`);
    const currency = currencyOf.get(value.currency);
    if (!currency) lineProblems.push(`currency: no currency "${value.currency}"`);
    const unitId = unitOf.get(value.unit.toLowerCase());
    if (unitId === undefined) lineProblems.push(`unit: no unit "${value.unit}"`);
    const [whole, fraction = ''] = value.price.split('.');
    if (currency && fraction.length > currency.decimals)
      lineProblems.push(`price: ${value.currency} has ${currency.decimals} decimal(s)`);
    if (lineProblems.length > 0 || !currency || categoryId === undefined || regionId === undefined || !unitId) {
      for (const message of lineProblems) problems.push({ line, message });
      continue;
    }
    const priceMinor = Number(whole) * 10 ** currency.decimals + Number(fraction.padEnd(currency.decimals, '0') || 0);
    if (!Number.isSafeInteger(priceMinor)) {
      problems.push({ line, message: 'price: too large' });
      continue;
    }
    const key = `${categoryId}:${regionId}:${unitId}:${value.source}:${value.date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ line, message: `the same crop, region, unit, source and day as line ${earlier}` });
      continue;
    }
    seen.set(key, line);
    ready.push({
      categoryId,
      regionId,
      currencyId: currency.id,
      unitId,
      priceMinor,
      observedOn: value.date,
      source: value.source,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  if (ready.length === 0) return { ok: true, imported: 0, replaced: 0, cells: 0 };

  const run = async (tx: Executor) => {
    let replaced = 0;
    const ids: number[] = [];
    for (let start = 0; start < ready.length; start += 1000) {
      const chunk = ready.slice(start, start + 1000);
      const keys = sql.join(
        chunk.map(
          (row) =>
            sql`(${row.categoryId}::int, ${row.regionId}::int, ${row.unitId}::int, ${row.source}::text, ${row.observedOn}::date)`,
        ),
        sql`, `,
      );
      const gone = await tx
        .delete(marketPrices)
        .where(
          sql`(${marketPrices.categoryId}, ${marketPrices.regionId}, ${marketPrices.unitId}, ${marketPrices.source}, ${marketPrices.observedOn}) in (${keys})`,
        )
        .returning({ id: marketPrices.id });
      replaced += gone.length;
      const inserted = await tx.insert(marketPrices).values(chunk).returning({ id: marketPrices.id });
      ids.push(...inserted.map((row) => row.id));
    }
    // A replaced price lay in the same cell (crop, region, day) as its successor: the new rows' cells cover both.
    const cells = await priceCellsOfMarketPrices(tx, ids);
    for (let start = 0; start < cells.length; start += 2000)
      await refreshPriceCells(tx, cells.slice(start, start + 2000));
    return { ok: true as const, imported: ids.length, replaced, cells: cells.length };
  };
  return db.transaction(run);
}
