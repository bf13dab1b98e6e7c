import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_ENVIRONMENT, pinTestEnvironment } from './tests/fixtures/environment.ts';

/** The unit test files that replace a module for the whole file (vi.mock), each run with its own modules. */
export const MOCKING_UNIT_FILES = ['src/server/payments/provider.test.ts'];

// Whatever PORT, PUBLIC_URL, DATABASE_URL, TZ or LANG the shell holds, the tests run in one known environment:
// pinned here, before any worker process starts (workers inherit it), and again in each worker.
pinTestEnvironment();

export default defineConfig({
  // The `~/` import alias of tsconfig.json.
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    env: TEST_ENVIRONMENT,
    // Each file opens its own database (PGlite in memory, or its own database on TEST_DATABASE_URL's server).
    pool: 'forks',
    // One file per core: vitest's default keeps a core for itself (one worker on a 2-core CI machine), but the files
    // spend their time in their workers (PGlite, or waiting on PostgreSQL), not in the main process.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // Requests name their client address in X-Forwarded-For (tests/fixtures/api.ts).
          env: { ...TEST_ENVIRONMENT, TRUST_PROXY: 'true' },
          // A worker loads the app's modules once for all the files it runs instead of once per file (most of an
          // isolated file's time was that import): each file still gets its own database, its configuration goes
          // back and its memoised reference data is forgotten when it ends (tests/fixtures/each-file.ts, database.ts).
          isolate: false,
          setupFiles: ['tests/fixtures/each-file.ts'],
          // One migrated database with reference data per run, copied by each test file (tests/fixtures/database.ts);
          // the unit tests use none.
          globalSetup: ['tests/fixtures/database-template.ts'],
        },
      },
      // Unit tests share their worker's modules too, but for the files that replace a module for the whole file
      // (vi.mock): those keep an isolated module graph of their own (tests/unit/house.test.ts keeps the list true).
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...MOCKING_UNIT_FILES],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-mocks', include: MOCKING_UNIT_FILES } },
    ],
  },
});
