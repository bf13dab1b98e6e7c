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
   */
  subscribe(channel: string, onEvent: NotificationListener): Promise<() => Promise<void>>;
}

/** LISTEN on a connection of its own, reconnecting (every 1–30 s) after a failure. */
async function subscribePg(url: string, channel: string, onEvent: NotificationListener) {
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 1000;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onEvent('notify', message.payload);
    });
    next.on('error', (error) => {
      console.error(`[db] LISTEN ${channel} connection lost:`, error.message);
      void reconnect(next);
    });
    next.on('end', () => void reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = 1000;
  };
  const reconnect = async (failed: pg.Client) => {
    if (stopped || client !== failed) return;
    client = undefined;
    onEvent('lost');
    failed.end().catch(() => undefined);
    while (!stopped && !client) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      delay = Math.min(delay * 2, 30_000);
      try {
        await connect();
        onEvent('live');
      } catch (error) {
        console.error(`[db] LISTEN ${channel} reconnect failed:`, error instanceof Error ? error.message : error);
      }
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
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
}

/** Migrations are read from the source tree; the server always runs from the project root. */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'src/server/db/migrations');

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error('[db] idle connection lost:', error.message));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
    await db.execute(sql`select 1`);
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      withStartupLock: (work) => withAdvisoryLock(options.url!, work),
      subscribe: (channel, onEvent) => subscribePg(options.url!, channel, onEvent),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  prepareReadStatements(client);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
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
