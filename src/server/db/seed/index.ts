import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { appMeta, countries } from '../schema';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

export { seedReferenceData, seedDemoData };

export const DEMO_MARKER = 'demo_data_loaded_at';

/** Reference data on an empty database, then (unless turned off) the demo data set, each once. */
export async function ensureSeeded(db: Database, options: { demo: boolean }): Promise<void> {
  const [anyCountry] = await db.select({ id: countries.id }).from(countries).limit(1);
  if (!anyCountry) await db.transaction((tx) => seedReferenceData(tx));
  if (!options.demo) return;
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER));
  if (!marker) await loadDemoData(db);
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
