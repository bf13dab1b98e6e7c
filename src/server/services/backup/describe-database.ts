import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Executor, MIGRATIONS_DIR } from '~/server/db/client';

export interface DatabaseDescription {
  serverVersion: string;
  migrations: { applied: number; last: string | null };
  /** Rows of every table of the public schema, by table name. */
  rows: Record<string, number>;
}

const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The migrations drizzle-kit generated (src/server/db/migrations/meta/_journal.json), by their `when`. */
function migrationTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** How many migrations this code knows (a backup made by newer code has more). */
export const knownMigrationCount = () => migrationTags().size;

/**
 * What a backup records of a database and a restore checks again: the server's version, the migrations applied
 * (drizzle's own table) and the row count of every table. Run it in the transaction whose snapshot is dumped, so
 * the counts are the dump's.
 */
export async function describeDatabase(db: Executor): Promise<DatabaseDescription> {
  const [{ server_version: serverVersion }] = await rowsOf<{ server_version: string }>(db, sql`show server_version`);
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`);
    rows[name] = n;
  }
  const [{ present }] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  let migrations: DatabaseDescription['migrations'] = { applied: 0, last: null };
  if (present) {
    const [row] = await rowsOf<{ applied: number; last: string | null }>(
      db,
      sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const last = row.last === null ? null : (migrationTags().get(Number(row.last)) ?? `created_at ${row.last}`);
    migrations = { applied: row.applied, last };
  }
  return { serverVersion, migrations, rows };
}
