import { eq } from 'drizzle-orm';
import type { Database, Executor } from '~/server/db/client';
import { appMeta, countries } from '~/server/db/schema';
import { seedDemoData } from './demo';
import { seedContentPages } from '~/server/services/content/seed-content-pages';
import { REFERENCE_NAMES_VERSION, refreshReferenceNames, seedReferenceData } from './reference';

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
  if (anyCountry) {
    await ensureReferenceNames(db);
    return;
  }
  await db.transaction(async (tx) => {
    await seedReferenceData(tx);
    await markReferenceNames(tx);
  });
  if (options.demo) await loadDemoData(db);
}

const NAMES_MARKER = 'reference_names_version';

async function markReferenceNames(db: Executor) {
  await db
    .insert(appMeta)
    .values({ key: NAMES_MARKER, value: REFERENCE_NAMES_VERSION })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: REFERENCE_NAMES_VERSION, updatedAt: new Date() } });
}

/**
 * A database seeded before the reference names last changed (a region's translation, a country's name) gets them,
 * once: the names only, in place, so ids and everything that refers to them stay.
 */
async function ensureReferenceNames(db: Database): Promise<void> {
  const [marker] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, NAMES_MARKER));
  if (marker?.value === REFERENCE_NAMES_VERSION) return;
  await db.transaction(async (tx) => {
    await refreshReferenceNames(tx);
    await markReferenceNames(tx);
  });
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
