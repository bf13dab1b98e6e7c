#!/usr/bin/env node
// `npm run soak` (not in CI): the production server under SOAK_CONNECTIONS (50) connections of mixed traffic —
// half anonymous visitors, half signed-in members (demo-buyer), each going round the pages and API calls below — for
// SOAK_MINUTES (10) minutes, on a fresh embedded database with the demo data, or on a PostgreSQL database of its own
// when DATABASE_URL is set; the server runs with MALLOC_ARENA_MAX=2 as `npm start` runs it (unless the shell sets
// another). Prints, per minute, requests per second, p99 of each half, errors, the server's resident memory and its
// JavaScript heap and external memory (from its /metrics); then the totals beside the targets (issue 26): 0 errors,
// RSS growth after the first minute < 5 %. It asserts nothing; SOAK_SKIP_BUILD=1 reuses dist/.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoBuyerCookie, freePort, onDatabase, startServer } from './lib/fleet.mjs';

const root = path.resolve(import.meta.dirname, '..');
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const ANONYMOUS = ['/', '/board', '/board/1', '/api-v2/board-list/index', '/companies', '/prices', '/faq'];
const SIGNED_IN = ['/board', '/user/offers', '/user/profile/wallet', '/chat', '/api-v2/offer', '/board/2'];

/** The server's resident memory in MiB, from /proc. */
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

if (process.env.SOAK_SKIP_BUILD !== '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-soak-'));
const databaseName = `mavuno_soak_${randomBytes(4).toString('hex')}`;
const serverUrl = process.env.DATABASE_URL || undefined;
const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString() : '';
if (serverUrl) await onDatabase(serverUrl, `CREATE DATABASE "${databaseName}"`);
const port = await freePort();
const metricsToken = randomBytes(16).toString('hex');
/** The server's JavaScript heap (what V8 holds) and the memory its objects hold outside it (buffers), in MiB. */
async function heapMiB(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  const metric = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return { heap: metric('nodejs_heap_size_total_bytes'), external: metric('nodejs_external_memory_bytes') };
}
const server = startServer({
  root,
  port,
  env: {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    SANDBOX_PAYMENT_SECRET: `soak-${randomBytes(16).toString('hex')}`,
    METRICS_TOKEN: metricsToken,
    // As `npm start` runs it (docs/operations.md "Processes").
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  },
});
try {
  await server.ready();
  const base = server.base;
  const cookie = await demoBuyerCookie(base);
  const common = { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' };
  const half = Math.max(1, Math.floor(CONNECTIONS / 2));
  const round = (paths, headers, connections) =>
    autocannon({
      url: base,
      connections,
      duration: 60,
      headers,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
  console.log(
    `\nSoak: ${CONNECTIONS} connections (${half} anonymous, ${CONNECTIONS - half} signed in) for ${MINUTES} min, ` +
      `${serverUrl ? 'PostgreSQL' : 'PGlite'}, ${process.version}\n`,
  );
  const rows = [];
  for (let minute = 1; minute <= MINUTES; minute++) {
    const [anonymous, member] = await Promise.all([
      round(ANONYMOUS, common, half),
      round(SIGNED_IN, { ...common, Cookie: cookie }, CONNECTIONS - half),
    ]);
    const memory = await heapMiB(base);
    const row = {
      minute,
      'req/s': Math.round(anonymous.requests.average + member.requests.average),
      'p99 anonymous ms': anonymous.latency.p99,
      'p99 signed in ms': member.latency.p99,
      errors: anonymous.errors + anonymous.non2xx + member.errors + member.non2xx,
      'RSS MiB': Number(rssMiB(server.child.pid).toFixed(1)),
      'JS heap MiB': Number(memory.heap.toFixed(1)),
      'external MiB': Number(memory.external.toFixed(1)),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  console.table(rows);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const first = rows[0]['RSS MiB'];
  const last = rows.at(-1)['RSS MiB'];
  const growth = ((last - first) / first) * 100;
  console.log(
    `errors: ${errors} (target 0); RSS after the first minute ${first} MiB, at the end ${last} MiB: ` +
      `${growth.toFixed(1)} % growth (target < 5 %)`,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) await onDatabase(serverUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
}
