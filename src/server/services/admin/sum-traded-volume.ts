import { sql } from 'drizzle-orm';
import { OFFER_STATUS } from '~/features/deals/constants';
import type { Executor } from '~/server/db';
import { type StaffActor, requireCapability } from './access';

export interface TradedPeriod {
  deals: number;
  /** Σ price × volume, in minor units of the currency. */
  value_minor: number;
  /** Volume per unit of measure (units cannot be added together). */
  volume: { unit: string; volume: number }[];
}

export interface TradedCurrency {
  currency: string;
  decimals: number;
  days_7: TradedPeriod;
  days_30: TradedPeriod;
}

/**
 * The dashboard's traded volume and value per currency over the last 7 and 30 days (docs/backoffice.md
 * "Dashboard"): deals approved or done, counted on the day they were approved (`offers.approved_at`), as the price
 * statistics count a traded price (src/server/services/statistics/refresh-price-cells.ts). One grouped query.
 */
export async function sumTradedVolume(db: Executor, actor: StaffActor): Promise<TradedCurrency[]> {
  requireCapability(actor, 'dashboard');
  const result = await db.execute(sql`
    select c.code as currency, c.decimals, u.code as unit,
      count(*) filter (where o.approved_at >= now() - interval '7 days') as deals_7,
      count(*) as deals_30,
      coalesce(round(sum(o.price_minor * o.volume) filter (where o.approved_at >= now() - interval '7 days')), 0) as value_7,
      coalesce(round(sum(o.price_minor * o.volume)), 0) as value_30,
      coalesce(sum(o.volume) filter (where o.approved_at >= now() - interval '7 days'), 0) as volume_7,
      coalesce(sum(o.volume), 0) as volume_30
    from offers o
    join currencies c on c.id = o.currency_id
    join per_units u on u.id = o.per_unit_id
    where o.status in (${OFFER_STATUS.approved}, ${OFFER_STATUS.done})
      and o.approved_at >= now() - interval '30 days'
    group by c.code, c.decimals, u.code
    order by c.code, u.code`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const byCurrency = new Map<string, TradedCurrency>();
  for (const row of rows) {
    const code = String(row.currency);
    let entry = byCurrency.get(code);
    if (!entry) {
      const empty = (): TradedPeriod => ({ deals: 0, value_minor: 0, volume: [] });
      entry = { currency: code, decimals: Number(row.decimals), days_7: empty(), days_30: empty() };
      byCurrency.set(code, entry);
    }
    for (const [period, suffix] of [
      ['days_7', '7'],
      ['days_30', '30'],
    ] as const) {
      const deals = Number(row[`deals_${suffix}`]);
      if (deals === 0) continue;
      entry[period].deals += deals;
      entry[period].value_minor += Number(row[`value_${suffix}`]);
      entry[period].volume.push({ unit: String(row.unit), volume: Number(row[`volume_${suffix}`]) });
    }
  }
  return [...byCurrency.values()];
}
