// The signed-in lot page and board on a slow mobile network, as `npm run bench` reports them (scripts/bench.mjs):
// Debian's Chromium, signed in as demo-buyer, with Chrome's network emulation at 400 kbit/s each way and 400 ms of
// latency. Each page is opened in a fresh browser context (first visit: nothing cached) and then again in the same
// context (repeat visit). Counted until nothing has been in flight for 3 s after the load event, so islands
// that hydrate when the browser is idle count too: every request, the bytes on the wire, the JavaScript's share
// of them, and the time to the load event (target: ≤ 60 KiB of JavaScript, ≤ 15 requests, load ≤ 2 s, on both
// visits). BENCH_WIRE_LIST=1 also prints each request: type, bytes, start and end ms. It prints figures and asserts
// nothing.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PROFILE = { latency: 400, kbits: 400 };
const executablePath = [
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].find((candidate) => existsSync(candidate));

/** One visit of `path` in `page`: requests, bytes and JavaScript bytes on the wire, and ms to the load event. */
async function visit(page, cdp, base, path) {
  const requests = new Map();
  const onRequest = (event) => {
    if (!event.request.url.startsWith('data:'))
      requests.set(event.requestId, { type: event.type, bytes: 0, url: event.request.url, sent: event.timestamp });
  };
  const onResponse = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.type = event.type;
  };
  const onFinished = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) {
      entry.bytes = event.encodedDataLength;
      entry.done = event.timestamp;
    }
  };
  const onFailed = (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.done = event.timestamp;
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);
  const started = performance.now();
  await page.goto(base + path, { waitUntil: 'load', timeout: 60_000 });
  const loadMs = performance.now() - started;
  // Whatever the page fetches after its load (islands hydrating when the browser is idle, at most 2 s after the
  // load: src/scripts/client-settled.ts), until nothing has been in flight or started for 3 s.
  // A live stream (EventSource) never ends: it does not count as in flight. 30 s at most.
  const inFlight = () =>
    [...requests.values()].filter((entry) => entry.done === undefined && entry.type !== 'EventSource').length;
  const deadline = Date.now() + 30_000;
  let last = requests.size;
  for (let quiet = 0; quiet < 12 && Date.now() < deadline;) {
    await page.waitForTimeout(250);
    quiet = requests.size === last && inFlight() === 0 ? quiet + 1 : 0;
    last = requests.size;
  }
  cdp.off('Network.requestWillBeSent', onRequest);
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  cdp.off('Network.loadingFailed', onFailed);
  const all = [...requests.values()];
  if (process.env.BENCH_WIRE_LIST)
    for (const entry of all) {
      const at = (t) => Math.round((t - all[0].sent) * 1000);
      console.log(entry.type, entry.bytes, at(entry.sent), at(entry.done ?? entry.sent), entry.url);
    }
  const sum = (list) => list.reduce((total, entry) => total + entry.bytes, 0);
  return {
    requests: all.length,
    bytes: sum(all),
    js: sum(all.filter((entry) => entry.type === 'Script')),
    loadMs,
  };
}

/** Signs demo-buyer in inside `context` (the session cookie lands in its cookie store, as a browser's would). */
async function signIn(context, base) {
  const login = await context.request.post(`${base}/api-v2/user/login`, {
    form: { email: 'demo-buyer@mavuno.test', password: 'mavuno-demo' },
    headers: { 'X-Session-Mode': 'cookie', Origin: base },
  });
  if (!login.ok()) throw new Error(`demo-buyer's sign-in answered ${login.status()}`);
}

export async function benchMemberWire(base, { lotId }) {
  if (!executablePath) {
    console.log("\nSigned-in pages on a slow network: skipped (no Chromium; .ci/run installs Debian's)");
    return [];
  }
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const [name, path] of [
      ['lot page', `/board/${lotId}`],
      ['board', '/board'],
    ]) {
      // Without the service worker: the requests it would make for the page (cache-first for hashed files) would not
      // show their bytes on the page's network. Repeat visits then come from the browser's HTTP cache.
      const context = await browser.newContext({
        locale: 'en-US',
        viewport: { width: 360, height: 740 },
        serviceWorkers: 'block',
      });
      await signIn(context, base);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PROFILE.latency,
        downloadThroughput: (PROFILE.kbits * 1000) / 8,
        uploadThroughput: (PROFILE.kbits * 1000) / 8,
      });
      for (const visitName of ['first visit', 'repeat visit']) {
        const { requests, bytes, js, loadMs } = await visit(page, cdp, base, path);
        rows.push({
          page: `${name}, signed in`,
          visit: visitName,
          requests,
          'KiB on the wire': (bytes / 1024).toFixed(1),
          'JS KiB': (js / 1024).toFixed(1),
          'load ms': Math.round(loadMs),
          'meets ≤60 KiB JS, ≤15 requests, ≤2 s': js <= 60 * 1024 && requests <= 15 && loadMs <= 2000 ? 'yes' : 'NO',
        });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(
    `\nSigned-in pages on a slow network (Chromium, ${PROFILE.kbits} kbit/s each way, ${PROFILE.latency} ms latency, 360 px):\n`,
  );
  console.table(rows);
  return rows;
}
