import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * Issue 21, bad input: clients that go a byte a second. One reads its answer a byte a second (the
 * server's write stalls once the socket buffers are full), another sends its headers a byte a
 * second (slowloris). Neither holds up anyone else, and the server's timeouts cut both. The
 * timeouts are shortened here (production's are SERVER_TIMEOUTS in start-server.ts); what is
 * tested is that each kind of slowness meets a timeout at all.
 */
const timeouts = { headersMs: 2_000, requestMs: 3_000, keepAliveMs: 2_000, idleMs: 2_000, checkEveryMs: 250 };
const BIG = 16 * 1024 * 1024; // far more than loopback's socket buffers hold
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ serverTimeouts: timeouts });
  await createStory(t.db.knex, { title: 'Harbour in Roseau reopens to cruise ships', daysAgo: 0, now: new Date() });
  writeFileSync(join(t.webDist, 'big.bin'), randomBytes(BIG));
});
afterAll(() => t.close());

const port = () => Number(new URL(t.url).port);

/** The server's own end of the next connection made. */
function nextServerSocket(): Promise<Socket> {
  return new Promise((resolve) => t.server.server.once('connection', resolve));
}

/** A fresh connection (no keep-alive), timed. */
function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Requests others make meanwhile: all answered, none held up. */
async function othersAreServed(): Promise<void> {
  for (let i = 0; i < 10; i++) {
    for (const path of ['/api/home', '/', '/healthz']) {
      const { status, ms } = await timedGet(path);
      expect(status, path).toBe(200);
      expect(ms, `${path} took ${ms} ms`).toBeLessThan(1_000);
    }
  }
}

describe('clients that go a byte a second', () => {
  it('a client reading its answer one byte a second holds up no one, and is cut off when the write has stalled idleMs', async () => {
    const serverSide = nextServerSocket();
    const client = connect(port(), '127.0.0.1');
    client.on('error', () => {}); // a reset when the server cuts it is expected
    client.write('GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n');
    const server = await serverSide;
    const started = Date.now();
    const closed = new Promise<number>((resolve) => server.once('close', () => resolve(Date.now() - started)));
    // Paused: the client takes one byte a second from its buffer, so its socket buffers fill up.
    let read = 0;
    const reader = setInterval(() => {
      if (client.read(1)) read += 1;
    }, 1_000);
    try {
      await othersAreServed();
      const cutAfter = await closed;
      expect(cutAfter).toBeGreaterThanOrEqual(timeouts.idleMs - 500);
      expect(cutAfter).toBeLessThan(timeouts.idleMs + 5_000);
      expect(read).toBeLessThan(BIG);
      expect(client.bytesRead).toBeLessThan(BIG); // the answer was never all sent
    } finally {
      clearInterval(reader);
      client.destroy();
    }
    expect((await timedGet('/api/home')).status).toBe(200);
  }, 30_000);

  it('a client sending its headers one byte a second holds up no one, and gets 408 after headersMs', async () => {
    const client = connect(port(), '127.0.0.1');
    let reply = '';
    client.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
    client.on('error', () => {});
    const started = Date.now();
    const closed = new Promise<number>((resolve) => client.once('close', () => resolve(Date.now() - started)));
    client.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const trickle = setInterval(() => {
      if (!client.destroyed && client.writable) client.write('a');
    }, 1_000);
    try {
      await othersAreServed();
      const cutAfter = await closed;
      expect(reply).toMatch(/^HTTP\/1\.1 408 /);
      expect(cutAfter).toBeGreaterThanOrEqual(timeouts.headersMs - 500);
      expect(cutAfter).toBeLessThan(timeouts.headersMs + 5_000);
    } finally {
      clearInterval(trickle);
      client.destroy();
    }
    expect((await timedGet('/api/home')).status).toBe(200);
  }, 30_000);
});
