import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The `~/` import alias of tsconfig.json.
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['src/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // Each file opens its own database (PGlite in memory, or its own schema on PostgreSQL).
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
