import { defineConfig } from 'vitest/config';
import { preactAliases } from './web/vite.config';

// The web app's tests (and the server test that renders its pages) run on Preact's compatibility
// layer, as the built app does; the rest (the CLI's Ink views among them) on React.
const WEB = ['web/src/**/*.test.{ts,tsx}', 'server/home-storm.db.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // One test file per core (vitest keeps one core free by default): each file has its own
    // database (PGlite) or schema (PostgreSQL) and its own servers on free ports.
    maxWorkers: '100%',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['{core,cli,server,test,migrations,bench}/**/*.test.{ts,tsx}'], exclude: ['**/node_modules/**', 'test/e2e/**', ...WEB] },
      },
      {
        extends: true,
        resolve: { alias: preactAliases },
        // react-router's ES modules (Node's 'module-sync' condition), run through Vite so their
        // imports of React meet the same aliases (its CommonJS build would require React itself).
        ssr: { resolve: { conditions: ['module-sync', 'module', 'node', 'development|production'] } },
        test: { name: 'web', include: WEB, server: { deps: { inline: [/\/node_modules\/react-router/] } } },
      },
    ],
  },
});
