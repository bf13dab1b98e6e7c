// The statistics part of `npm run bench` (scripts/bench.mjs; BENCH_ONLY=statistics runs it alone, without a build):
// the price chart endpoint's p50/p99 over two years of generated daily prices for every board category
// (scripts/bench/statistics-chart.ts), on a fresh PGlite and, when `url` is given, on PostgreSQL. That database's
// price statistics and bench prices are replaced by the generated ones (recompute-prices gives them back). It prints
// figures and asserts nothing.
import { runBenchScript } from './run-bench-script.mjs';

const chartLatency = (root, url) => runBenchScript(root, 'scripts/bench/statistics-chart.ts', { url });

export function benchStatistics({ root, url }) {
  const rows = chartLatency(root);
  if (url) rows.push(...chartLatency(root, url));
  console.log('\nPrice statistics: chart endpoint over two years of daily prices for every board category:\n');
  console.table(rows);
}
