#!/usr/bin/env node
// `npm run bench`: builds, starts the production server on a fresh embedded database and prints, for a few
// representative pages and an API list: HTML bytes (raw and brotli), the CSS and JS the page loads (brotli),
// and requests per second with p99 latency under a fixed load; then the catalogue on BENCH_LOTS generated lots
// (scripts/bench/catalogue.mjs), and the chat's live streams: BENCH_STREAMS (1,000) streams held by the server, memory
// per stream and post-to-delivery latency (scripts/bench/chat.mjs); both again on PostgreSQL when DATABASE_URL is set;
// then the wallet: ledger transfers per second on PGlite and PostgreSQL and the member's wallet page
// (scripts/bench/wallet.mjs); then the company directory on BENCH_COMPANIES generated companies
// (scripts/bench/companies.mjs); then the public warehouse pages and the gazetteer's search latency on PGlite and
// PostgreSQL (scripts/bench/warehouses.mjs); then /article and an article page (scripts/bench/articles.mjs: bytes,
// and no JavaScript beyond the service-worker registration); then the price chart endpoint over two years of daily
// prices on PGlite and PostgreSQL (scripts/bench/statistics.mjs). BENCH_ONLY=pages, BENCH_ONLY=catalogue,
// BENCH_ONLY=chat, BENCH_ONLY=wallet, BENCH_ONLY=companies, BENCH_ONLY=warehouses, BENCH_ONLY=articles,
// BENCH_ONLY=statistics, BENCH_ONLY=members (the signed-in pages beside a static file, scripts/bench/member-pages.mjs,
// and the signed-in lot page and board on a slow network in Chromium, member-wire.mjs; both also run after the
// article rows) or BENCH_ONLY=backoffice (the audit trail, scripts/bench/backoffice.mjs; no build, no server) runs
// one part alone; then the USSD menu's step latency and 100 concurrent sessions on PGlite and PostgreSQL
// (scripts/bench/ussd.mjs; BENCH_ONLY=ussd alone); with DATABASE_URL, last, one process against two behind HAProxy and
// the outbox's backlog (scripts/bench/fleet.mjs; BENCH_ONLY=fleet alone). It prints figures and asserts nothing.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchArticles } from './bench/articles.mjs';
import { benchBackOffice } from './bench/backoffice.mjs';
import { benchCatalogue, benchCatalogueOnPostgres } from './bench/catalogue.mjs';
import { benchChat, benchChatOnPostgres, makeChatMembers } from './bench/chat.mjs';
import { benchCompanies, benchCompaniesOnPostgres } from './bench/companies.mjs';
import { benchFleet } from './bench/fleet.mjs';
import { benchMemberPages, benchMemberPagesOnPostgres } from './bench/member-pages.mjs';
import { benchMemberWire } from './bench/member-wire.mjs';
import { kib, pageWeight, transferSize } from './bench/page-weight.mjs';
import { benchPages } from './bench/pages.mjs';
import { benchStatistics } from './bench/statistics.mjs';
import { benchUssd } from './bench/ussd.mjs';
import { benchWarehouses } from './bench/warehouses.mjs';
import { benchWalletPage, benchWalletTransfers } from './bench/wallet.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4610);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const TARGETS = [
  { name: 'home page', path: '/' },
  { name: 'content page (FAQ)', path: '/faq' },
  { name: 'API list (regions)', path: '/api-v2/region/index?per-page=12' },
];

// The chart endpoint is timed in process: no build, no server.
if (process.env.BENCH_ONLY === 'statistics') {
  benchStatistics({ root, url: process.env.DATABASE_URL || undefined });
  process.exit(0);
}
// The back office's audit trail is timed in process too (scripts/bench/backoffice.mjs).
if (process.env.BENCH_ONLY === 'backoffice') {
  await benchBackOffice({ root, url: process.env.DATABASE_URL || undefined });
  process.exit(0);
}

if (process.env.BENCH_SKIP_BUILD !== '1') execSync('npm run build', { cwd: root, stdio: 'inherit' });
// One process against two behind HAProxy, and the outbox's backlog (scripts/bench/fleet.mjs): PostgreSQL only.
if (process.env.BENCH_ONLY === 'fleet') {
  if (!process.env.DATABASE_URL) {
    console.error('BENCH_ONLY=fleet runs on PostgreSQL: set DATABASE_URL');
    process.exit(1);
  }
  await benchFleet({
    root,
    url: process.env.DATABASE_URL,
    duration: DURATION,
    mails: Number(process.env.BENCH_MAILS ?? 1000),
  });
  process.exit(0);
}
// The USSD menu (scripts/bench/ussd.mjs): servers of its own on a fresh PGlite directory and on DATABASE_URL.
if (process.env.BENCH_ONLY === 'ussd') {
  await benchUssd({ root, url: process.env.DATABASE_URL || undefined, port: PORT });
  process.exit(0);
}
async function fetchText(url) {
  return (await fetch(url, { headers: { 'Accept-Language': 'en' } })).text();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-bench-'));
const ONLY = process.env.BENCH_ONLY;
const BULK_LOTS =
  ONLY === 'wallet' || ONLY === 'companies' || ONLY === 'warehouses' || ONLY === 'articles' || ONLY === 'members'
    ? 0
    : Number(process.env.BENCH_LOTS ?? 100_000);
// The directory case (scripts/bench/companies.mjs) needs many companies.
const BULK_COMPANIES = !ONLY || ONLY === 'companies' ? Number(process.env.BENCH_COMPANIES ?? 10_000) : 0;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
// The catalogue case needs a large catalogue: the demo set plus generated lots, loaded before the server starts.
execSync(`node_modules/.bin/tsx scripts/db-seed.ts --lots ${BULK_LOTS} --companies ${BULK_COMPANIES}`, {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
});
// The chat's members and rooms, made before the server opens the embedded database (one process at a time).
const chatPairs =
  ONLY === 'pages' ||
  ONLY === 'catalogue' ||
  ONLY === 'wallet' ||
  ONLY === 'companies' ||
  ONLY === 'warehouses' ||
  ONLY === 'articles' ||
  ONLY === 'members'
    ? []
    : makeChatMembers({
        root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        pairs: Math.ceil(STREAMS / 2),
      });
const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server did not start');
}

const warehouseBench = {
  root,
  base,
  connections: CONNECTIONS,
  duration: DURATION,
  url: process.env.DATABASE_URL || undefined,
};
try {
  await waitForServer();
  if (ONLY === 'wallet') {
    await benchWalletPage({ base, connections: CONNECTIONS, duration: DURATION });
    throw Object.assign(new Error('wallet only'), { benchDone: true });
  }
  if (ONLY === 'chat') {
    await benchChat({ base, pid: server.pid, pairs: chatPairs, database: 'PGlite' });
    throw Object.assign(new Error('chat only'), { benchDone: true });
  }
  if (ONLY === 'companies') {
    await benchCompanies({ base, companies: BULK_COMPANIES, connections: CONNECTIONS, duration: DURATION });
    throw Object.assign(new Error('companies only'), { benchDone: true });
  }
  if (ONLY === 'warehouses') {
    await benchWarehouses(warehouseBench);
    throw Object.assign(new Error('warehouses only'), { benchDone: true });
  }
  if (ONLY === 'articles') {
    await benchArticles({ base, connections: CONNECTIONS, duration: DURATION, transferSize, fetchText });
    throw Object.assign(new Error('articles only'), { benchDone: true });
  }
  if (ONLY === 'catalogue') {
    await benchCatalogue({ base, lots: BULK_LOTS, database: 'PGlite' });
    throw Object.assign(new Error('catalogue only'), { benchDone: true });
  }
  if (ONLY === 'members') {
    const { lotId } = await benchMemberPages(base, { duration: DURATION, database: 'PGlite' });
    await benchMemberWire(base, { lotId });
    throw Object.assign(new Error('members only'), { benchDone: true });
  }
  await benchPages(base, { duration: DURATION });
  // BENCH_ONLY=pages: the page rows alone (no catalogue, no signed-in calls, no chat).
  if (ONLY === 'pages') throw Object.assign(new Error('pages only'), { benchDone: true });
  const rows = [];
  for (const target of TARGETS) {
    const url = base + target.path;
    const { raw, br, css = 0, js = 0 } = await pageWeight(url);
    const load = await autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' },
    });
    rows.push({
      target: target.name,
      'body raw': kib(raw.bytes),
      [`body ${br.encoding}`]: kib(br.bytes),
      'CSS (br)': target.path.startsWith('/api-v2') ? '—' : kib(css),
      'JS (br, incl. inline)': target.path.startsWith('/api-v2') ? '—' : kib(js),
      'req/s': Math.round(load.requests.average),
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    });
  }
  console.log(`\nMavuno bench: ${CONNECTIONS} connections × ${DURATION} s per target, PGlite, ${process.version}\n`);
  console.table(rows);
  await benchArticles({ base, connections: CONNECTIONS, duration: DURATION, transferSize, fetchText });
  // Signed-in pages (scripts/bench/member-pages.mjs) and their weight on a slow network (member-wire.mjs).
  const { lotId } = await benchMemberPages(base, { duration: DURATION, database: 'PGlite' });
  await benchMemberWire(base, { lotId });

  await benchCatalogue({ base, lots: BULK_LOTS, database: 'PGlite' });

  // Signed-in calls every member makes: the offers badge (polled every 60 s) and the offers list, as demo-buyer.
  const login = await fetch(`${base}/api-v2/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'email=demo-buyer%40mavuno.test&password=mavuno-demo',
  });
  const { access_token: token } = await login.json();
  const memberRows = [];
  for (const target of [
    { name: 'offers badge (user-offer-count)', path: '/api-v2/offer/user-offer-count' },
    { name: 'offers list (GET /offer)', path: '/api-v2/offer' },
  ]) {
    const load = await autocannon({
      url: base + target.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'br, gzip' },
    });
    memberRows.push({
      target: target.name,
      'req/s': Math.round(load.requests.average),
      'p99 ms': load.latency.p99,
      errors: load.errors + load.non2xx,
    });
  }
  console.log(`\nSigned-in API calls (${CONNECTIONS} connections × ${DURATION} s):\n`);
  console.table(memberRows);

  await benchChat({ base, pid: server.pid, pairs: chatPairs, database: 'PGlite' });
  await benchWalletPage({ base, connections: CONNECTIONS, duration: DURATION });
  await benchCompanies({ base, companies: BULK_COMPANIES, connections: CONNECTIONS, duration: DURATION });
  await benchWarehouses(warehouseBench);
} catch (error) {
  if (!error?.benchDone) throw error;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
// With DATABASE_URL, the catalogue and the chat again on PostgreSQL (a database of its own: generated lots and
// members are added to it).
if (
  process.env.DATABASE_URL &&
  ONLY !== 'pages' &&
  ONLY !== 'wallet' &&
  ONLY !== 'companies' &&
  ONLY !== 'warehouses' &&
  ONLY !== 'articles' &&
  ONLY !== 'members'
) {
  const pgPort = Number(process.env.BENCH_PG_PORT ?? PORT + 1);
  if (ONLY === 'chat')
    execSync('node_modules/.bin/tsx scripts/db-seed.ts', { cwd: root, stdio: 'inherit', env: process.env });
  else await benchCatalogueOnPostgres({ root, url: process.env.DATABASE_URL, port: pgPort, lots: BULK_LOTS });
  if (ONLY !== 'catalogue')
    await benchChatOnPostgres({ root, url: process.env.DATABASE_URL, port: pgPort, streams: STREAMS });
}
if (process.env.DATABASE_URL && (!ONLY || ONLY === 'members'))
  await benchMemberPagesOnPostgres({
    root,
    url: process.env.DATABASE_URL,
    port: Number(process.env.BENCH_PG_PORT ?? PORT + 1),
    duration: DURATION,
  });
if (!ONLY || ONLY === 'wallet') benchWalletTransfers({ root, url: process.env.DATABASE_URL });
if (!ONLY) benchStatistics({ root, url: process.env.DATABASE_URL || undefined });
if (!ONLY) await benchBackOffice({ root, url: process.env.DATABASE_URL || undefined });
if (process.env.DATABASE_URL && (!ONLY || ONLY === 'companies'))
  await benchCompaniesOnPostgres({
    root,
    url: process.env.DATABASE_URL,
    port: Number(process.env.BENCH_PG_PORT ?? PORT + 1),
    companies: BULK_COMPANIES,
    connections: CONNECTIONS,
    duration: DURATION,
  });
if (!ONLY) await benchUssd({ root, url: process.env.DATABASE_URL || undefined, port: PORT });
if (process.env.DATABASE_URL && !ONLY)
  await benchFleet({
    root,
    url: process.env.DATABASE_URL,
    duration: DURATION,
    mails: Number(process.env.BENCH_MAILS ?? 1000),
  });
