import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes .br (quality 11) and .gz (level 9) beside each built script and stylesheet, once at
 * build time, so the server sends the smallest form without compressing on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'c360-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.ssr ? '' : join(config.root, config.build.outDir, 'assets');
    },
    closeBundle() {
      if (!outDir) return;
      for (const name of readdirSync(outDir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const path = join(outDir, name);
        const data = readFileSync(path);
        // Small chunks too: the home page loads several, and its script budget is counted in bytes.
        const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
        const gz = gzipSync(data, { level: 9 });
        if (br.length < data.length) writeFileSync(`${path}.br`, br);
        if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
