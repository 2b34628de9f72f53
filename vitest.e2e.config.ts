import { defineConfig } from 'vitest/config';

/** Browser tests (test/e2e): one file at a time, each with its own server and Chromium. */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
