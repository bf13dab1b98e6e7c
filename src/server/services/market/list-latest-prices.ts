import { sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/config';
import type { Executor } from '~/server/db';

export interface LatestPrice {
  category_id: number;
  crop: string;
  region: string;
  country: string;
  currency: string;
  decimals: number;
  unit: string;
  price_minor: number;
  previous_minor: number | null;
  observed_on: string;
  is_demo: boolean;
}

const SUFFIX: Record<Locale, string> = { en: 'en', sw: 'sw', fr: 'fr' };

/** The latest price of each crop-and-market series, with the one before it for the trend, newest first. */
export async function listLatestPrices(db: Executor, locale: Locale, limit = 8): Promise<LatestPrice[]> {
  const name = sql.raw(`name_${SUFFIX[locale]}`);
  const short = sql.raw(`short_${SUFFIX[locale]}`);
  const result = await db.execute(sql`
    with ranked as (
      select mp.*,
        lag(mp.price_minor) over (partition by mp.category_id, mp.region_id order by mp.observed_on) as previous_minor,
        row_number() over (partition by mp.category_id, mp.region_id order by mp.observed_on desc) as position
      from market_prices mp
    )
    select r.category_id, c.${name} as crop, g.name as region, k.${name} as country, cur.code as currency,
      cur.decimals, u.${short} as unit, r.price_minor, r.previous_minor, r.observed_on::text as observed_on,
      r.source = 'demo' as is_demo
    from ranked r
    join categories c on c.kind = 'board' and c.id = r.category_id
    join regions g on g.id = r.region_id
    join countries k on k.id = g.country_id
    join currencies cur on cur.id = r.currency_id
    join per_units u on u.id = r.unit_id
    where r.position = 1
    order by r.observed_on desc, c.sort_order, g.name
    limit ${limit}
  `);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    category_id: Number(row.category_id),
    crop: String(row.crop),
    region: String(row.region),
    country: String(row.country),
    currency: String(row.currency).trim(),
    decimals: Number(row.decimals),
    unit: String(row.unit),
    price_minor: Number(row.price_minor),
    previous_minor: row.previous_minor === null ? null : Number(row.previous_minor),
    observed_on: String(row.observed_on),
    is_demo: Boolean(row.is_demo),
  }));
}
