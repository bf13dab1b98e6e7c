// The USSD rows of `npm run bench` (scripts/bench.mjs; BENCH_ONLY=ussd alone): the latency of one step of the
// feature-phone menu (docs/feature-phones.md), as Africa's Talking calls it — POST /api-v2/ussd/{token}, the session's
// answers so far in `text` — against the built server, on PGlite and, with DATABASE_URL, on PostgreSQL. Per screen
// of a member's session, one session at a time (p50, p99): the main menu, prices → crop → region → the price
// screen, my lots, offers and deals; the step that checks the PIN (an argon2id hash) in its own row; a static file
// from the same server in the same run beside them. Then BENCH_USSD_SESSIONS (100) sessions of as many callers at
// once, each stepping through eight screens: steps per second, p50, p99, and that every answer began with CON or
// END and none failed. The target: a step's p99 ≤ 50 ms (the PIN step excepted: the hash alone costs more
// than most steps). It prints figures and asserts nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withProductionServer } from './server.mjs';

const TOKEN = 'bench-ussd-callback-token-0123456789';
const PIN = '4826';
const TARGET_P99_MS = 50;

const percentile = (values, p) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
};
const ms = (value) => Math.round(value * 10) / 10;

/** One USSD step as the gateway sends it; answers the screen and how long it took (ms). */
async function ussdStep(base, { sessionId, phone, text }) {
  const started = performance.now();
  const response = await fetch(`${base}/api-v2/ussd/${TOKEN}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId, serviceCode: '*384*628#', phoneNumber: phone, networkCode: '63902', text }),
  });
  const screen = await response.text();
  return { ms: performance.now() - started, status: response.status, screen };
}

/**
 * A caller's session: answers sent one by one (the text grows as the gateway's does), each step timed under its
 * screen's name; a step that fails (not 200, or not CON/END) is counted, not thrown.
 */
async function runSession(base, { sessionId, phone, steps }, record) {
  const inputs = [];
  for (const [name, input] of steps) {
    if (input !== null) inputs.push(input);
    try {
      const step = await ussdStep(base, { sessionId, phone, text: inputs.join('*') });
      const ok = step.status === 200 && /^(CON|END)\b/.test(step.screen);
      record(name, step.ms, ok, step);
    } catch (error) {
      record(name, 0, false, { status: 0, screen: String(error) });
    }
  }
}

/** The member's walk through the screens the issue names: [screen, the answer that opens it]. */
const NAVIGATION = [
  ['main menu (dial)', null],
  ['prices: crops', '1'],
  ['crop → regions', '1'],
  ['region → price screen', '1'],
  ['main menu (00)', '00'],
  ['my lots', '3'],
  ['main menu (00)', '00'],
  ['offers and deals', '4'],
];

async function staticFile(base, rounds) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/manifest.webmanifest`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/** Runs every row against a started server whose database holds the callers (ussd-members.ts); prints them. */
export async function benchUssdSteps(base, { callers, database, rounds, sessions }) {
  const run = Math.random().toString(36).slice(2, 8);
  const failures = [];
  const keep = (into) => (name, time, ok, step) => {
    if (!ok) {
      failures.push(`${name}: ${step.status} ${step.screen.slice(0, 80)}`);
      return;
    }
    into[name] ??= [];
    into[name].push(time);
  };
  // Warm-up: JIT, prepared statements, the memoised reference lists.
  for (let i = 0; i < 5; i++)
    await runSession(
      base,
      { sessionId: `bench-${run}-warm-${i}`, phone: callers.navigator, steps: NAVIGATION },
      () => {},
    );
  await staticFile(base, 50);

  const byScreen = {};
  for (let i = 0; i < rounds; i++)
    await runSession(
      base,
      { sessionId: `bench-${run}-nav-${i}`, phone: callers.navigator, steps: NAVIGATION },
      keep(byScreen),
    );
  const pinTimes = {};
  const pinRounds = Math.max(10, Math.round(rounds / 2));
  for (let i = 0; i < pinRounds; i++)
    await runSession(
      base,
      {
        sessionId: `bench-${run}-pin-${i}`,
        phone: callers.members[i % callers.members.length],
        steps: [
          ['main menu (dial)', null],
          ['wallet: asks the PIN', '5'],
          ['PIN → wallet (argon2id)', PIN],
        ],
      },
      keep(pinTimes),
    );
  const still = await staticFile(base, rounds * NAVIGATION.length);

  const row = (name, times) => ({
    'USSD step (one session at a time)': name,
    samples: times.length,
    'p50 ms': ms(percentile(times, 0.5)),
    'p99 ms': ms(percentile(times, 0.99)),
    [`p99 ≤ ${TARGET_P99_MS} ms`]: percentile(times, 0.99) <= TARGET_P99_MS ? 'yes' : 'NO',
  });
  const navigationAll = Object.values(byScreen).flat();
  const rows = [
    { ...row('static file (manifest.webmanifest)', still), [`p99 ≤ ${TARGET_P99_MS} ms`]: '—' },
    ...Object.entries(byScreen).map(([name, times]) => row(name, times)),
    row('all navigation steps', navigationAll),
    row('PIN → wallet (argon2id)', pinTimes['PIN → wallet (argon2id)'] ?? []),
  ];
  console.log(
    `\nUSSD steps as demo-silver (${rounds} sessions × ${NAVIGATION.length} steps) and the PIN step (${pinRounds} callers), ${database}, beside a static file:\n`,
  );
  console.table(rows);

  // Many callers at once: each its own session and phone, all started together.
  const concurrent = [];
  let answers = 0;
  let framed = 0;
  const concurrentFailures = [];
  const started = performance.now();
  await Promise.all(
    callers.members.slice(0, sessions).map((phone, i) =>
      runSession(base, { sessionId: `bench-${run}-many-${i}`, phone, steps: NAVIGATION }, (name, time, ok, step) => {
        answers++;
        if (/^(CON|END)\b/.test(step.screen)) framed++;
        if (ok) concurrent.push(time);
        else concurrentFailures.push(`${name}: ${step.status} ${step.screen.slice(0, 80)}`);
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\n${Math.min(sessions, callers.members.length)} USSD sessions at once (${NAVIGATION.length} steps each, distinct callers), ${database}:\n`,
  );
  console.table([
    {
      sessions: Math.min(sessions, callers.members.length),
      steps: answers,
      'steps/s': Math.round(answers / seconds),
      'p50 ms': ms(percentile(concurrent, 0.5)),
      'p99 ms': ms(percentile(concurrent, 0.99)),
      'mean ms': ms(concurrent.reduce((sum, time) => sum + time, 0) / Math.max(1, concurrent.length)),
      'began CON/END': `${framed}/${answers}`,
      failed: concurrentFailures.length,
      'wall s': ms(seconds),
    },
  ]);
  for (const failure of [...failures, ...concurrentFailures].slice(0, 5)) console.log(`  failed step: ${failure}`);
  return { rows, failures: failures.length + concurrentFailures.length };
}

/** The callers, made in the database before the server opens it. */
function makeCallers({ root, env, members }) {
  const out = path.join(tmpdir(), `mavuno-bench-ussd-${process.pid}-${Date.now()}.json`);
  execFileSync(
    'node_modules/.bin/tsx',
    ['scripts/bench/ussd-members.ts', '--members', String(members), '--pin', PIN, '--out', out],
    { cwd: root, stdio: 'inherit', env },
  );
  const callers = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return callers;
}

/**
 * The USSD rows on a fresh PGlite directory (the demo data and the callers loaded first), then, with `url`, on that
 * PostgreSQL database (seeded with the demo data when empty; the callers are added to it).
 */
export async function benchUssd({ root, url, port }) {
  const rounds = Number(process.env.BENCH_USSD_ROUNDS ?? 100);
  const sessions = Number(process.env.BENCH_USSD_SESSIONS ?? 100);
  const settings = { USSD_CALLBACK_TOKEN: TOKEN, USSD_ALLOWED_IPS: '', LOG_LEVEL: 'warn' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mavuno-bench-ussd-'));
  try {
    const env = { ...process.env, ...settings, DATA_DIR: dataDir, DATABASE_URL: '' };
    execFileSync('node_modules/.bin/tsx', ['scripts/db-seed.ts'], { cwd: root, stdio: 'inherit', env });
    const callers = makeCallers({ root, env, members: sessions });
    await withProductionServer({ root, env, port }, ({ base }) =>
      benchUssdSteps(base, { callers, database: 'PGlite', rounds, sessions }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (!url) return;
  const env = { ...process.env, ...settings, DATABASE_URL: url };
  execFileSync('node_modules/.bin/tsx', ['scripts/db-seed.ts'], { cwd: root, stdio: 'inherit', env });
  const callers = makeCallers({ root, env, members: sessions });
  await withProductionServer({ root, env, port }, ({ base }) =>
    benchUssdSteps(base, { callers, database: 'PostgreSQL', rounds, sessions }),
  );
}
