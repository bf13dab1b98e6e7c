// The gazetteer part of `npm run bench` (scripts/bench/warehouses.mjs runs it): the latency of address search
// (createGazetteerGeocoder, src/server/geo/gazetteer.ts) over its whole data set, in process, as GET /geocoder/search
// calls it (limit 10). The queries are the first 3 to 6 letters of every name it knows — countries in their three
// languages, regions, villages, live public warehouses — each asked once in English after a warm-up pass. Runs on
// DATABASE_URL, else a PGlite in DATA_DIR (reference data only). Prints one JSON line; asserts nothing.
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '~/server/db/client';
import { ensureSeeded } from '~/server/db/seed';
import { countries, regions, systemWarehouses, villages } from '~/server/db/schema';
import { getEnv } from '~/server/env';
import { createGazetteerGeocoder } from '~/server/geo/gazetteer';

const env = getEnv();
const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR, 'pglite') });
try {
  await migrateDatabase(handle);
  await ensureSeeded(handle.db, { demo: false });
  const { db } = handle;
  const names = [
    ...(await db.select({ en: countries.nameEn, sw: countries.nameSw, fr: countries.nameFr }).from(countries)).flatMap(
      (c) => [c.en, c.sw, c.fr],
    ),
    ...(await db.select({ name: regions.name }).from(regions)).map((r) => r.name),
    ...(await db.select({ name: villages.name }).from(villages)).map((v) => v.name),
    ...(
      await db.select({ name: systemWarehouses.title }).from(systemWarehouses).where(isNull(systemWarehouses.retiredAt))
    ).map((w) => w.name),
  ];
  // 3, 4, 5, 6 letters in turn: what a person has typed when the suggestions are asked for.
  const queries = [...new Set(names.map((name, i) => name.slice(0, 3 + (i % 4))))];
  const gazetteer = createGazetteerGeocoder(db);
  for (const q of queries) await gazetteer.search(q, 'en', 10);
  const times: number[] = [];
  let found = 0;
  for (const q of queries) {
    const start = performance.now();
    found += (await gazetteer.search(q, 'en', 10)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))];
  console.log(
    JSON.stringify({
      database: env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      names: names.length,
      queries: queries.length,
      'places found (avg)': Number((found / queries.length).toFixed(1)),
      'p50 ms': Number(at(0.5).toFixed(2)),
      'p99 ms': Number(at(0.99).toFixed(2)),
      'max ms': Number(times[times.length - 1].toFixed(2)),
    }),
  );
} finally {
  await handle.close();
}
