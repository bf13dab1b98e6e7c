import { getEnv } from '~/server/env';
import { processGlobal } from '~/server/process-global';
import { type DatabaseHandle, migrateDatabase } from './client';
import { getDatabaseHandle } from './index';
import { ensureSeeded } from './seed';
import { ensurePriceStatistics } from '~/server/services/statistics/refresh-price-cells';

type Slot = { prepared?: Promise<DatabaseHandle> };
const slot = processGlobal<Slot>('mavuno.database.prepared', () => ({}));

/**
 * The server's start-up step (once per process): opens the database, applies the migrations and, on an empty
 * database, loads the reference data and (unless SEED_DEMO=false) the demo data set. Several processes may start
 * at once on one PostgreSQL: one migrates and seeds under an advisory lock, the others wait and find it done.
 * `npm start` runs it before listening; `astro dev` on its first request (src/middleware.ts).
 */
export function prepareDatabase(): Promise<DatabaseHandle> {
  slot.prepared ??= (async () => {
    const handle = await getDatabaseHandle();
    await handle.withStartupLock(async () => {
      await migrateDatabase(handle);
      await ensureSeeded(handle.db, { demo: getEnv().SEED_DEMO });
      await handle.db.transaction((tx) => ensurePriceStatistics(tx));
    });
    return handle;
  })().catch((error) => {
    slot.prepared = undefined;
    throw error;
  });
  return slot.prepared;
}
