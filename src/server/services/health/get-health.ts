import { getDatabaseHandle } from '~/server/db';
import { pingDatabase } from '~/server/db/client';
import { errorMessage, log } from '~/server/log';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { status: 'ok' | 'unreachable'; kind?: 'pglite' | 'postgres'; latency_ms?: number };
  uptime_s: number;
  checked_at: string;
}

/** Whether this process can serve: the database answers a query. Used by /healthz and the /helth page. */
export async function getHealth(): Promise<HealthReport> {
  const started = performance.now();
  const base = { uptime_s: Math.round(process.uptime()), checked_at: new Date().toISOString() };
  try {
    const handle = await getDatabaseHandle();
    await pingDatabase(handle.db);
    const latency = Math.round((performance.now() - started) * 10) / 10;
    return { status: 'ok', database: { status: 'ok', kind: handle.kind, latency_ms: latency }, ...base };
  } catch (error) {
    log.error({ component: 'health' }, `database check failed: ${errorMessage(error)}`);
    return { status: 'unavailable', database: { status: 'unreachable' }, ...base };
  }
}
