// A fleet on one machine: production servers (dist/server/entry.mjs) behind HAProxy, as docs/operations.md
// "Running a fleet" describes, and what the tests and measures around them need (a free port, an SMTP server, a
// statement on PostgreSQL, demo-buyer's cookie). Used by the fleet test (tests/api/fleet.test.ts), the bench
// (scripts/bench/*.mjs) and the soak (scripts/soak.mjs), so all run the balancer the operator's guide shows.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

/** A port nobody listens on now (the operating system picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx, at most `withinMs`. */
export async function waitUntilOk(url, withinMs = 180_000) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${withinMs / 1000} s`);
}

/**
 * The HAProxy configuration of a fleet: each request to the server with the fewest open ones (chat streams stay open
 * for minutes), each server checked on /readyz every half second (out after 2 failures, back after 2 successes); a
 * request whose server refuses the connection is sent to another (`retries`, `option redispatch`); the client's
 * address in X-Forwarded-For (the servers run with TRUST_PROXY=1); an idle time-out of 60 s, longer than the chat
 * streams' 20 s pings.
 */
export function balancerConfig({ port, servers }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  retries 3',
    '  option redispatch',
    '  option forwardfor',
    'frontend mavuno',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    '  balance leastconn',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check inter 500ms fall 2 rise 2`),
    '',
  ].join('\n');
}

/** Starts HAProxy in the foreground with the fleet's configuration (written to `dir`); `stop()` ends it. */
export function startBalancer({ port, servers, dir }) {
  if (spawnSync('haproxy', ['-v']).error)
    throw new Error("HAProxy is not installed: `apt-get install haproxy` (.ci/run installs it when it's missing)");
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, balancerConfig({ port, servers }));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`HAProxy refused its configuration:\n${check.stderr}`);
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => output,
    stop: () => stopChild(child, 'SIGTERM'),
  };
}

/**
 * Starts a production server from the build in `root` on `port` with `env` (pinned over the shell's), keeping its
 * output (printed by `output()` when a test fails). `ready()` waits for /readyz.
 */
export function startServer({ root, port, env }) {
  const child = spawn(process.execPath, ['dist/server/entry.mjs'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last 64 KiB of what it printed: enough to read a failure, bounded under a load's access lines.
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    port,
    child,
    output: () => output,
    ready: (withinMs) => waitUntilOk(`${base}/readyz`, withinMs),
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
  };
}

/** Sends `signal` and waits for the process to exit (at once when it already has). */
function stopChild(child, signal) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', () => resolve(undefined));
    child.kill(signal);
  });
}

/**
 * Runs one statement on the PostgreSQL database at `url` and answers its rows.
 * @param {string} url
 * @param {string} statement
 * @param {unknown[]} [values]
 * @returns {Promise<Record<string, any>[]>}
 */
export async function onDatabase(url, statement, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A real SMTP server (smtp-server) on `port` keeping every message it accepts, `{ to, text }` per recipient, the
 * quoted-printable body decoded enough to read a link; `stop()` and `start()` take it down and up on the same port.
 */
export function mailServer(port) {
  const received = [];
  let server;
  const start = () =>
    new Promise((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        disableReverseLookup: true,
        closeTimeout: 100,
        logger: false,
        onData(stream, session, callback) {
          let raw = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk) => (raw += chunk));
          stream.on('end', () => {
            const text = raw
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
            for (const to of session.envelope.rcptTo) received.push({ to: to.address, text });
            callback();
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(undefined));
    });
  const stop = () => new Promise((resolve) => (server ? server.close(() => resolve(undefined)) : resolve(undefined)));
  return { received, start, stop, to: (address) => received.filter((mail) => mail.to === address) };
}

/** Signs demo-buyer in on `base` as a browser does (a session cookie) and answers the Cookie header to send. */
export async function demoBuyerCookie(base) {
  const login = await fetch(`${base}/api-v2/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Session-Mode': 'cookie', Origin: base },
    body: 'email=demo-buyer%40mavuno.test&password=mavuno-demo',
  });
  if (!login.ok) throw new Error(`demo-buyer's sign-in answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
