import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiApp } from './app';
import { buildOpenApiDocument, listEndpoints, registerEndpoint } from './openapi';

createApiApp(); // registers every endpoint

type Json = Record<string, unknown>;
type Operation = { operationId: string; security?: Json[]; parameters: { name: string; in: string }[] };

const document = () => buildOpenApiDocument('http://localhost:4321') as unknown as Json;

/** Every `$ref` of a JSON value, with where it sits. */
function refsOf(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => refsOf(item, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [{ ref: item, at }] : refsOf(item, `${at}/${key}`),
  );
}

/** What a local `#/…` JSON pointer points at in the document, or undefined. */
function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, segment) => (node as Json | undefined)?.[segment], doc);
}

const operationsOf = (doc: Json) =>
  Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

// Real tools read this document (openapi-typescript, Redocly: `npm run check:api-doc`); these are the cheap parts of
// that check, run with every test suite.
describe('the OpenAPI document', () => {
  it('has no $ref that resolves nowhere, and no nested $defs left behind', () => {
    const doc = document();
    const dangling = refsOf(doc).filter(({ ref }) => resolve(doc, ref) === undefined);
    expect(dangling).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain('"$defs"');
  });

  it('holds the recursive category trees once, by name, in components.schemas', () => {
    const doc = document();
    const schemas = (doc.components as { schemas: Json }).schemas;
    expect(Object.keys(schemas).filter((name) => name.startsWith('__'))).toEqual([]);
    const tree = (doc.paths as Record<string, Record<string, Json>>)['/board-category/root-category-with-child'].get;
    expect(JSON.stringify(tree)).toContain('"$ref":"#/components/schemas/CategoryNode"');
    expect(JSON.stringify(schemas.CategoryNode)).toContain('"$ref":"#/components/schemas/CategoryNode"');
    expect(schemas.StatisticsCategoryNode).toBeDefined();
  });

  it('declares the security of every operation as its endpoint is guarded', () => {
    const doc = document();
    const signedIn = [{ bearer: [] }, { cookie: [] }];
    const byKey = new Map(operationsOf(doc).map((o) => [o.operation.operationId, o.operation]));
    const wrong = listEndpoints().flatMap((endpoint) => {
      const operation = operationsOf(doc).find(
        (o) => o.method === endpoint.method && o.path === endpoint.path.replace(/:(\w+)/g, '{$1}'),
      )?.operation;
      const expected =
        endpoint.auth === true || endpoint.staff ? signedIn : endpoint.auth === 'optional' ? [{}, ...signedIn] : [];
      return JSON.stringify(operation?.security) === JSON.stringify(expected)
        ? []
        : [`${endpoint.method} ${endpoint.path}: ${JSON.stringify(operation?.security)}`];
    });
    expect(wrong).toEqual([]);
    expect(byKey.size).toBe(listEndpoints().length); // one distinct operationId per endpoint
    const schemes = (doc.components as { securitySchemes: Json }).securitySchemes;
    expect(schemes).toMatchObject({ bearer: { type: 'http', scheme: 'bearer' }, cookie: { in: 'cookie' } });
    // A members' call, an optional one and a public one, by name (the mobile apps' documentation relies on them).
    expect(byKey.get('postOfferCreateOffer')?.security).toEqual(signedIn);
    expect(byKey.get('getBoardListIndex')?.security).toEqual([{}, ...signedIn]);
    expect(byKey.get('getCountryDropdown')?.security).toEqual([]);
  });

  it("writes Hono's :name path parameters as {name} and declares each", () => {
    const doc = document();
    const templated = operationsOf(doc).filter(({ path }) => path.includes('{'));
    expect(templated.map(({ path }) => path)).toContain('/admin/deals/{id}');
    for (const { path, operation } of templated) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared, path).toEqual(names);
    }
    expect(Object.keys(doc.paths as Json).filter((path) => path.includes(':'))).toEqual([]);
  });

  // These register endpoints of their own, so they come last in the file.
  it('refuses a recursive schema without a name instead of writing a ref that resolves nowhere', () => {
    const unnamed: z.ZodType = z.lazy(() => z.object({ children: z.array(unnamed) }));
    registerEndpoint({ method: 'get', path: '/test/unnamed-tree', summary: 'x', tag: 'test', response: unnamed });
    expect(() => document()).toThrow(/needs a name/);
  });

  it('refuses two different schemas under one name', () => {
    registerEndpoint({ method: 'get', path: '/test/unnamed-tree', summary: 'x', tag: 'test' }); // replaces the one above
    registerEndpoint({
      method: 'get',
      path: '/test/other-node',
      summary: 'x',
      tag: 'test',
      response: z.object({ level: z.string() }).meta({ id: 'CategoryNode' }),
    });
    expect(() => document()).toThrow(/Two different schemas are named CategoryNode/);
  });
});
