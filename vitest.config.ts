import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // One test file per core (vitest keeps one core free by default): each file has its own
    // database (PGlite) or schema (PostgreSQL) and its own servers on free ports.
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['{core,cli,server,test,migrations,bench,web}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'test/e2e/**'],
  },
});
