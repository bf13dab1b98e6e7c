// The signed-in page rows of `npm run bench` (scripts/bench.mjs): the pages a trader opens all day, as demo-buyer
// signed in by cookie, beside a static file from the same server in the same run. Each page at 10 connections
// (requests/s, p99, ratio to the static file) and at one connection (p50). The targets (docs/architecture.md "What a
// signed-in page costs"): ≥ 0.15 of the static file with p99 ≤ 100 ms at 10 connections, p50 ≤ 5 ms at one. Beside
// them, informative: the same pages when every request must be rendered, as right after a write (the members'
// render cache misses). It prints figures and asserts nothing.
import autocannon from 'autocannon';
import { demoBuyerCookie } from '../lib/fleet.mjs';
import { withProductionServer } from './server.mjs';

/** demo-buyer's cookies as a browser holds them after a first page: the session, the form token, the language. */
async function memberCookies(base) {
  const session = await demoBuyerCookie(base);
  const first = await fetch(`${base}/`, { headers: { Cookie: session, 'Accept-Language': 'en' }, redirect: 'manual' });
  await first.text();
  const more = first.headers.getSetCookie().map((line) => line.split(';')[0]);
  return [session, ...more].join('; ');
}

/** Every write stamp the bench sends is new (the cache keeps what it rendered under each). */
let stamps = 0;

async function load(url, connections, duration, headers, { miss = false } = {}) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers,
    // A fresh write stamp on every request (src/server/http/write-stamp.ts): what the members' cache keeps is never
    // asked for again, so each request is rendered, as after a write.
    ...(miss && {
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, Cookie: `${headers.Cookie}; mavuno_w=bench${++stamps}` },
          }),
        },
      ],
    }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Runs the rows against a started server (seeded with the demo data) and prints them; answers the rows. */
export async function benchMemberPages(base, { duration, database }) {
  const cookie = await memberCookies(base);
  const headers = { Cookie: cookie, 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' };
  const list = await (await fetch(`${base}/api-v2/board-list/index?per-page=1`)).json();
  const lotId = list.items[0].id;
  const targets = [
    { name: 'static file (ceiling)', path: '/manifest.webmanifest', ceiling: true },
    { name: 'home', path: '/' },
    { name: 'board', path: '/board' },
    { name: 'lot page', path: `/board/${lotId}` },
    { name: 'offers', path: '/user/offers' },
    { name: 'cabinet cards', path: '/user/profile/cabinet-cards' },
    { name: 'deals', path: '/user/profile/deals' },
    { name: 'wallet', path: '/user/profile/wallet' },
    { name: 'chat', path: '/chat' },
    { name: 'agro indices', path: '/statistic' },
    { name: 'companies', path: '/companies' },
  ];
  for (const target of targets) {
    const page = await fetch(base + target.path, { headers, redirect: 'manual' });
    await page.text();
    if (page.status !== 200) throw new Error(`${target.path} answered ${page.status} to demo-buyer`);
    // Warm-up: JIT, first renders.
    await load(base + target.path, 4, 1, headers);
  }
  const rows = [];
  let ceiling = 0;
  for (const target of targets) {
    const short = Math.max(2, Math.round(duration / 2));
    const ten = await load(base + target.path, 10, duration, headers);
    const one = await load(base + target.path, 1, short, headers);
    const missTen = target.ceiling ? undefined : await load(base + target.path, 10, short, headers, { miss: true });
    const missOne = target.ceiling ? undefined : await load(base + target.path, 1, short, headers, { miss: true });
    if (target.ceiling) ceiling = ten.rps;
    const ratio = ceiling ? ten.rps / ceiling : 0;
    rows.push({
      'page (signed in)': target.name,
      'req/s (10)': Math.round(ten.rps),
      'ratio to static': ratio.toFixed(2),
      'p99 ms (10)': ten.p99,
      'p50 ms (1)': one.p50,
      'meets ≥0.15, p99≤100, p50≤5': target.ceiling
        ? '—'
        : ratio >= 0.15 && ten.p99 <= 100 && one.p50 <= 5
          ? 'yes'
          : 'NO',
      'after a write: req/s (10)': missTen ? Math.round(missTen.rps) : '—',
      'after a write: p50 ms (1)': missOne ? missOne.p50 : '—',
      errors: ten.errors + one.errors + (missTen?.errors ?? 0) + (missOne?.errors ?? 0),
    });
  }
  console.log(
    `\nSigned-in pages as demo-buyer, ${database}, beside the static file (${duration} s at 10 connections, then 1):\n`,
  );
  console.table(rows);
  return { rows, lotId };
}

/** The same rows on PostgreSQL: a production server on `url` (seeded with the demo data when empty). */
export async function benchMemberPagesOnPostgres({ root, url, port, duration }) {
  await withProductionServer({ root, env: { ...process.env, DATABASE_URL: url }, port }, ({ base }) =>
    benchMemberPages(base, { duration, database: 'PostgreSQL' }),
  );
}
