// The warehouse part of `npm run bench` (scripts/bench.mjs): what the public warehouse pages weigh for an anonymous
// visitor and how fast they answer — /world-warehouse (the list: no JavaScript beyond the service-worker
// registration), its map view (Leaflet loads there only) and a warehouse's page — and the gazetteer's address-search
// latency p50/p99 over its whole data set (scripts/bench/gazetteer-search.ts) on a fresh PGlite and, when `url` is
// given, on PostgreSQL. It prints figures and asserts nothing.
import autocannon from 'autocannon';
import { kib, pageWeight } from './page-weight.mjs';
import { runBenchScript } from './run-bench-script.mjs';

/** Runs the gazetteer script against `url` (PostgreSQL) or a fresh PGlite directory; answers its row. */
const gazetteerLatency = (root, url) => runBenchScript(root, 'scripts/bench/gazetteer-search.ts', { url });

/** The page rows against a started server (anonymous, English), then the gazetteer rows. */
export async function benchWarehouses({ root, base, connections, duration, url }) {
  const list = await (await fetch(`${base}/api-v2/warehouse?per-page=1`)).json();
  const targets = [
    { name: '/world-warehouse (list)', path: '/world-warehouse' },
    { name: '/world-warehouse?view=map', path: '/world-warehouse?view=map' },
    { name: 'a warehouse page', path: `/world-warehouse/${list.items[0].id}` },
  ];
  const rows = [];
  for (const target of targets) {
    const { raw, br, css, js } = await pageWeight(base + target.path);
    const load = await autocannon({
      url: base + target.path,
      connections,
      duration,
      headers: { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' },
    });
    rows.push({
      target: target.name,
      'body raw': kib(raw.bytes),
      [`body ${br.encoding}`]: kib(br.bytes),
      'CSS (br)': kib(css),
      'JS (br, incl. inline)': kib(js),
      'req/s': Math.round(load.requests.average),
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    });
  }
  console.log(`\nPublic warehouse pages, anonymous (${connections} connections × ${duration} s each, PGlite):\n`);
  console.table(rows);

  const gazetteer = gazetteerLatency(root);
  if (url) gazetteer.push(...gazetteerLatency(root, url));
  console.log('\nGazetteer address search over its whole data set (first 3–6 letters of every name, limit 10):\n');
  console.table(gazetteer);
}
