// `npm run demo`'s web build: the same two builds as `npm run build:web` (browser, then the server's
// page renderer), with the bundler's warnings kept out of a new user's first screen. They are
// counted and written to web/dist-server/build-warnings.log; `npm run demo --verbose` (or
// `npm run build:web`) shows them as they come.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, createLogger, type Logger } from 'vite';

const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));
// Beside the server's renderer, not in web/dist: everything there is served to the public.
const warningsLog = fileURLToPath(new URL('./dist-server/build-warnings.log', import.meta.url));
const verbose = process.argv.includes('--verbose') || ['verbose', 'silly'].includes(process.env.npm_config_loglevel ?? '');

/** A vite logger that keeps warnings (and the build's progress lines) instead of printing them. */
function quietLogger(warnings: string[]): Logger {
  const logger = createLogger('warn');
  return {
    ...logger,
    info: () => undefined,
    warn: (message) => void warnings.push(message),
    warnOnce: (message) => void warnings.push(message),
  };
}

const started = Date.now();
const warnings: string[] = [];
process.stderr.write('Building the web app…');
try {
  const logger = verbose ? undefined : quietLogger(warnings);
  await build({ configFile, customLogger: logger, logLevel: verbose ? 'info' : 'warn' });
  await build({ configFile, customLogger: logger, logLevel: verbose ? 'info' : 'warn', build: { ssr: 'src/entry-server.tsx', outDir: 'dist-server' } });
} catch (error) {
  process.stderr.write(' failed.\n');
  for (const warning of warnings) process.stderr.write(`${warning}\n`);
  throw error;
}
mkdirSync(fileURLToPath(new URL('./dist-server/', import.meta.url)), { recursive: true });
writeFileSync(warningsLog, warnings.map((w) => w.replace(/\x1b\[[0-9;]*m/g, '')).join('\n') + (warnings.length ? '\n' : ''));
const hidden = warnings.length ? ` (${warnings.length} bundler warning(s) in web/dist-server/build-warnings.log; \`npm run demo --verbose\` shows them)` : '';
process.stderr.write(` done in ${Math.round((Date.now() - started) / 1000)} s${hidden}.\n`);
