import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFeed } from '../core/feeds/feed-repository';
import { ingestDueFeeds } from '../core/ingest/ingest-feeds';
import { silentLogger } from '../core/logger';
import { startSchedule } from '../core/pipeline/scheduler';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { openTestDatabase } from '../test/helpers/test-database';

/**
 * SIGTERM during an ingest whose feed host never stops sending (issue 25, item 2): closing the
 * server aborts the schedule's fetch in flight, so shutdown ends within its grace period instead
 * of waiting out the fetch's own deadline, and the host sees its socket closed.
 */
let endless: Server;
let base: string;
const open = new Set<Socket>();
let requested: () => void;
const firstRequest = new Promise<void>((resolve) => (requested = resolve));

beforeAll(async () => {
  endless = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write('<rss version="2.0"><channel>');
    const timer = setInterval(() => res.write('<!-- still sending -->'.repeat(100)), 5);
    res.on('close', () => clearInterval(timer));
    requested();
  });
  endless.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  });
  await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
});
afterAll(async () => {
  endless.closeAllConnections();
  await new Promise<void>((resolve) => endless.close(() => resolve()));
});

describe('server shutdown with a fetch in flight', () => {
  it('ends within the grace period and closes the endless fetch', async () => {
    const db = await openTestDatabase();
    let t: TestApp | undefined;
    try {
      await addFeed(db.knex, { url: `${base}/feed.xml`, outlet: 'Endless Outlet' });
      t = await startTestApp({
        db,
        schedule: {
          start: true,
          create: () =>
            startSchedule(
              [
                {
                  name: 'ingest',
                  cron: '0 0 1 1 *',
                  run: (signal) =>
                    ingestDueFeeds(db.knex, {
                      clock: () => new Date(),
                      logger: silentLogger,
                      signal,
                      // A minute's deadline and no practical size limit: only the shutdown can end this fetch soon.
                      fetch: { userAgent: 'C360 test', allowPrivate: true, timeoutMs: 60_000, maxBytes: 100_000_000 },
                    }),
                },
              ],
              { logger: silentLogger, runAtStart: true, serial: true },
            ),
        },
      });
      await firstRequest;
      const started = Date.now();
      await t.server.close();
      const took = Date.now() - started;
      expect(took).toBeLessThan(5_000);
      const until = Date.now() + 1_000;
      while (open.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(open.size).toBe(0);
    } finally {
      await t?.server.close();
      await db.close();
    }
  }, 120_000);
});
