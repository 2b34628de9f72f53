import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { paintFirst } from './paint-first';
import { precompress } from './precompress';

/**
 * The web app runs on React 19 (react-dom/client in the browser, react-dom/server for the public
 * pages' HTML). React DOM is about 60 KB gzip of a reader page's first load: the rest of the budget
 * is kept by hydrating below-the-fold parts later (Suspense boundaries, web/src/shared/hydrate-later.tsx)
 * and by loading every page but the home and section pages, and the console, on demand.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [paintFirst(), precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we serve knows modulepreload (Safari since 17): no polyfill in the first load.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3360', '/healthz': 'http://127.0.0.1:3360' } },
});
