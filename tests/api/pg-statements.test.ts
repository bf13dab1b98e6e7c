/**
 * The PostgreSQL pool's named read statements (src/server/db/pg-statements.ts), against a real server: answers
 * exactly as unprepared, only reads and only from their second use, bounded, and safe across a schema change.
 * Needs TEST_DATABASE_URL (the PostgreSQL run of the API suite); on PGlite, src/server/db/pglite-statements.test.ts.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareReadStatementsPg } from '~/server/db/pg-statements';
import { onDatabaseServer } from '../fixtures/database-server';

const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!serverUrl)('named read statements on PostgreSQL (TEST_DATABASE_URL)', () => {
  const name = `mavuno_statements_${randomBytes(4).toString('hex')}`;
  const url = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
  // One connection each: what pg_prepared_statements lists is then the pool's.
  let prepared: pg.Pool;
  let plain: pg.Pool;
  const statementsOf = async (pool: pg.Pool) =>
    (
      await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
    ).rows.map((row) => row.statement);

  beforeAll(async () => {
    await onDatabaseServer(serverUrl!, `CREATE DATABASE "${name}"`);
    prepared = new pg.Pool({ connectionString: url, max: 1 });
    plain = new pg.Pool({ connectionString: url, max: 1 });
    // The database is dropped WITH (FORCE) at the end: a connection still closing then hears "terminating
    // connection due to administrator command", which is the end of the test, not a failure of it.
    for (const pool of [prepared, plain]) pool.on('error', () => undefined);
    prepareReadStatementsPg(prepared, 3);
    await plain.query(`create table t (id serial primary key, at timestamptz not null default '2026-01-02T03:04:05Z',
      n numeric, j jsonb, tags text[]);
      insert into t (n, j, tags) values (1.5, '{"a":1}', '{x,y}'), (2, null, null), (null, '[1]', '{}')`);
  });
  afterAll(async () => {
    await prepared?.end();
    await plain?.end();
    await onDatabaseServer(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('answers reads exactly as unprepared, in both row modes, and names a text from its second use', async () => {
    const text = 'select * from t where id >= $1 and (n is null or n > $2) order by id';
    for (const rowMode of [undefined, 'array' as const]) {
      for (let run = 0; run < 7; run++) {
        // Seven runs: past the point where PostgreSQL switches a prepared statement to a generic plan.
        // A query config as drizzle sends it (its rowMode 'array' for selects of chosen fields).
        const config = { text, rowMode } as pg.QueryConfig;
        const [a, b] = await Promise.all([prepared.query(config, [1, 0]), plain.query(config, [1, 0])]);
        expect(a.rows).toEqual(b.rows);
        expect(a.fields.map((field) => field.name)).toEqual(b.fields.map((field) => field.name));
        if (run === 0 && rowMode === undefined) expect(await statementsOf(prepared)).not.toContain(text);
      }
    }
    expect(await statementsOf(prepared)).toContain(text);
  });

  it('leaves writes and callback calls unnamed, keeps at most its capacity, and reports errors as they are', async () => {
    for (let run = 0; run < 3; run++) await prepared.query('update t set n = $1 where id = $2', [3, 2]);
    expect(await statementsOf(prepared)).not.toContain('update t set n = $1 where id = $2');
    for (const limit of [1, 2, 3, 4, 5])
      for (let run = 0; run < 2; run++) await prepared.query(`select id from t order by id limit ${limit}`);
    expect((await statementsOf(prepared)).length).toBeLessThanOrEqual(3);
    expect((await prepared.query('select id from t order by id limit 5')).rows).toHaveLength(3);
    const viaCallback = await new Promise((resolve, reject) =>
      prepared.query('select count(*)::int as n from t', [], (error, result) =>
        error ? reject(error) : resolve(result.rows[0].n),
      ),
    );
    expect(viaCallback).toBe(3);
    for (let run = 0; run < 2; run++)
      await expect(prepared.query('select * from missing where id = $1', [1])).rejects.toMatchObject({
        code: '42P01',
      });
    expect((await prepared.query('select n from t where id = $1', [2])).rows).toEqual([{ n: '3' }]);
  });

  it('runs a read again unnamed when the schema changed under its statement', async () => {
    const fresh = new pg.Pool({ connectionString: url, max: 1 });
    fresh.on('error', () => undefined);
    prepareReadStatementsPg(fresh, 10);
    try {
      const text = 'select * from t where id = $1';
      await fresh.query(text, [1]);
      await fresh.query(text, [1]);
      expect(await statementsOf(fresh)).toContain(text);
      await plain.query('alter table t add column extra int default 7');
      const { rows } = await fresh.query(text, [1]);
      expect(rows[0]).toMatchObject({ id: 1, extra: 7 });
      expect((await fresh.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 7 });
    } finally {
      await fresh.end();
    }
  });
});
