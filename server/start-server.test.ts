import express from 'express';
import { describe, expect, it } from 'vitest';
import { describeListenError, startServer } from './start-server';

describe('startServer', () => {
  it('shuts down gracefully: a request in flight finishes, new connections are refused, the app is released', async () => {
    const app = express() as express.Express & { shutdown?: () => Promise<void> };
    let released = false;
    app.shutdown = async () => {
      released = true;
    };
    app.get('/slow', (_req, res) => void setTimeout(() => res.send('done'), 300));
    const server = await startServer(app, { host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${server.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const closing = server.close();
    await new Promise((r) => setTimeout(r, 20));
    await expect(fetch(`${server.url}/slow`)).rejects.toThrow();
    expect(await inFlight).toBe('done');
    await closing;
    expect(released).toBe(true);
  });

  it('cuts requests that outlive the grace period', async () => {
    const app = express();
    app.get('/hang', () => {});
    const server = await startServer(app, { host: '127.0.0.1', port: 0, graceMs: 100 });
    const hanging = fetch(`${server.url}/hang`).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await hanging).toBeInstanceOf(Error);
  });

  it("rejects (never resolves as serving) when the port is in use or the address is not this machine's", async () => {
    const first = await startServer(express(), { host: '127.0.0.1', port: 0 });
    const port = Number(new URL(first.url).port);
    try {
      const inUse = await startServer(express(), { host: '127.0.0.1', port }).catch((e: NodeJS.ErrnoException) => e);
      expect(inUse).toMatchObject({ code: 'EADDRINUSE' });
      expect(describeListenError(inUse, '127.0.0.1', port)?.message).toBe(`Cannot listen on 127.0.0.1:${port}: the port is already in use.`);
      const notMine = await startServer(express(), { host: '192.0.2.1', port: 0 }).catch((e: NodeJS.ErrnoException) => e);
      expect(notMine).toMatchObject({ code: 'EADDRNOTAVAIL' });
      const badPort = await startServer(express(), { host: '127.0.0.1', port: 70000 }).catch((e: NodeJS.ErrnoException) => e);
      expect(describeListenError(badPort, '127.0.0.1', 70000)?.message).toMatch(/not a valid port/);
    } finally {
      await first.close();
    }
  });
});
