// `npm run db:seed`: applies migrations, then loads (or refreshes) the reference data and the demo data set
// into the configured database (DATABASE_URL, else PGlite in DATA_DIR). Safe to run again.
import path from 'node:path';
import { migrateDatabase, openDatabase } from '~/server/db/client';
import { loadDemoData, seedReferenceData } from '~/server/db/seed';
import { seedBulkDemoCompanies } from '~/server/db/seed/bulk-companies';
import { seedBulkDemoLots } from '~/server/db/seed/bulk-lots';
import { getEnv } from '~/server/env';
import { analyzeDatabase } from '~/server/services/maintenance/analyze-database';

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  await migrateDatabase(handle);
  await handle.db.transaction((tx) => seedReferenceData(tx));
  console.log('[db:seed] reference data loaded (countries, regions, villages, currencies, categories, units)');
  await loadDemoData(handle.db);
  console.log('[db:seed] demo data loaded (marked as demo data)');
  // `npm run db:seed -- --lots 100000`: many generated lots, for load measurements.
  const lotsFlag = process.argv.indexOf('--lots');
  const bulk = lotsFlag >= 0 ? Number(process.argv[lotsFlag + 1]) : 0;
  if (bulk > 0) {
    const started = Date.now();
    await seedBulkDemoLots(handle.db, bulk);
    console.log(`[db:seed] ${bulk} generated demo lots in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // `npm run db:seed -- --companies 10000`: many generated companies, for the directory's load measurements.
  const companiesFlag = process.argv.indexOf('--companies');
  const bulkCompanies = companiesFlag >= 0 ? Number(process.argv[companiesFlag + 1]) : 0;
  if (bulkCompanies > 0) {
    const started = Date.now();
    await seedBulkDemoCompanies(handle.db, bulkCompanies);
    console.log(
      `[db:seed] ${bulkCompanies} generated demo companies in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // Statistics and the visibility map after the load: the catalogue's plans and index-only scans depend on them.
  await analyzeDatabase(handle.db);
} finally {
  await handle.close();
}
