import path from 'node:path';
import { getEnv } from '~/server/env';
import { onShutdown } from '~/server/lifecycle';
import { processGlobal } from '~/server/process-global';
import { type Database, type DatabaseHandle, openDatabase } from './client';

export type { Database, DatabaseHandle, Executor } from './client';

/** The rows of a raw `db.execute(sql`…`)` result, typed as the query's caller knows them. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type Slot = { handle?: Promise<DatabaseHandle> };
const slot = processGlobal<Slot>('mavuno.database', () => ({}));

async function openFromEnvironment(): Promise<DatabaseHandle> {
  const env = getEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
  onShutdown('database', () => handle.close());
  return handle;
}

/**
 * The process-wide database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. This module
 * only opens it; migrations and first seeding are the start-up step of `./prepare-database.ts`.
 */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  slot.handle ??= openFromEnvironment().catch((error) => {
    slot.handle = undefined;
    throw error;
  });
  return slot.handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Tests install a database of their own (see tests/fixtures/database.ts). */
export function installDatabase(handle: DatabaseHandle | undefined): void {
  slot.handle = handle ? Promise.resolve(handle) : undefined;
}
