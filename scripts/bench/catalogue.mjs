// The catalogue part of `npm run bench` (scripts/bench.mjs): latency of GET /api-v2/board-list/index on a large
// generated catalogue, for each filter below, at 1 and at 4 connections, beside the latency of /healthz at 4
// connections measured right after each filter in the same run (the machine's own floor at that moment). Targets
// (docs/lots.md "What a catalogue page costs"): p95 at 1 connection ≤ 20 ms on PGlite and ≤ 10 ms on PostgreSQL;
// p95 at 4 connections ≤ 3 × the p95 of /healthz. It prints figures and asserts nothing.
import { withProductionServer } from './server.mjs';
import { execSync } from 'node:child_process';

const FILTERS = [
  { name: 'no filter', path: '/api-v2/board-list/index' },
  { name: 'deep page (page 400)', path: '/api-v2/board-list/index?page=400', fixedPage: true },
  {
    name: 'organic + on the map',
    path: '/api-v2/board-list/index?BoardQuoteSearch[organic]=1&BoardQuoteSearch[have_geolocation]=1',
  },
  { name: 'text search q=maize', path: '/api-v2/board-list/index?q=maize' },
  {
    name: 'category (root) + type',
    path: '/api-v2/board-list/index?BoardQuoteSearch[boards_category_id]=1&BoardQuoteSearch[type]=sell',
  },
  {
    name: 'region + price range, by price',
    path: '/api-v2/board-list/index?BoardQuoteSearch[region_id]=5&BoardQuoteSearch[price_from]=100&BoardQuoteSearch[price_to]=600&BoardQuoteSearch[currency_id]=3&sort=price',
  },
];

/** A cookie the render cache does not know: the request is answered by the API itself, as a miss would be. */
const MISS = { Cookie: 'bench=miss' };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Latencies (ms) of `count` requests to the URLs `urlAt(i)` gives, `connections` at a time. */
async function measure(urlAt, count, connections, headers = {}) {
  const samples = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const started = performance.now();
        const response = await fetch(urlAt(i), { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${urlAt(i)} answered ${response.status}`);
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

/**
 * Measures every filter against the server at `base` and prints one table. `database` names it in the title;
 * the targets differ per database.
 */
export async function benchCatalogue({ base, lots, database, requests = 200 }) {
  const singleTarget = database === 'PostgreSQL' ? 10 : 20;
  const rows = [];
  for (const filter of FILTERS) {
    // Pages 1–20 of the filter, so neither a warm page nor the count cache (one count per filter for a few
    // seconds, docs/lots.md "Counts") flatters the figures more than a visitor paging through would see.
    const urlAt = (i) =>
      filter.fixedPage
        ? `${base}${filter.path}`
        : `${base}${filter.path}${filter.path.includes('?') ? '&' : '?'}page=${(i % 20) + 1}`;
    const coldStarted = performance.now();
    await (await fetch(urlAt(0), { headers: MISS })).arrayBuffer();
    const cold = performance.now() - coldStarted;
    const one = await measure(urlAt, requests / 2, 1, MISS);
    const four = await measure(urlAt, requests, 4, MISS);
    const health = await measure(() => `${base}/healthz`, requests, 4);
    // Served: the pages once (stored by the render cache as any first visitor's request would be), then measured.
    await measure(urlAt, 20, 1);
    const served = await measure(urlAt, requests, 4);
    const p95one = percentile(one, 95);
    const p95four = percentile(four, 95);
    const p95health = percentile(health, 95);
    rows.push({
      filter: filter.name,
      'first ms': cold.toFixed(1),
      'p50 ms (1)': percentile(one, 50).toFixed(1),
      'p95 ms (1)': p95one.toFixed(1),
      'p95 ms (4)': p95four.toFixed(1),
      'healthz p95 (4)': p95health.toFixed(1),
      '(4) ÷ healthz': (p95four / p95health).toFixed(1),
      [`target 1 ≤ ${singleTarget}`]: p95one <= singleTarget ? 'yes' : 'NO',
      'target 4 ≤ 3×': p95four <= 3 * p95health ? 'yes' : 'NO',
      'served p95 (4)': percentile(served, 95).toFixed(1),
      'served ÷ healthz': (percentile(served, 95) / p95health).toFixed(1),
    });
  }
  console.log(
    `\nCatalogue on ${lots.toLocaleString('en')} generated lots, ${database}: per filter, the first request (its count not ` +
      `cached yet), then ${requests / 2} requests at 1 connection and ${requests} at 4 (pages 1–20) past the render ` +
      `cache (what a query costs), /healthz at 4, and the same ${requests} at 4 served as anonymous clients get them ` +
      `once the pages were asked for (the render cache keeps anonymous lists ten seconds, dropped on any write):\n`,
  );
  console.table(rows);
}

/**
 * The same measurements on PostgreSQL (`DATABASE_URL`): seeds that database with the demo set and `lots`
 * generated lots (it should be a database of its own: the generated lots are added to what it holds), starts a
 * production server on it at `port`, measures, stops it.
 */
export async function benchCatalogueOnPostgres({ root, url, port, lots }) {
  const env = { ...process.env, DATABASE_URL: url };
  const [{ count }] = await (async () => {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const exists = await client.query(`select to_regclass('public.lots') is not null as present`);
      if (!exists.rows[0].present) return [{ count: 0 }];
      return (await client.query(`select count(*)::int as count from lots where kind = 'board'`)).rows;
    } finally {
      await client.end();
    }
  })();
  // A second run on the same database reuses its lots as they are (seeding the demo set again over 100,000
  // generated lots of the demo sellers is not what the seed is for).
  if (count < lots)
    execSync(`node_modules/.bin/tsx scripts/db-seed.ts --lots ${lots - count}`, { cwd: root, stdio: 'inherit', env });
  await withProductionServer({ root, env, port }, ({ base }) =>
    benchCatalogue({ base, lots: Math.max(lots, count), database: 'PostgreSQL' }),
  );
}
