// A fleet on one machine: production servers (dist/server/entry.mjs) behind HAProxy, as docs/operations.md
// "Running a fleet" describes. Used by the fleet test (tests/api/fleet.test.ts) and the fleet bench
// (scripts/bench/fleet.mjs), so both run the balancer the operator's guide shows.
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

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
 * The HAProxy configuration of a fleet: round robin over the servers, each checked on /readyz every half second
 * (out after 2 failures, back after 2 successes); a request whose server refuses the connection is sent to another
 * (`retries`, `option redispatch`); the client's address in X-Forwarded-For (the servers run with TRUST_PROXY=1);
 * live streams (the chat's) kept open an hour.
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
    '  balance roundrobin',
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
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
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
