// A production server (dist/server/entry.mjs) for a part of `npm run bench`, started, awaited and stopped.
import { spawn } from 'node:child_process';

/** Waits until `url` answers 2xx (at most two minutes). */
export async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Starts the built server from `root` with `env` (plus its port and production settings) on `port`, waits for
 * /healthz, runs `work({ base, pid })`, and stops the server whatever happens.
 */
export async function withProductionServer({ root, env, port }, work) {
  const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
    cwd: root,
    env: {
      // Processes on PostgreSQL share the sandbox's signing secret (start-up stops without one).
      SANDBOX_PAYMENT_SECRET: 'bench-sandbox-payment-secret',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`);
    return await work({ base, pid: server.pid });
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}
