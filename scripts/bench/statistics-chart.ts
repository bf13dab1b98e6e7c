// The statistics part of `npm run bench` (scripts/bench/statistics.mjs runs it): the latency of the price chart
// endpoint (GET /api-v2/statistic/get-chart-category-data, in process through the API app) over two years of
// generated daily prices for every board category — traded, asked and reference rows in two regions (Kenya and
// Tanzania, in per-kg and per-bag units) written straight into price_daily, and the reference observations into
// market_prices — each category asked once per zoom after a warm-up pass; then the overview cards
// (categories-statistic-info). Runs on DATABASE_URL, else a PGlite in DATA_DIR. Prints JSON lines; asserts nothing.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { installDatabase } from '~/server/db';
import { migrateDatabase, openDatabase } from '~/server/db/client';
import { ensureSeeded } from '~/server/db/seed';
import { getEnv } from '~/server/env';
import { getApiApp } from '~/server/api/app';

const DAYS = 730;
const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
try {
  await migrateDatabase(handle);
  await ensureSeeded(handle.db, { demo: false });
  installDatabase(handle);
  const { db } = handle;
  const generated = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from price_daily`);
    await tx.execute(sql`delete from market_prices where source = 'bench'`);
    // Two regions: the first of Kenya (priced per 90 kg bag) and the first of Tanzania (per kg).
    const places = sql`(select r.id as region_id, r.country_id, c.code,
        case when c.code = 'KE' then 4 else 1 end as unit_id, case when c.code = 'KE' then 90 else 1 end as kg
      from regions r join countries c on c.id = r.country_id
      where r.id in (select min(id) from regions where country_id in (select id from countries where code in ('KE', 'TZ'))
        group by country_id))`;
    const days = sql`(select (current_date - g)::date as day, g from generate_series(0, ${DAYS - 1}) g)`;
    const crops = sql`(select id as category_id from categories where kind = 'board')`;
    await tx.execute(sql`
      insert into market_prices (category_id, region_id, currency_id, unit_id, price_minor, observed_on, source)
      select k.category_id, p.region_id, 3, p.unit_id, round((30 + k.category_id % 40 + 5 * sin(d.g / 30.0)) * p.kg),
        d.day, 'bench'
      from ${crops} k cross join ${places} p cross join ${days} d`);
    for (const [series, n, volume] of [
      ['traded', 2, 1500],
      ['asked', 4, 0],
      ['reference', 1, 0],
    ] as const)
      await tx.execute(sql`
        insert into price_daily (series, category_id, country_id, region_id, unit_id, source, day, basis, n, volume,
          value_usd, price_sum_usd, min_usd, max_usd, p25_usd, median_usd, p75_usd)
        select ${series}, k.category_id, p.country_id, p.region_id, p.unit_id,
          ${series === 'reference' ? 'bench' : ''}, d.day, 'kg', ${n} + (d.g % 3), ${volume},
          price * ${volume}, price * (${n} + (d.g % 3)), price * 0.9, price * 1.1, price * 0.95, price, price * 1.05
        from ${crops} k cross join ${places} p cross join ${days} d,
          lateral (select ((30 + k.category_id % 40 + 5 * sin(d.g / 30.0)) / 100.0)::numeric(18, 8) as price) x`);
  });
  const [{ rows: dailyRows }] = rowsOf(await db.execute(sql`select count(*)::int as rows from price_daily`)) as {
    rows: number;
  }[];
  const generateMs = performance.now() - generated;
  await db.execute(sql`analyze price_daily`);

  const categories = rowsOf(await db.execute(sql`select id from categories where kind = 'board' order by id`)).map(
    (row) => Number(row.id),
  );
  const app = getApiApp();
  const ask = async (query: string) => {
    const response = await app.request(`/api-v2/statistic/${query}`, { headers: { 'Accept-Language': 'en' } });
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const stats = (times: number[]) => {
    times.sort((a, b) => a - b);
    const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
    return {
      'p50 ms': Number(at(0.5).toFixed(1)),
      'p99 ms': Number(at(0.99).toFixed(1)),
      'max ms': Number(times[times.length - 1].toFixed(1)),
    };
  };
  for (const zoom of ['month', '3months', 'year']) {
    const queries = categories.map((id) => `get-chart-category-data?categoryId=${id}&zoom=${zoom}&currency_id=1`);
    for (const query of queries.slice(0, 10)) await ask(query);
    const times: number[] = [];
    for (const query of queries) {
      const start = performance.now();
      await ask(query);
      times.push(performance.now() - start);
    }
    console.log(
      JSON.stringify({
        database,
        endpoint: `chart, zoom=${zoom}`,
        categories: categories.length,
        'price_daily rows': dailyRows,
        ...stats(times),
        'generate s': Number((generateMs / 1000).toFixed(1)),
      }),
    );
  }
  const times: number[] = [];
  await ask('categories-statistic-info');
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await ask('categories-statistic-info');
    times.push(performance.now() - start);
  }
  console.log(
    JSON.stringify({
      database,
      endpoint: 'categories-statistic-info (all cards)',
      categories: categories.length,
      'price_daily rows': dailyRows,
      ...stats(times),
    }),
  );
} finally {
  installDatabase(undefined);
  await handle.close();
}
