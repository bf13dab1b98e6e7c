import type { Database } from '~/server/db/client';
import { appMeta, countries } from '~/server/db/schema';
import { seedDemoData } from './demo';
import { seedContentPages } from '~/server/services/content/seed-content-pages';
import { seedReferenceData } from './reference';

export { seedReferenceData, seedDemoData };

export const DEMO_MARKER = 'demo_data_loaded_at';

/**
 * On an empty database only: the reference data, then (unless turned off) the demo data set. A database that
 * already has data is left alone, so a production database started once with SEED_DEMO=false never gets demo
 * data later. `npm run db:seed` loads both on purpose.
 */
export async function ensureSeeded(db: Database, options: { demo: boolean }): Promise<void> {
  // The site's pages (FAQ, terms, privacy) are content editors change: added once, on any database.
  await db.transaction((tx) => seedContentPages(tx));
  const [anyCountry] = await db.select({ id: countries.id }).from(countries).limit(1);
  if (anyCountry) return;
  await db.transaction((tx) => seedReferenceData(tx));
  if (options.demo) await loadDemoData(db);
}

/** Loads the demo data set in one transaction and records when. */
export async function loadDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedDemoData(tx);
    await tx
      .insert(appMeta)
      .values({ key: DEMO_MARKER, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString(), updatedAt: new Date() } });
  });
}
