import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // One test file per core (vitest keeps one core free by default): each file has its own
    // database (PGlite) or schema (PostgreSQL) and its own servers on free ports.
    maxWorkers: '100%',
    // Generous: on a loaded machine (CI beside other jobs) a test that starts the real binary a few
    // times took 30-40 s; a hang still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    include: ['{core,cli,server,test,migrations,bench,web}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'test/e2e/**'],
  },
});
