import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { paintFirst } from './paint-first';
import { precompress } from './precompress';

/**
 * The web app is written against React's API and runs on Preact's compatibility layer
 * (preact/compat): about 10 KB gzip instead of React DOM's 60 KB, and a fraction of its start-up
 * work, which is what a reader's phone pays for before the page answers a tap. The aliases apply
 * to our code and to the libraries bundled with it (react-router, recharts), in the browser
 * build and in the server build that renders the public pages.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [paintFirst(), precompress()],
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  // Bundle the React-API libraries into the server build too, so they render with Preact there.
  ssr: { noExternal: ['react-router', 'react-router-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we serve knows modulepreload (Safari since 17): no polyfill in the first load.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3360', '/healthz': 'http://127.0.0.1:3360' } },
});
