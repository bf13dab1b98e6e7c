// The ledger part of `npm run bench` (scripts/bench/wallet.mjs runs it): transfers per second through the wallet's own
// services, in process, as the deal steps and webhooks call them — one client, then CLIENTS concurrent clients (each
// an async loop awaiting its transfer). Two cases: a posted transfer between two members' available pockets
// (postTransfer), and a deal's two phases, a freeze then its release (createPending + postPending: two transfers).
// Members and pockets are generated (marked as bench data) on DATABASE_URL, else a PGlite in DATA_DIR. Pairs are
// drawn at random among MEMBERS members, so concurrent clients rarely wait for the same account lock. Prints one JSON
// line per case to stdout; asserts nothing but the ledger's own check at the end.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import { migrateDatabase, openDatabase } from '~/server/db/client';
import { ensureSeeded } from '~/server/db/seed';
import { users } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { checkLedger } from '~/server/services/wallet/check-ledger';
import { createPending } from '~/server/services/wallet/create-pending';
import { openAccount } from '~/server/services/wallet/open-account';
import { postPending } from '~/server/services/wallet/post-pending';
import { postTransfer } from '~/server/services/wallet/post-transfer';

const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = flag('--seconds', 5);
const CLIENTS = flag('--clients', 8);
const MEMBERS = flag('--members', 64);
const CURRENCY = 'KES';

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  await migrateDatabase(handle);
  await ensureSeeded(handle.db, { demo: false });
  const { db } = handle;
  const run = randomBytes(4).toString('hex');
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `bench-wallet-${run}-${i}@mavuno.test`,
        passwordHash: 'bench data: no sign-in',
        firstName: 'Bench wallet',
        lastName: String(i),
        traderStatus: 'farmer' as const,
        referralCode: `W${run}${i}`,
      })),
    )
    .returning({ id: users.id });
  const clearing = await openAccount(db, { kind: 'provider_clearing', provider: 'sandbox', currency: CURRENCY });
  const pockets: number[] = [];
  for (const member of made) {
    const pocket = await openAccount(db, { kind: 'member_available', userId: member.id, currency: CURRENCY });
    await postTransfer(db, {
      key: `bench:${run}:fund:${member.id}`,
      cause: 'top_up',
      currency: CURRENCY,
      postings: [
        { accountId: clearing.id, amount: -1_000_000_000 },
        { accountId: pocket.id, amount: 1_000_000_000 },
      ],
    });
    pockets.push(pocket.id);
  }
  const pair = () => {
    const a = Math.floor(Math.random() * pockets.length);
    let b = Math.floor(Math.random() * (pockets.length - 1));
    if (b >= a) b += 1;
    return [pockets[a], pockets[b]] as const;
  };
  let sequence = 0;
  const cases: Record<string, () => Promise<number>> = {
    'posted transfer (member to member)': async () => {
      const [from, to] = pair();
      const key = `bench:${run}:t:${++sequence}`;
      await postTransfer(db, {
        key,
        cause: 'correction',
        memo: 'bench',
        currency: CURRENCY,
        postings: [
          { accountId: from, amount: -100 },
          { accountId: to, amount: 100 },
        ],
      });
      return 1;
    },
    'two-phase: freeze then release': async () => {
      const [buyer, seller] = pair();
      const n = ++sequence;
      const hold = await openAccount(db, { kind: 'payouts_in_flight', currency: CURRENCY });
      const { pending } = await createPending(db, {
        key: `bench:${run}:f:${n}`,
        cause: 'correction',
        memo: 'bench',
        currency: CURRENCY,
        sourceAccountId: buyer,
        holdAccountId: hold.id,
        amount: 100,
      });
      await postPending(db, {
        key: `bench:${run}:r:${n}`,
        cause: 'correction',
        memo: 'bench',
        pendingId: pending.id,
        destinations: [{ accountId: seller, amount: 100 }],
      });
      return 2;
    },
  };
  const database = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  for (const [name, step] of Object.entries(cases)) {
    for (const clients of [1, CLIENTS]) {
      const latencies: number[] = [];
      let transfers = 0;
      const started = performance.now();
      const until = started + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) {
            const t0 = performance.now();
            const moved = await step(); // read before adding: `transfers += await …` would lose counts
            transfers += moved;
            latencies.push(performance.now() - t0);
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
      console.log(
        JSON.stringify({
          database,
          case: name,
          clients,
          'transfers/s': Math.round(transfers / elapsed),
          'p50 ms': Number(at(0.5).toFixed(2)),
          'p99 ms': Number(at(0.99).toFixed(2)),
        }),
      );
    }
  }
  const report = await checkLedger(db);
  if (report.problems.length > 0)
    throw new Error(`ledger check failed: ${JSON.stringify(report.problems.slice(0, 3))}`);
  // The generated members stay (their accounts are referenced by postings, which are immutable); they are bench data.
} finally {
  await handle.close();
}
