import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { paintFirst } from './paint-first';
import { precompress } from './precompress';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), paintFirst(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser we serve knows modulepreload (Safari since 17): no polyfill in the first load.
    modulePreload: {
      polyfill: false,
      // The app's own start (web/src/boot.ts → entry-client) waits for the first paint anyway: its
      // modules are found when entry-client arrives, one round trip later, instead of the page
      // spending main-thread time on a dozen preload tags right when the reader starts reading.
      resolveDependencies: (filename, deps) => (/entry-client/.test(filename) ? [] : deps),
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3360', '/healthz': 'http://127.0.0.1:3360' } },
});
