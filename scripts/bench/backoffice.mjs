// The back office's part of `npm run bench` (BENCH_ONLY=backoffice runs it alone, without a build): the audit trail
// (scripts/bench/backoffice-audit.ts) on a fresh PGlite and, when `url` is given, on a scratch database made on that
// PostgreSQL server and dropped after (the trail is append-only: bench rows never go into a real database). It prints
// figures and asserts nothing.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runBenchScript } from './run-bench-script.mjs';

async function onServer(url, statement) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function benchBackOffice({ root, url }) {
  const rows = runBenchScript(root, 'scripts/bench/backoffice-audit.ts');
  if (url) {
    const name = `mavuno_bench_${randomBytes(4).toString('hex')}`;
    await onServer(url, `CREATE DATABASE "${name}"`);
    try {
      const scratch = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
      rows.push(...runBenchScript(root, 'scripts/bench/backoffice-audit.ts', { url: scratch }));
    } finally {
      await onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  }
  console.log('\nBack office: the audit trail (appends, whole-chain verification, list):\n');
  console.table(
    rows.map((row) => ({ ...row, value: typeof row.value === 'object' ? JSON.stringify(row.value) : row.value })),
  );
}
