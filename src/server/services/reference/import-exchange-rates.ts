import type { MessageKey } from '~/i18n/t';
import type { LocalizedMessage } from '~/server/errors';
import { parseCsv } from '~/features/csv/parse-csv';
import { parseNumber } from '~/features/numbers/parse';
import type { Executor } from '~/server/db';
import { currencies } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { type StaffActor, requireCapability } from '~/server/services/admin/access';
import { recordAudit } from '~/server/services/admin/record-audit';
import { forgetReferenceCaches } from './forget-reference-caches';
import { storeExchangeRate } from './store-exchange-rate';

const MAX_LINES = 5000;

/**
 * Imports rates from a CSV (docs/backoffice.md "Reference data"): one `currency,date,per_usd` line each (currency by
 * ISO code, date as YYYY-MM-DD up to today, the rate as a number written in English: `129.5`, `1,234.56` quoted);
 * a first line naming the columns is skipped, blank lines too. All or nothing: any bad line refuses the whole file
 * with 422 and each bad line's problem under `line_<n>`. Audited as one entry.
 */
export async function importExchangeRates(db: Executor, actor: StaffActor, csv: string): Promise<{ imported: number }> {
  requireCapability(actor, 'reference');
  const codes = new Map(
    (await db.select({ id: currencies.id, code: currencies.code }).from(currencies)).map((c) => [
      c.code.trim().toUpperCase(),
      c.id,
    ]),
  );
  const today = new Date().toISOString().slice(0, 10);
  const errors: Record<string, LocalizedMessage[]> = {};
  const rates: { currencyId: number; asOf: string; perUsd: number; code: string }[] = [];
  const seen = new Set<string>();
  // Cells split by ',' or ';' (a spreadsheet set to a decimal comma saves ';').
  const rows = parseCsv(csv, { delimiters: ',;' });
  if (rows.length > MAX_LINES + 1)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { csv: [{ key: 'admin.rates_too_many_lines', vars: { max: String(MAX_LINES) } }] },
    });
  for (const [index, row] of rows.entries()) {
    const { line } = row;
    const cells = row.cells.map((cell) => cell.trim());
    if (index === 0 && /^[a-z_ ]+$/i.test(cells[0] ?? '') && !codes.has((cells[0] ?? '').toUpperCase())) continue;
    const bad = (key: MessageKey) => {
      errors[`line_${line}`] = [{ key, vars: { line: String(line) } }];
    };
    if (cells.length !== 3) {
      bad('admin.rates_line_columns');
      continue;
    }
    const [code, asOf, rate] = cells;
    const currencyId = codes.get(code.toUpperCase());
    if (!currencyId) {
      bad('admin.rates_line_currency');
      continue;
    }
    // A day that exists: 2024-02-30 parses (as 1 March) but is not one.
    const day = /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T00:00:00Z`) : null;
    if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== asOf || asOf > today) {
      bad('admin.rates_line_date');
      continue;
    }
    const parsed = parseNumber(rate, { locale: 'en', decimals: 6 });
    if (!parsed.ok || !(parsed.value > 0) || parsed.value > 1_000_000_000) {
      bad('admin.rates_line_rate');
      continue;
    }
    const key = `${currencyId}:${asOf}`;
    if (seen.has(key)) {
      bad('admin.rates_line_repeated');
      continue;
    }
    seen.add(key);
    rates.push({ currencyId, asOf, perUsd: parsed.value, code: code.toUpperCase() });
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: errors });
  if (rates.length === 0)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { csv: [{ key: 'admin.rates_empty' }] },
    });
  await db.transaction(async (tx) => {
    for (const rate of rates) await storeExchangeRate(tx, rate.currencyId, rate.asOf, rate.perUsd);
    await recordAudit(tx, actor, {
      action: 'reference.rates_import',
      objectType: 'exchange_rates',
      after: { count: rates.length, rates: rates.map((r) => [r.code, r.asOf, String(r.perUsd)]) },
    });
  });
  forgetReferenceCaches();
  return { imported: rates.length };
}
