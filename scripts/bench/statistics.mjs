// The statistics part of `npm run bench` (scripts/bench.mjs; BENCH_ONLY=statistics runs it alone, without a build):
// the price chart endpoint's p50/p99 over two years of generated daily prices for every board category
// (scripts/bench/statistics-chart.ts), on a fresh PGlite and, when `url` is given, on PostgreSQL. That database's
// price statistics and bench prices are replaced by the generated ones (recompute-prices gives them back). It prints
// figures and asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function chartLatency(root, url) {
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'mavuno-bench-statistics-'));
  try {
    const out = execFileSync('node_modules/.bin/tsx', ['scripts/bench/statistics-chart.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url ?? '', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function benchStatistics({ root, url }) {
  const rows = chartLatency(root);
  if (url) rows.push(...chartLatency(root, url));
  console.log('\nPrice statistics: chart endpoint over two years of daily prices for every board category:\n');
  console.table(rows);
}
