import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDataDir, runCli } from '../../test/helpers/run-cli';

/** `c360 serve` that cannot listen must say so and exit non-zero, releasing the data directory's lock. */
let dataDir: string;
let occupied: Server;
let port: number;

beforeAll(async () => {
  dataDir = await migratedDataDir();
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  port = (occupied.address() as { port: number }).port;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

describe('c360 serve when it cannot listen', () => {
  it.each([
    ['a port in use (--port)', ['--port', 'PORT'], {}, /Cannot listen on 127\.0\.0\.1:\d+: the port is already in use/],
    ['a port in use (PORT)', [], { PORT: 'PORT' }, /the port is already in use/],
    ['an address not of this machine (--host)', ['--host', '192.0.2.1', '--port', '0'], {}, /192\.0\.2\.1 is not an address of this machine/],
    ['an address not of this machine (HOST)', ['--port', '0'], { HOST: '192.0.2.1' }, /192\.0\.2\.1 is not an address of this machine/],
  ])(
    '%s: exits 1 with a clear message, never says it is serving, and releases the lock',
    async (_name, args, extraEnv, message) => {
      const env: Record<string, string> = { C360_DATA_DIR: dataDir };
      for (const [k, v] of Object.entries(extraEnv)) env[k] = v === 'PORT' ? String(port) : v;
      const started = Date.now();
      const serve = await runCli(['serve', ...args.map((a) => (a === 'PORT' ? String(port) : a))], { env });
      expect(serve.exitCode).toBe(1);
      expect(serve.stderr).toMatch(message);
      expect(serve.stderr).not.toContain('is serving');
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(existsSync(join(dataDir, 'c360.lock'))).toBe(false);
      expect((await runCli(['stories', 'list', '--json'], { env: { C360_DATA_DIR: dataDir } })).exitCode).toBe(0);
    },
    60_000,
  );
});
