import { type PGlite, type QueryOptions, type Results, parse, protocol } from '@electric-sql/pglite';

/**
 * Prepared statements for PGlite. PGlite's `query` parses and plans every statement again (an unnamed statement
 * per call), which for the lot and catalogue selects costs more than running them. This keeps one named prepared
 * statement per distinct read text (at most `capacity`, least recently used closed first): the first call parses
 * it once, later calls only bind and execute, and PostgreSQL's plan cache keeps the plan (a generic one after five
 * runs when it is no worse — which is why the on-market condition is written out, not bound: lot-item.ts).
 *
 * Only statements that start with SELECT or WITH outside a transaction take this path (drizzle sends those through
 * `client.query`; a transaction's statements go through its own `tx.query`, unchanged), so nothing that writes
 * or changes the schema is ever kept. A statement the schema has changed under (`cached plan must not change result
 * type`) is closed and run once more, unprepared. Results are parsed exactly as PGlite's own `query` parses them.
 */
export function prepareReadStatements(client: PGlite, capacity = 256): void {
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let counter = 0;
  // PGlite merges a query's own parsers into its ~320 default ones on every call (an object spread that costs more
  // than parsing a small result); the few sets of parsers drizzle passes are merged once here instead.
  const mergedParsers = new Map<string, { base: PGlite['parsers']; merged: PGlite['parsers'] }>();
  const parsersOf = (options?: QueryOptions) => {
    if (!options?.parsers) return client.parsers;
    const key = Object.entries(options.parsers)
      .map(([type, parser]) => `${type}:${parser}`)
      .join('\n');
    let known = mergedParsers.get(key);
    if (!known || known.base !== client.parsers) {
      known = { base: client.parsers, merged: { ...client.parsers, ...options.parsers } };
      if (mergedParsers.size < 32) mergedParsers.set(key, known);
    }
    return known.merged;
  };
  const unprepared = client.query.bind(client);

  const run = async (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  const forget = async (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    await run(concat(protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()));
  };

  const prepare = async (text: string, options?: QueryOptions) => {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `mavuno_${++counter}`;
    const messages = await run(
      concat(
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > capacity) await forget(statements.keys().next().value as string);
    return statement;
  };

  const execute = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const statement = await prepare(text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i];
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(param) : String(param);
    });
    const messages = await run(
      concat(
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
    );
    await client.syncToFs();
    return parse.parseResults(messages, parsersOf(options), { ...options, parsers: undefined })[0] as Results<T>;
  };

  client.query = (<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!/^\s*(select|with)\b/i.test(text) || options?.blob) return unprepared<T>(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await execute<T>(text, params, options);
        } catch (error) {
          if ((error as { code?: string }).code !== '0A000')
            throw Object.assign(error as object, { query: text, params });
          await forget(text);
          return execute<T>(text, params, options);
        }
      }),
    );
  }) as PGlite['query'];
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
