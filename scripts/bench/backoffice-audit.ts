// The back office's part of `npm run bench` (scripts/bench/backoffice.mjs runs it): the audit trail's appends per
// second through recordAudit (one client, then CLIENTS concurrent clients — every append waits for the chain's head
// lock, so this is the back office's write ceiling), the time to verify the whole chain of ROWS rows, the audit list's
// first filtered page, and the dashboard's figures (on an empty market: its fixed cost). On DATABASE_URL (a scratch database the caller made) or a
// PGlite in DATA_DIR. Prints one JSON line per case; asserts nothing but that the chain verifies.
import path from 'node:path';
import { migrateDatabase, openDatabase } from '~/server/db/client';
import { installDatabase } from '~/server/db';
import { ensureSeeded } from '~/server/db/seed';
import { getEnv } from '~/server/env';
import { listAuditEntries } from '~/server/services/admin/list-audit-entries';
import { readAdminDashboard } from '~/server/services/admin/read-admin-dashboard';
import { recordAudit } from '~/server/services/admin/record-audit';
import { verifyAuditChain } from '~/server/services/admin/verify-audit-chain';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = flag('--seconds', 3);
const CLIENTS = flag('--clients', 8);
const ROWS = flag('--rows', 20_000);

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
installDatabase(handle);
const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const actor = { id: 1, role: 'admin', email: 'bench@mavuno.test', ip: '127.0.0.1' };
let n = 0;
const append = () =>
  recordAudit(handle.db, actor, {
    action: 'bench.change',
    objectType: 'lot',
    objectId: ++n % 500,
    before: { price_minor: n, status: 'active' },
    after: { price_minor: n + 1, status: 'active' },
    note: 'bench',
  });

async function rate(clients: number) {
  const until = Date.now() + SECONDS * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        await append();
        done++;
      }
    }),
  );
  return Math.round((done / (Date.now() - started)) * 1000);
}

async function timed<T>(run: () => Promise<T>, times = 20) {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50_ms: +samples[Math.floor(times / 2)].toFixed(1), p99_ms: +samples[times - 1].toFixed(1) };
}

try {
  await migrateDatabase(handle);
  await ensureSeeded(handle.db, { demo: false });
  console.log(JSON.stringify({ database, case: 'audit appends/s, 1 client', value: await rate(1) }));
  console.log(JSON.stringify({ database, case: `audit appends/s, ${CLIENTS} clients`, value: await rate(CLIENTS) }));
  while (n < ROWS) await Promise.all(Array.from({ length: CLIENTS }, append));
  const start = performance.now();
  const chain = await verifyAuditChain(handle.db, 'system');
  if (!chain.valid) throw new Error(`the bench's chain does not verify at ${chain.broken_at}`);
  console.log(
    JSON.stringify({
      database,
      case: `verify the whole chain (${chain.count} rows)`,
      value: `${Math.round(performance.now() - start)} ms`,
    }),
  );
  const page = await timed(() =>
    listAuditEntries(handle.db, actor, { object_type: 'lot', object_id: '7', page: 1, 'per-page': 50 }),
  );
  console.log(JSON.stringify({ database, case: 'audit list, one object, first page', value: page }));
  const first = await timed(() => listAuditEntries(handle.db, actor, { page: 1, 'per-page': 50 }));
  console.log(JSON.stringify({ database, case: 'audit list, unfiltered, first page', value: first }));
  // The dashboard on the bench's database (reference data, no demo): its fixed cost, every figure and queue.
  const dashboard = await timed(() => readAdminDashboard(handle.db, actor));
  console.log(JSON.stringify({ database, case: 'dashboard figures (administrator)', value: dashboard }));
} finally {
  await handle.close();
}
