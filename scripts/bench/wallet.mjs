// The wallet part of `npm run bench` (scripts/bench.mjs): transfers per second through the ledger's services
// (scripts/bench/wallet-transfers.ts, one client and 8 concurrent clients, on a fresh PGlite and on DATABASE_URL),
// printed as a table. It prints figures and asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.BENCH_WALLET_SECONDS ?? 5);

/** Runs the transfers script against `url` (PostgreSQL) or a fresh PGlite directory; answers its rows. */
function runTransfers(root, url) {
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'mavuno-bench-wallet-'));
  try {
    const out = execFileSync(
      'node_modules/.bin/tsx',
      ['scripts/bench/wallet-transfers.ts', '--seconds', String(SECONDS), '--clients', '8'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: url ?? '', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
        stdio: ['ignore', 'pipe', 'inherit'],
        encoding: 'utf8',
      },
    );
    return out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Transfers per second on PGlite, and on PostgreSQL when `url` is given. */
export function benchWalletTransfers({ root, url }) {
  const rows = runTransfers(root);
  if (url) rows.push(...runTransfers(root, url));
  console.log(
    `\nWallet ledger: transfers per second in process (${SECONDS} s per row; a freeze and its release count two)\n`,
  );
  console.table(rows);
}
