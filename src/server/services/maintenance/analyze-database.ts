import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db';

/**
 * `VACUUM ANALYZE`: fresh planner statistics (the catalogue's plans depend on them, docs/lots.md "What a catalogue
 * page costs") and an up-to-date visibility map (index-only scans skip the table only for pages it marks). PGlite
 * has no autovacuum, so the server runs it hourly and seeding after a bulk load; PostgreSQL's autovacuum does
 * this by itself. Not inside a transaction (VACUUM refuses one). Incremental: pages unchanged since the last run
 * are skipped.
 */
export async function analyzeDatabase(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
