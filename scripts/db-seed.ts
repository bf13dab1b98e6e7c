// `npm run db:seed`: applies migrations, then loads (or refreshes) the reference data and the demo data set
// into the configured database (DATABASE_URL, else PGlite in DATA_DIR). Safe to run again.
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { loadDemoData, seedReferenceData } from '../src/server/db/seed';
import { getEnv } from '../src/server/env';

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  await migrateDatabase(handle);
  await handle.db.transaction((tx) => seedReferenceData(tx));
  console.log('[db:seed] reference data loaded (countries, regions, villages, currencies, categories, units)');
  await loadDemoData(handle.db);
  console.log('[db:seed] demo data loaded (marked as demo data)');
} finally {
  await handle.close();
}
