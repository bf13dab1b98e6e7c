// The anonymous-page rows of `npm run bench`: requests/s and p99 of pages a visitor without an account opens, beside a
// static file (the ceiling: the same server answering from dist/client) and /healthz, each at 10 and 32 connections in
// one run. The target is ≥ 0.5 of the static ceiling with p99 ≤ 50 ms (docs/architecture.md "What a page costs").
import autocannon from 'autocannon';
import { kib, pageWeight } from './page-weight.mjs';

const CONNECTION_LEVELS = (process.env.BENCH_PAGE_CONNECTIONS ?? '10,32').split(',').map(Number);

/** The lot and profile to load: the first lot of the board and its seller. */
async function sampleIds(base) {
  const list = await (await fetch(`${base}/api-v2/board-list/index?per-page=1`)).json();
  const lot = list.items[0];
  return { lotId: lot.id, userId: lot.user_id };
}

async function load(url, connections, duration, headers) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en', ...headers },
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Runs the page rows against a started server and prints them; answers the rows. */
export async function benchPages(base, { duration }) {
  const { lotId, userId } = await sampleIds(base);
  const targets = [
    { name: 'static file (ceiling)', path: '/manifest.webmanifest', ceiling: true },
    { name: '/healthz', path: '/healthz' },
    // A returning visitor: the language cookie set by the first visit is what keys `/`.
    { name: 'home', path: '/', headers: { Cookie: 'i18n_redirected=en' } },
    { name: 'board', path: '/board' },
    { name: 'lot page', path: `/board/${lotId}` },
    { name: 'public profile', path: `/public-profile/${userId}` },
    { name: 'FAQ', path: '/faq' },
    { name: 'agro indices', path: '/statistic' },
    { name: 'price chart', path: '/prices' },
    { name: 'home, first visit (no cookie)', path: '/', informative: true },
  ];
  // Warm-up: a second of load on each address, so JIT and first renders are not in the figures.
  for (const target of targets) await load(base + target.path, 4, 1, target.headers);
  const rows = [];
  for (const connections of CONNECTION_LEVELS) {
    let ceiling = 0;
    for (const target of targets) {
      const { rps, p99, errors } = await load(base + target.path, connections, duration, target.headers);
      if (target.ceiling) ceiling = rps;
      const ratio = ceiling ? rps / ceiling : 0;
      rows.push({
        target: target.name,
        connections,
        'req/s': Math.round(rps),
        'p99 ms': p99,
        'ratio to static': ratio.toFixed(2),
        'meets ≥0.5 & p99≤50': target.ceiling || target.informative ? '—' : ratio >= 0.5 && p99 <= 50 ? 'yes' : 'NO',
        errors,
      });
    }
  }
  console.log(
    `\nAnonymous pages beside the static ceiling (${duration} s per row, connections ${CONNECTION_LEVELS.join(' and ')}):\n`,
  );
  console.table(rows);
  await benchPageWeights(base);
  return rows;
}

/** The statistics pages' weight: HTML (raw and brotli), CSS and JavaScript (brotli; Chart.js on /prices only). */
async function benchPageWeights(base) {
  const weights = [];
  for (const [name, path] of [
    ['agro indices', '/statistic'],
    ['price chart', '/prices'],
    ['price chart, 2 crops, 3 months, KES', '/sw/prices?category=3&compare=7&zoom=3months&currency_id=1'],
  ]) {
    const { raw, br, css, js } = await pageWeight(base + path);
    weights.push({
      page: name,
      'body raw': kib(raw.bytes),
      [`body ${br.encoding}`]: kib(br.bytes),
      css: kib(css),
      js: kib(js),
    });
  }
  console.log('\nStatistics page weight (CSS and JS brotli, as a first visit loads them):\n');
  console.table(weights);
}
