import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{core,cli,server,test,migrations,web/src,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', 'test/e2e/**'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
