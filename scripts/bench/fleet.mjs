// The fleet part of `npm run bench` (scripts/bench.mjs, with DATABASE_URL; BENCH_ONLY=fleet runs it alone): on a
// PostgreSQL database of its own, one production process behind HAProxy against two (scripts/lib/fleet.mjs, the
// balancer docs/operations.md "Running a fleet" shows), in the same run: requests per second, p99 and errors of a
// signed-in page (/board) and of the catalogue API as a signed-in member (past the render cache), at 10 and 32
// connections, with the CPU per request: the servers' own, PostgreSQL's (its processes on this machine), the
// balancer's, the load generator's (autocannon, in this process) and the whole machine's, whose two cores they
// share. Target (issue 26): two processes serve ≥ 1.3× what one serves, with no error. Then the outbox: BENCH_MAILS
// (1,000) mails queued while the SMTP server is down, and the time from its return until each was delivered once
// (target: within 60 s). It prints figures and asserts nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoBuyerCookie, freePort, mailServer, onDatabase, startBalancer, startServer } from '../lib/fleet.mjs';

const CLOCK_TICKS = 100;

/** CPU seconds a process has used (user + system), from /proc. */
function processCpu(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
/** CPU seconds of every PostgreSQL process of this machine (0 when the server runs elsewhere). */
function postgresCpu() {
  const pids = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).stdout?.split('\n').filter(Boolean) ?? [];
  return pids.reduce((sum, pid) => {
    try {
      return sum + processCpu(pid);
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);
}
/** CPU seconds the whole machine has been busy, from /proc/stat. */
function machineCpu() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4];
  return (ticks.reduce((sum, tick) => sum + tick, 0) - idle) / CLOCK_TICKS;
}

export async function benchFleet({ root, url, duration = 10, mails = 1000 }) {
  const name = `mavuno_bench_fleet_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const work = mkdtempSync(path.join(tmpdir(), 'mavuno-bench-fleet-'));
  await onDatabase(url, `CREATE DATABASE "${name}"`);
  const [portA, portB, balancerPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const smtp = mailServer(smtpPort);
  await smtp.start();
  const shared = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SANDBOX_PAYMENT_SECRET: `bench-${randomBytes(16).toString('hex')}`,
    LOG_LEVEL: 'warn',
  };
  const a = startServer({ root, port: portA, env: { ...shared, DATA_DIR: path.join(work, 'a') } });
  let b;
  let balancer;
  try {
    await a.ready();
    b = startServer({ root, port: portB, env: { ...shared, DATA_DIR: path.join(work, 'b') } });
    await b.ready();
    const cookie = await demoBuyerCookie(a.base);
    const headers = { Cookie: cookie, 'Accept-Encoding': 'br, gzip', 'Accept-Language': 'en' };
    const targets = [
      { name: 'signed-in page /board', path: '/board' },
      { name: 'catalogue API, signed in', path: '/api-v2/board-list/index' },
    ];
    const rows = [];
    const served = {};
    for (const setup of [
      { label: 'one process', servers: [{ name: 'a', port: portA, pid: a.child.pid }] },
      {
        label: 'two processes',
        servers: [
          { name: 'a', port: portA, pid: a.child.pid },
          { name: 'b', port: portB, pid: b.child.pid },
        ],
      },
    ]) {
      balancer = startBalancer({ port: balancerPort, servers: setup.servers, dir: work });
      const base = balancer.base;
      for (let i = 0; i < 40; i++) {
        if ((await fetch(`${base}/readyz`).catch(() => undefined))?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const target of targets)
        for (const connections of [10, 32]) {
          // A short warm-up, so both setups are measured warm.
          await autocannon({ url: base + target.path, connections, duration: 2, headers });
          const cpuBefore = setup.servers.reduce((sum, server) => sum + processCpu(server.pid), 0);
          const [machineBefore, postgresBefore, balancerBefore, loadBefore] = [
            machineCpu(),
            postgresCpu(),
            processCpu(balancer.pid),
            processCpu(process.pid),
          ];
          const load = await autocannon({ url: base + target.path, connections, duration, headers });
          const appCpu = setup.servers.reduce((sum, server) => sum + processCpu(server.pid), 0) - cpuBefore;
          const allCpu = machineCpu() - machineBefore;
          const [postgres, balancerCpu, loadCpu] = [
            postgresCpu() - postgresBefore,
            processCpu(balancer.pid) - balancerBefore,
            processCpu(process.pid) - loadBefore,
          ];
          const requests = load.requests.total || 1;
          const key = `${target.name}@${connections}`;
          served[key] ??= {};
          served[key][setup.label] = load.requests.average;
          rows.push({
            setup: setup.label,
            target: target.name,
            connections,
            'req/s': Math.round(load.requests.average),
            'p99 ms': load.latency.p99,
            errors: load.errors + load.non2xx,
            'servers CPU ms/req': ((appCpu * 1000) / requests).toFixed(2),
            'PostgreSQL ms/req': ((postgres * 1000) / requests).toFixed(2),
            'HAProxy ms/req': ((balancerCpu * 1000) / requests).toFixed(2),
            'load ms/req': ((loadCpu * 1000) / requests).toFixed(2),
            'machine CPU ms/req': ((allCpu * 1000) / requests).toFixed(2),
            'two / one':
              setup.label === 'two processes' ? (load.requests.average / served[key]['one process']).toFixed(2) : '',
          });
        }
      await balancer.stop();
      balancer = undefined;
    }
    console.log(
      `\nFleet on PostgreSQL: one process vs two behind HAProxy, ${duration} s each (target: two / one ≥ 1.3, no errors):\n`,
    );
    console.table(rows);

    // The outbox: mails queued while the SMTP server is down, then the time until all are delivered once.
    await smtp.stop();
    const stamp = randomBytes(3).toString('hex');
    execFileSync(
      'node_modules/.bin/tsx',
      ['scripts/bench/outbox-backlog.ts', '--mails', String(mails), '--stamp', stamp],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    // Down long enough for every mail to fail its first try (the workers drain the backlog at once).
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const [{ tried }] = await onDatabase(
      databaseUrl,
      `select count(*)::int as tried from mail_outbox where "to" like 'backlog-${stamp}-%' and attempts > 0`,
    );
    await smtp.start();
    const back = performance.now();
    const ours = () => smtp.received.filter((mail) => mail.to.startsWith(`backlog-${stamp}-`));
    while (ours().length < mails && performance.now() - back < 600_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (performance.now() - back) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const twice = ours().length - new Set(ours().map((mail) => mail.to)).size;
    console.log(
      `\nOutbox: ${mails} mails queued while SMTP was down (${tried} tried and failed meanwhile): ${ours().length} ` +
        `delivered ${seconds.toFixed(1)} s after it came back (target ≤ 60 s), ${twice} delivered more than once (target 0)\n`,
    );
  } finally {
    await balancer?.stop();
    await Promise.all([a.stop(), b?.stop(), smtp.stop()]);
    rmSync(work, { recursive: true, force: true });
    await onDatabase(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}
