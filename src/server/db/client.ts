import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { errorMessage, log } from '~/server/log';
import { prepareReadStatementsPg } from './pg-statements';
import { prepareReadStatements } from './pglite-statements';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services take either, so callers can compose them in one transaction. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export type NotificationListener = (event: 'notify' | 'lost' | 'live', payload?: string) => void;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Runs start-up work (migrations, first seeding) while no other process of this database does the same. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Listens to a NOTIFY channel (every process of this database hears every commit's notifications). `onEvent`
   * hears `notify` for each notification, `lost` when the listening connection fails (notifications may be missed
   * until `live` again); a `notify` carries the notification's payload. Answers a function that stops listening.
   * On PostgreSQL every channel of a handle shares one dedicated connection (not one of the pool's).
   */
  subscribe(channel: string, onEvent: NotificationListener): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball, which `openDatabase({ loadDataDir })` opens again. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the pool's connections now (the metrics, docs/operations.md "Metrics"). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * The LISTEN side of a PostgreSQL database: ONE connection of its own per process (never a pooled one), shared by
 * every channel subscribed to, reconnecting (every 1–30 s) after a failure. While it is down, every subscriber has
 * heard `lost`; when it is back (every channel listened to again), every subscriber hears `live` — notifications
 * sent in between are gone, so subscribers catch up from the database.
 */
function createPgListener(url: string) {
  const channels = new Map<string, Set<NotificationListener>>();
  let client: pg.Client | undefined;
  let reconnecting = false;
  let closed = false;
  let delay = 1000;
  // LISTEN, UNLISTEN and (re)connecting run one at a time, so a channel is never left out of a new connection.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  const tell = (event: 'lost' | 'live') => {
    for (const listeners of channels.values()) for (const listener of listeners) listener(event);
  };

  const open = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      for (const listener of channels.get(message.channel) ?? []) listener('notify', message.payload);
    });
    next.on('error', (error) => {
      log.error({ component: 'db', err: error }, `LISTEN connection lost: ${error.message}`);
      fail(next);
    });
    next.on('end', () => fail(next));
    try {
      await next.connect();
      for (const channel of channels.keys()) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => undefined);
      next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    delay = 1000;
  };

  const fail = (failed: pg.Client) => {
    if (client !== failed) return;
    client = undefined;
    failed.end().catch(() => undefined);
    if (closed || channels.size === 0) return;
    reconnecting = true;
    tell('lost');
    void (async () => {
      while (!closed && channels.size > 0 && !client) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, 30_000);
        try {
          await serial(open);
        } catch (error) {
          log.error({ component: 'db' }, `LISTEN reconnect failed: ${errorMessage(error)}`);
        }
      }
      reconnecting = false;
      if (client) {
        log.info({ component: 'db' }, 'LISTEN connection back');
        tell('live');
      }
    })();
  };

  const subscribe = async (channel: string, onEvent: NotificationListener) => {
    if (closed) throw new Error('the database is closed');
    const isNew = !channels.has(channel);
    const listeners = channels.get(channel) ?? new Set<NotificationListener>();
    channels.set(channel, listeners);
    listeners.add(onEvent);
    const forget = () => {
      listeners.delete(onEvent);
      if (listeners.size === 0 && channels.get(channel) === listeners) channels.delete(channel);
    };
    try {
      await serial(async () => {
        if (client) {
          if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } else if (!reconnecting) await open();
      });
    } catch (error) {
      // The first connection failed: the subscriber hears it (a start-up without its database fails fast). A
      // failed LISTEN on a live connection is that connection failing: the reconnection listens to every channel.
      if (client) fail(client);
      else if (!reconnecting) {
        forget();
        throw error;
      }
    }
    if (reconnecting) queueMicrotask(() => onEvent('lost'));
    return async () => {
      forget();
      if (channels.has(channel)) return;
      await serial(async () => {
        if (!client || channels.has(channel)) return;
        if (channels.size > 0) await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        else {
          // Nobody listens any more: the connection is given back (a later subscriber opens a new one).
          const idle = client;
          client = undefined;
          await idle.end().catch(() => undefined);
        }
      });
    };
  };

  const close = async () => {
    closed = true;
    channels.clear();
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };

  return { subscribe, close };
}

/** Key of the advisory lock taken by start-up: arbitrary, fixed. */
const STARTUP_LOCK = 7_270_001;

async function withAdvisoryLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end();
  }
}

export interface OpenOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory; `memory://` (or undefined) keeps the database in memory. */
  dataDir?: string;
  /** PGlite: start from this tarball of a data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob;
}

/** Migrations are read from the source tree; the server always runs from the project root. */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'src/server/db/migrations');

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => log.error({ component: 'db' }, `idle connection lost: ${error.message}`));
    prepareReadStatementsPg(pool);
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    await db.execute(sql`select 1`);
    const listener = createPgListener(options.url);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await listener.close();
        await pool.end();
      },
      withStartupLock: (work) => withAdvisoryLock(options.url!, work),
      subscribe: listener.subscribe,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process per data directory (src/server/db/data-dir-lock.ts): a second one is refused, never let in.
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const client = new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  prepareReadStatements(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    withStartupLock: (work) => work(),
    // One process per data directory: its own commits are the only ones, delivered when each query completes.
    subscribe: async (channel, onEvent) => {
      const stop = await client.listen(channel, (payload) => onEvent('notify', payload));
      return () => stop();
    },
  };
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'postgres') await migratePg(handle.db as never, config);
  else await migratePglite(handle.db as never, config);
}

/** Throws when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
