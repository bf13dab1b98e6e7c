import type { MessageKey } from '~/i18n/t';
import type { LocalizedMessage } from '~/server/errors';
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
  const rows: { currencyId: number; asOf: string; perUsd: number; code: string }[] = [];
  const seen = new Set<string>();
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.length > MAX_LINES + 1)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { csv: [{ key: 'admin.rates_too_many_lines', vars: { max: String(MAX_LINES) } }] },
    });
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    const cells = splitCsvLine(raw).map((cell) => cell.trim());
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
    rows.push({ currencyId, asOf, perUsd: parsed.value, code: code.toUpperCase() });
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('validation_failed', 'errors.validation_failed', { fields: errors });
  if (rows.length === 0)
    throw new AppError('validation_failed', 'errors.validation_failed', {
      fields: { csv: [{ key: 'admin.rates_empty' }] },
    });
  await db.transaction(async (tx) => {
    for (const row of rows) await storeExchangeRate(tx, row.currencyId, row.asOf, row.perUsd);
    await recordAudit(tx, actor, {
      action: 'reference.rates_import',
      objectType: 'exchange_rates',
      after: { count: rows.length, rates: rows.map((r) => [r.code, r.asOf, String(r.perUsd)]) },
    });
  });
  forgetReferenceCaches();
  return { imported: rows.length };
}

/** One CSV line's cells: commas separate, double quotes enclose a cell that has commas ("" is a quote). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}
