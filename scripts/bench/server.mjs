// A production server (dist/server/entry.mjs) for a part of `npm run bench`, started, awaited and stopped: the fleet's
// own starter (scripts/lib/fleet.mjs) with the bench's settings.
import { startServer } from '../lib/fleet.mjs';

/**
 * Starts the built server from `root` with `env` (plus its port and production settings) on `port`, waits until it
 * is ready, runs `work({ base, pid })`, and stops the server whatever happens.
 */
export async function withProductionServer({ root, env, port }, work) {
  const server = startServer({
    root,
    port,
    // Processes on PostgreSQL share the sandbox's signing secret (start-up stops without one).
    env: { SANDBOX_PAYMENT_SECRET: 'bench-sandbox-payment-secret', LOG_LEVEL: 'warn', ...env, SEED_DEMO: 'true' },
  });
  try {
    await server.ready();
    return await work({ base: server.base, pid: server.child.pid });
  } finally {
    await server.stop();
  }
}
