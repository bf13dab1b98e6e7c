import { getDatabaseHandle } from '~/server/db';
import { pingDatabase } from '~/server/db/client';
import { isShuttingDown } from '~/server/lifecycle';
import { errorMessage, log } from '~/server/log';
import { startedChatHub } from '~/server/realtime/chat-hub';
import { getStorage } from '~/server/storage';

/** Longest a check may take: a balancer polls every few seconds, and a check that hangs is a failing one. */
export const READINESS_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  /** What is wrong, each in a few words (empty when ready). */
  reasons: string[];
}

function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${READINESS_TIMEOUT_MS} ms`)),
      READINESS_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this process should be sent requests (/readyz, docs/operations.md "Health"): not while shutdown has begun,
 * nor while the database does not answer `select 1`, the chat's listening connection is down (PostgreSQL: without it
 * live streams and the render cache's invalidations are deaf to other processes), or the file store is unreachable.
 * Each check gets READINESS_TIMEOUT_MS; the checks run side by side.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isShuttingDown()) return { ready: false, reasons: ['shutting down'] };
  const reasons: string[] = [];
  const database = within(getDatabaseHandle(), 'database').then(async (handle) => {
    await within(pingDatabase(handle.db), 'database');
    return handle;
  });
  const [db, storage] = await Promise.allSettled([database, within(getStorage().ping(), 'storage')]);
  if (db.status === 'rejected') {
    reasons.push('database unreachable');
    log.warn({ component: 'readiness' }, `database check failed: ${errorMessage(db.reason)}`);
  } else if (db.value.kind === 'postgres' && startedChatHub()?.live === false) {
    reasons.push('LISTEN connection down');
  }
  if (storage.status === 'rejected') {
    reasons.push('storage unreachable');
    log.warn({ component: 'readiness' }, `storage check failed: ${errorMessage(storage.reason)}`);
  }
  return { ready: reasons.length === 0, reasons };
}
