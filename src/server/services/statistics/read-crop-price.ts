import { eq, or } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';
import { localizedColumn, regionNameIn } from '~/server/db/localized';
import { perUnits, regions } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { addDays, areaConditions, readWindowUsd } from './read-alert-price';
import {
  chartCurrency,
  DEFAULT_CHART_CURRENCY,
  findStatisticCategory,
  minorPerUsd,
  priceBasis,
  todayUtc,
} from './read-price-chart';

/** A crop's price of the last week for a short answer (an SMS, a USSD screen). */
export interface CropPrice {
  category: { id: number; name: string };
  region: { id: number; name: string } | null;
  /** The crop's usual unit, its short name in the asked language. */
  unit: { id: number; short: string };
  currency: { id: number; code: string; decimals: number };
  /** Minor units of `currency` per `unit`, the last 7 days (today included); null without deals. */
  traded: number | null;
  /** The asking prices' median, same unit and days; null without lots. */
  asked: number | null;
  /** Against the 7 days before, rounded to 1 decimal; null when either week has no price. */
  tradedChangePercent: number | null;
  askedChangePercent: number | null;
}

const SERIES = ['traded', 'asked'] as const;

const changePercent = (now: number | null, then: number | null) =>
  now === null || then === null || then === 0 ? null : Math.round(((now - then) / then) * 1000) / 10;

/**
 * A crop's price over a region (or the whole market) for the last 7 days and its change against the 7 days before,
 * read as the price alerts read it (readWindowUsd: same rows, same basis rule, same pricing of a group of daily
 * rows); a root crop covers its child crops. Given in the crop's usual unit: the unit of the basis priceBasis picks
 * — when the crop is priced by mass, the mass unit it is most often sold by (a 90 kg bag: the price per kg × 90),
 * so a farmer reads the price of what they sell; a crop with no price yet is given per kg. An unknown crop or
 * region is 404 (`not_found`); an unknown or inactive currency is refused by chartCurrency (422).
 */
export async function readCropPrice(
  db: Executor,
  input: { categoryId: number; regionId: number | null; currencyId: number; locale: Locale; today?: string },
): Promise<CropPrice> {
  const { locale } = input;
  const today = input.today ?? todayUtc();
  const category = await findStatisticCategory(db, input.categoryId, locale);
  let region: CropPrice['region'] = null;
  if (input.regionId !== null) {
    const [row] = await db
      .select({ id: regions.id, name: regionNameIn(locale) })
      .from(regions)
      .where(eq(regions.id, input.regionId));
    if (!row) throw new AppError('not_found', 'errors.not_found');
    region = row;
  }
  const currency = await chartCurrency(db, input.currencyId);
  const area = { categoryIds: category.ids, regionId: region?.id ?? null };

  // One basis for both weeks, so the change compares like with like.
  const { byMass, commonUnitId, basisWhere } = await priceBasis(db, areaConditions(area), today);
  const units = await db
    .select({
      id: perUnits.id,
      code: perUnits.code,
      short: localizedColumn(perUnits, 'short', locale),
      kg: perUnits.kgPerUnit,
    })
    .from(perUnits)
    .where(or(eq(perUnits.code, 'kg'), eq(perUnits.id, commonUnitId ?? 0)));
  const kgUnit = units.find((row) => row.code === 'kg')!;
  const common = units.find((row) => row.id === commonUnitId);
  // By mass the rows are per kg: a mass unit's price is that × its kilograms. Not by mass, the rows are per unit.
  const unit = common && (!byMass || common.kg !== null) ? common : kgUnit;
  const perBasis = byMass && unit.kg !== null ? Number(unit.kg) : 1;

  const last = await readWindowUsd(db, area, { from: addDays(today, -6), to: today, basisWhere, series: SERIES });
  const before = await readWindowUsd(db, area, {
    from: addDays(today, -13),
    to: addDays(today, -7),
    basisWhere,
    series: SERIES,
  });
  const scale = minorPerUsd(currency) * perBasis;
  const minor = (usd: number | null) => (usd === null ? null : Math.round(usd * scale));

  return {
    category: { id: category.id, name: category.name },
    region,
    unit: { id: unit.id, short: unit.short },
    currency: { id: currency.id, code: currency.code, decimals: currency.decimals },
    traded: minor(last.traded),
    asked: minor(last.asked),
    tradedChangePercent: changePercent(last.traded, before.traded),
    askedChangePercent: changePercent(last.asked, before.asked),
  };
}

/**
 * readCropPrice in the asker's currency, or in US dollars when theirs cannot price (inactive, no rate): what the
 * phone channels answer (a USSD screen, an SMS), so a question never fails for want of a rate.
 */
export async function readCropPriceFor(
  db: Executor,
  input: { categoryId: number; regionId: number | null; currencyId: number; locale: Locale; today?: string },
): Promise<CropPrice> {
  try {
    return await readCropPrice(db, input);
  } catch (error) {
    if (
      !(error instanceof AppError) ||
      error.code !== 'validation_failed' ||
      input.currencyId === DEFAULT_CHART_CURRENCY
    )
      throw error;
    return readCropPrice(db, { ...input, currencyId: DEFAULT_CHART_CURRENCY });
  }
}
