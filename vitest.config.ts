import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_ENVIRONMENT, pinTestEnvironment } from './tests/fixtures/environment.ts';

// Whatever PORT, PUBLIC_URL, DATABASE_URL, TZ or LANG the shell holds, the tests run in one known environment:
// pinned here, before any worker process starts (workers inherit it), and again in each worker.
pinTestEnvironment();

export default defineConfig({
  // The `~/` import alias of tsconfig.json.
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // One migrated database with reference data per run, copied by each test file (tests/fixtures/database.ts).
    globalSetup: ['tests/fixtures/database-template.ts'],
    env: TEST_ENVIRONMENT,
    // Each file opens its own database (PGlite in memory, or its own database on TEST_DATABASE_URL's server).
    pool: 'forks',
    // One file per core: vitest's default keeps a core for itself (one worker on a 2-core CI machine), but the files
    // spend their time in their workers (PGlite, or waiting on PostgreSQL), not in the main process.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
