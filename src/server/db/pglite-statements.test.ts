import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareReadStatements } from './pglite-statements';

describe('prepareReadStatements', () => {
  let prepared: PGlite;
  let plain: PGlite;
  const setup = `create table t (id serial primary key, at timestamptz not null default '2026-01-02T03:04:05Z', n numeric, j jsonb, tags text[]);
    insert into t (n, j, tags) values (1.5, '{"a":1}', '{x,y}'), (2, null, null), (null, '[1]', '{}')`;
  const statementsOf = async (client: PGlite) =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    prepared = new PGlite();
    plain = new PGlite();
    prepareReadStatements(prepared, 3);
    await prepared.exec(setup);
    await plain.exec(setup);
  });
  afterAll(async () => {
    await prepared.close();
    await plain.close();
  });

  it('answers reads exactly as the unprepared query does, in both row modes and with custom parsers', async () => {
    const text = 'select * from t where id >= $1 and (n is null or n > $2) order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1184: (v: string) => `at:${v}` } }]) {
      for (let run = 0; run < 7; run++) {
        // Seven runs: past the point where PostgreSQL switches a prepared statement to a generic plan.
        const [a, b] = await Promise.all([prepared.query(text, [1, 0], options), plain.query(text, [1, 0], options)]);
        expect(a.rows).toEqual(b.rows);
        expect(a.fields).toEqual(b.fields);
      }
    }
    expect(await statementsOf(prepared)).toContain('mavuno_1');
  });

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    for (const limit of [1, 2, 3, 4, 5]) await prepared.query(`select id from t order by id limit ${limit}`);
    expect((await statementsOf(prepared)).length).toBeLessThanOrEqual(3);
    expect((await prepared.query('select id from t order by id limit 5')).rows).toHaveLength(3);
  });

  it('leaves writes unprepared and reports errors with their PostgreSQL code, then goes on working', async () => {
    const before = await statementsOf(prepared);
    await prepared.query('update t set n = $1 where id = $2', [3, 2]);
    expect(await statementsOf(prepared)).toEqual(before);
    await expect(prepared.query('select * from missing where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    await expect(prepared.query('select id from t where id = $1', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await prepared.query<{ n: string }>('select n from t where id = $1', [2])).rows).toEqual([{ n: '3' }]);
  });

  it('survives a schema change under a kept statement', async () => {
    const text = 'select * from t where id = $1';
    await prepared.query(text, [1]);
    await prepared.exec('alter table t add column extra int default 7');
    expect((await prepared.query<{ extra: number }>(text, [1])).rows[0].extra).toBe(7);
  });

  it('runs reads inside a transaction on the transaction, unprepared', async () => {
    const count = await prepared.transaction(async (tx) => {
      await tx.query('insert into t (n) values ($1)', [9]);
      return (await tx.query<{ c: number }>('select count(*)::int as c from t')).rows[0].c;
    });
    expect(count).toBe(4);
  });
});
