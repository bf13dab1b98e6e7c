// The wallet part of `npm run bench` (scripts/bench.mjs): transfers per second through the ledger's services
// (scripts/bench/wallet-transfers.ts, one client and 8 concurrent clients, on a fresh PGlite and on DATABASE_URL),
// and the signed-in member's wallet page (/user/profile/wallet, with a pocket and its transactions) and wallet API
// under load, printed as tables. It prints figures and asserts nothing.
import autocannon from 'autocannon';
import { demoBuyerCookie } from '../lib/fleet.mjs';
import { runBenchScript } from './run-bench-script.mjs';

const SECONDS = Number(process.env.BENCH_WALLET_SECONDS ?? 5);

/** Runs the transfers script against `url` (PostgreSQL) or a fresh PGlite directory; answers its rows. */
const runTransfers = (root, url) =>
  runBenchScript(root, 'scripts/bench/wallet-transfers.ts', {
    url,
    args: ['--seconds', String(SECONDS), '--clients', '8'],
  });

/** Transfers per second on PGlite, and on PostgreSQL when `url` is given. */
export function benchWalletTransfers({ root, url }) {
  const rows = runTransfers(root);
  if (url) rows.push(...runTransfers(root, url));
  console.log(
    `\nWallet ledger: transfers per second in process (${SECONDS} s per row; a freeze and its release count two)\n`,
  );
  console.table(rows);
}

/**
 * The wallet page and `GET /user-wallet-info` as demo-buyer (signed in by cookie, after a top-up through the sandbox
 * so the page has a pocket and transactions to show), `connections` × `duration` s each.
 */
export async function benchWalletPage({ base, connections, duration }) {
  const cookie = await demoBuyerCookie(base);
  const headers = { Cookie: cookie, Origin: base, 'Accept-Encoding': 'br, gzip' };
  // A top-up paid with the sandbox's test card: the checkout page's form, as a member's browser posts it.
  const started = await fetch(`${base}/api-v2/wallet/top-up`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'amount=1500&currency=1',
  });
  const { checkout_url: checkout } = await started.json();
  const opened = await fetch(checkout, { headers });
  const token = /name="form_token" value="([^"]+)"/.exec(await opened.text())?.[1] ?? '';
  // The form token's cookie, set by the checkout page, goes back with the form.
  const formCookie = opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await fetch(checkout, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...headers,
      Cookie: [cookie, formCookie].filter(Boolean).join('; '),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: `form_token=${encodeURIComponent(token)}&number=4242424242424242`,
  });
  const rows = [];
  for (const target of [
    { name: 'wallet page (/user/profile/wallet)', path: '/user/profile/wallet' },
    { name: 'wallet API (GET /user-wallet-info)', path: '/api-v2/user-wallet-info' },
  ]) {
    const body = await (await fetch(base + target.path, { headers })).text();
    const load = await autocannon({ url: base + target.path, connections, duration, headers });
    rows.push({
      target: target.name,
      'body KiB': (body.length / 1024).toFixed(1),
      'req/s': Math.round(load.requests.average),
      'p50 ms': load.latency.p50,
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    });
  }
  console.log(`\nWallet page, signed in (${connections} connections × ${duration} s, PGlite):\n`);
  console.table(rows);
}
