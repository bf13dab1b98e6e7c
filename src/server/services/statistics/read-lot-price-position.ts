import { eq, sql } from 'drizzle-orm';
import type { Executor } from '~/server/db';
import { perUnits } from '~/server/db/schema';
import { AppError } from '~/server/errors';
import { chartCurrency, minorPerUsd } from './read-price-chart';

/** The days of deals a lot's price is set against. */
export const POSITION_DAYS = 90;

/** What a lot needs to be placed: its crop, place, unit and price (a LotItem has them all). */
export interface PricedLot {
  kind: string;
  category_id: number;
  country_id: number;
  region_id: number | null;
  per_unit_id: number;
  price_minor: number;
  currency_id: number;
}

export interface LotPricePosition {
  /** Where the deals were: the lot's region, or its whole country when the region had none. */
  scope: 'region' | 'country';
  /** The basis both prices are given in: per kg when the lot's unit has a mass, else per its own unit. */
  basis: 'kg' | 'unit';
  /** The median traded price per basis, in minor units of the lot's currency. */
  median_minor: number;
  /** The lot's own price per basis, minor units of its currency. */
  lot_minor: number;
  /**
   * The mass of the lot's unit (90 for a 90 kg bag) when the basis is kg, else null. The page compares in the
   * lot's own unit, the one it is sold in, and says the per-kg prices beside (docs/statistics.md "Lot pages").
   */
  kg_per_unit: number | null;
  /** The median traded price per the lot's own unit (per basis × kg_per_unit), minor units of its currency. */
  unit_median_minor: number;
  /** The lot's price per its own unit: its price. */
  unit_lot_minor: number;
  /** How far the lot is above (positive) or below (negative) the median, per cent, one decimal. */
  percent: number;
  /** Deals under the median. */
  deals: number;
  from: string;
}

type Rows = { rows: Record<string, unknown>[] };

/**
 * Where a crop lot's price stands against what its crop traded for lately: over the last POSITION_DAYS days of
 * `traded` cells of price_daily for the lot's crop in its region (its country when the region had no deal), the
 * median price per basis (the observation-weighted median of the cells' medians), converted to the lot's currency
 * at its latest rate, beside the lot's price per the same basis. Null when there were no deals (or the lot is no
 * crop, or its unit cannot be compared): nothing is made up.
 */
export async function readLotPricePosition(
  db: Executor,
  lot: PricedLot,
  { today = new Date().toISOString().slice(0, 10) }: { today?: string } = {},
): Promise<LotPricePosition | null> {
  if (lot.kind !== 'board' || lot.price_minor <= 0) return null;
  const [unit] = await db.select({ kg: perUnits.kgPerUnit }).from(perUnits).where(eq(perUnits.id, lot.per_unit_id));
  if (!unit) return null;
  const kg = unit.kg === null ? null : Number(unit.kg);
  const basis: 'kg' | 'unit' = kg !== null && kg > 0 ? 'kg' : 'unit';
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (POSITION_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const basisWhere = basis === 'kg' ? sql`basis = 'kg'` : sql`basis = 'unit' and unit_id = ${lot.per_unit_id}`;
  const median = async (area: ReturnType<typeof sql>) => {
    const [row] = (
      (await db.execute(sql`
        with cells as (
          select median_usd, n from price_daily
          where series = 'traded' and category_id = ${lot.category_id} and ${area} and ${basisWhere}
            and day between ${from} and ${today}
        ), ranked as (
          select median_usd, n, sum(n) over (order by median_usd, n) as running, sum(n) over () as total from cells
        )
        select median_usd, total::int as total from ranked where running * 2 >= total order by median_usd limit 1`)) as unknown as Rows
    ).rows;
    return row ? { usd: Number(row.median_usd), deals: Number(row.total) } : null;
  };
  let scope: 'region' | 'country' = 'region';
  let found = lot.region_id ? await median(sql`region_id = ${lot.region_id}`) : null;
  if (!found) {
    scope = 'country';
    found = await median(sql`country_id = ${lot.country_id}`);
  }
  if (!found) return null;
  let currency: Awaited<ReturnType<typeof chartCurrency>>;
  try {
    currency = await chartCurrency(db, lot.currency_id);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const perUnit = basis === 'kg' ? kg! : 1;
  // The median per basis, unrounded: the percent and the per-unit median are worked out from it, not from a rounding.
  const exact = found.usd * minorPerUsd(currency);
  const medianMinor = Math.round(exact);
  if (medianMinor <= 0) return null;
  return {
    scope,
    basis,
    median_minor: medianMinor,
    lot_minor: Math.round(lot.price_minor / perUnit),
    kg_per_unit: basis === 'kg' ? kg : null,
    unit_median_minor: Math.round(exact * perUnit),
    unit_lot_minor: lot.price_minor,
    percent: Math.round((lot.price_minor / (exact * perUnit) - 1) * 1000) / 10,
    deals: found.deals,
    from,
  };
}
