import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named prepared statements for the PostgreSQL pool's reads. Unnamed, every catalogue or lot select is parsed and
 * planned again on each call; named, each pooled connection parses it once and PostgreSQL's plan cache keeps the
 * plan (a generic one after five runs when it is no worse — which is why the on-market condition is written out,
 * not bound: services/lots/lot-item.ts). The same idea as ./pglite-statements.ts, through node-postgres's own
 * prepared statements (a query config with a `name`, parsed once per connection).
 *
 * - Only SELECT/WITH texts sent through the pool itself take it (drizzle sends reads outside a transaction there;
 *   a transaction's statements go through its own client, unchanged).
 * - A text is named on its second use, and at most `capacity` texts per process ever are: one-off texts (a
 *   search's own list of ids) never take a slot, and each connection keeps at most `capacity` statements.
 * - The name is a digest of the text, so one name never stands for two texts on a connection.
 * - A statement the schema has changed under (`cached plan must not change result type`, code 0A000: another
 *   process migrated the database) runs again unnamed, and its text is never named again by this process.
 *
 * Behind a connection pooler in transaction mode, named statements need its support for them (PgBouncer ≥ 1.21
 * with `max_prepared_statements`); docs/operations.md "Running a fleet".
 */
export function prepareReadStatementsPg(pool: pg.Pool, capacity = 256): void {
  const seen = new Set<string>();
  const named = new Map<string, string>();
  const refused = new Set<string>();
  const original = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const query = (config: unknown, values?: unknown) => original(config, values);

  const nameOf = (text: string): string | undefined => {
    const known = named.get(text);
    if (known || refused.has(text) || named.size >= capacity) return known;
    if (!seen.has(text)) {
      if (seen.size < capacity * 4) seen.add(text);
      return undefined;
    }
    seen.delete(text);
    const name = `mavuno_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    named.set(text, name);
    return name;
  };

  pool.query = ((...args: unknown[]) => {
    const [config, values] = args;
    const plain = (typeof config === 'string' ? { text: config } : config) as { text?: unknown; name?: unknown } | null;
    if (
      args.length > 2 ||
      typeof values === 'function' ||
      !plain ||
      typeof plain !== 'object' ||
      plain.name ||
      typeof plain.text !== 'string' ||
      // A submittable (a cursor, a stream) is passed on as it is: a copy would lose its methods.
      typeof (plain as { submit?: unknown }).submit === 'function' ||
      !/^\s*(select|with)\b/i.test(plain.text)
    )
      return original(...args);
    const text = plain.text;
    const name = nameOf(text);
    if (!name) return query(plain, values);
    return query({ ...plain, name }, values).catch((error: { code?: string }) => {
      if (error?.code !== '0A000') throw error;
      named.delete(text);
      refused.add(text);
      return query(plain, values);
    });
  }) as typeof pool.query;
}
