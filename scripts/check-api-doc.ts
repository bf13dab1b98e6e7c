// `npm run check:api-doc`: the API document must work in real tools, not only in our own tests. Builds
// /api-v2/openapi.json in-process (no server, no database), then
//   1. Redocly's lint with the recommended rules (redocly.yaml): any error fails;
//   2. openapi-typescript generates a typed client from it (it fails on a $ref that resolves nowhere);
//   3. tsc type-checks that client and a few uses of it (a recursive category tree, a path parameter, an error).
// Exit 1 on the first failure, with the tool's own output. The document is kept in the printed temporary directory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pinTestEnvironment, TEST_ORIGIN } from '../tests/fixtures/environment';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

// The document depends on configuration (the server's address, the cookie's name): the shell's must not change it.
pinTestEnvironment();
const { createApiApp } = await import('~/server/api/app');
const { buildOpenApiDocument } = await import('~/server/api/openapi');
createApiApp(); // registers every endpoint

const dir = mkdtempSync(path.join(tmpdir(), 'mavuno-api-doc-'));
const documentPath = path.join(dir, 'openapi.json');
writeFileSync(documentPath, JSON.stringify(buildOpenApiDocument(TEST_ORIGIN), null, 2));
console.log(`[check:api-doc] ${documentPath}`);

/** The JavaScript file a package's command runs, started with this Node (the project's Node 24 under npm run). */
function binOf(pkg: string, command: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`, { paths: [root] });
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
}

function run(step: string, pkg: string, command: string, args: string[], cwd = root): void {
  const started = Date.now();
  const result = spawnSync(process.execPath, [binOf(pkg, command), ...args], { cwd, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`[check:api-doc] ${step} failed (${seconds} s)`);
    process.exit(1);
  }
  console.log(`[check:api-doc] ${step}: ok (${seconds} s)`);
}

run('redocly lint (recommended)', '@redocly/cli', 'redocly', [
  'lint',
  documentPath,
  '--config',
  path.join(root, 'redocly.yaml'),
  '--format',
  'summary',
]);

const clientPath = path.join(dir, 'api.d.ts');
run('openapi-typescript', 'openapi-typescript', 'openapi-typescript', [documentPath, '--output', clientPath]);

// Uses of the generated types a client depends on: if the generator degraded one to `unknown` or dropped it,
// these stop compiling.
writeFileSync(
  path.join(dir, 'uses.ts'),
  `import type { components, operations, paths } from './api';
type Tree = paths['/board-category/root-category-with-child']['get']['responses'][200]['content']['application/json'];
export const tree: Tree = {
  items: [{ id: 1, parent_id: null, slug: 'grain', name: 'Grain', level: 0, children: [{ id: 2, parent_id: 1, slug: 'maize', name: 'Maize', level: 1 }] }],
};
// @ts-expect-error a category node has no such field
export const wrong: components['schemas']['CategoryNode'] = { id: 1, parent_id: null, slug: 's', name: 'n', level: 0, colour: 'red' };
export const deal: operations['getAdminDealsId']['parameters']['path'] = { id: '42' };
export const refused: components['schemas']['Error'] = { code: 'not_found', message: 'Not found' };
`,
);
// Run in the temporary directory, so that only the generated client is checked (not the project's @types).
run(
  'tsc over the generated client',
  'typescript',
  'tsc',
  ['--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', 'uses.ts'],
  dir,
);
