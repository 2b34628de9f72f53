import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../core/db/notify';
import { silentLogger } from '../../core/logger';
import { STORIES_CHANGED_CHANNEL } from '../../core/site/content-changes';
import { ConsoleEvents, USERS_CHANGED_CHANNEL } from './console-events';

/** Just enough of a request and a response for the relay; `events()` parses what was written. */
function fakeClient() {
  const req = Object.assign(new EventEmitter(), { socket: { setKeepAlive() {}, setNoDelay() {}, setTimeout() {} } });
  const chunks: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    headers: {} as Record<string, string>,
    statusCode: 0,
    writableEnded: false,
    destroyed: false,
    writableLength: 0,
    socket: null,
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    setHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    },
    flushHeaders() {},
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
    end() {
      this.writableEnded = true;
    },
  });
  const events = () =>
    chunks
      .join('')
      .split('\n\n')
      .filter((b) => b.includes('event: '))
      .map((b) => ({ event: /event: (.*)/.exec(b)![1]!, data: JSON.parse(/data: (.*)/.exec(b)![1]!) }));
  return { req: req as unknown as Request, res: res as unknown as Response & { writableEnded: boolean; writableLength: number }, emitter: req, events };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConsoleEvents', () => {
  it('coalesces a burst into one event per kind, with the ids it knows', () => {
    vi.useFakeTimers();
    const hub = new ConsoleEvents({ logger: silentLogger, coalesceMs: 250 });
    const c = fakeClient();
    hub.attach(c.req, c.res, { userId: 'u1' });
    for (let i = 0; i < 30; i++) hub.publish({ channel: CHANNELS.storyUpdated, payload: JSON.stringify({ id: `s${i % 3}` }) });
    hub.publish({ channel: CHANNELS.rawItemsInserted, payload: JSON.stringify({ count: 4 }) });
    hub.publish({ channel: CHANNELS.rawItemsInserted, payload: JSON.stringify({ count: 6 }) });
    hub.publish({ channel: 'some_other_channel', payload: '{}' });
    vi.advanceTimersByTime(250);
    expect(c.events().map((e) => e.event)).toEqual(['ready', 'stories', 'raw_items']);
    expect(c.events()[1]!.data).toEqual({ ids: ['s0', 's1', 's2'] });
    expect(c.events()[2]!.data).toEqual({ count: 10 });

    // An anonymous change (the table trigger) makes it "something changed": no ids.
    hub.publish({ channel: CHANNELS.storyUpdated, payload: JSON.stringify({ id: 'x' }) });
    hub.publish({ channel: STORIES_CHANGED_CHANNEL, payload: '' });
    vi.advanceTimersByTime(250);
    expect(c.events().at(-1)).toEqual({ event: 'stories', data: {} });
    hub.close();
  });

  it('ignores malformed payloads instead of failing', () => {
    vi.useFakeTimers();
    const hub = new ConsoleEvents({ logger: silentLogger });
    const c = fakeClient();
    hub.attach(c.req, c.res, { userId: 'u1' });
    hub.publish({ channel: CHANNELS.rawItemsInserted, payload: 'not json' });
    hub.publish({ channel: CHANNELS.patternsInserted, payload: '[1,2]' });
    vi.advanceTimersByTime(300);
    expect(c.events().slice(1)).toEqual([
      { event: 'raw_items', data: { count: 1 } },
      { event: 'patterns', data: { signals: 0, patterns: 0 } },
    ]);
    hub.close();
  });

  it('sends heartbeats, tells clients when the database listener drops and comes back', () => {
    vi.useFakeTimers();
    const hub = new ConsoleEvents({ logger: silentLogger, heartbeatMs: 1000 });
    const c = fakeClient();
    hub.attach(c.req, c.res, { userId: 'u1' });
    vi.advanceTimersByTime(2000);
    hub.setListening(true);
    hub.setListening(false);
    hub.resync();
    expect(c.events().map((e) => e.event)).toEqual(['ready', 'heartbeat', 'heartbeat', 'status', 'status', 'resync']);
    expect(c.events()[0]!.data).toEqual({ listening: false, heartbeatMs: 1000 });
    expect(c.events()[4]!.data).toEqual({ listening: false });
    hub.close();
    expect(c.res.writableEnded).toBe(true);
  });

  it('forgets a browser that hangs up, and drops one that stops reading', () => {
    vi.useFakeTimers();
    const hub = new ConsoleEvents({ logger: silentLogger, maxBufferedBytes: 100 });
    const gone = fakeClient();
    const slow = fakeClient();
    hub.attach(gone.req, gone.res, { userId: 'u1' });
    hub.attach(slow.req, slow.res, { userId: 'u2' });
    expect(hub.size).toBe(2);
    gone.emitter.emit('close');
    expect(hub.size).toBe(1);
    slow.res.writableLength = 1_000;
    hub.resync();
    expect(hub.size).toBe(0);
    expect(slow.res.writableEnded).toBe(true);
  });

  it('refuses more streams than allowed per user and in all', () => {
    const hub = new ConsoleEvents({ logger: silentLogger, maxClients: 3, maxClientsPerUser: 2 });
    hub.attach(fakeClient().req, fakeClient().res, { userId: 'a' });
    const a2 = fakeClient();
    hub.attach(a2.req, a2.res, { userId: 'a' });
    const a3 = fakeClient();
    expect(() => hub.attach(a3.req, a3.res, { userId: 'a' })).toThrow(/Too many open console tabs/);
    const b = fakeClient();
    hub.attach(b.req, b.res, { userId: 'b' });
    const c = fakeClient();
    expect(() => hub.attach(c.req, c.res, { userId: 'c' })).toThrow(/Too many live console connections/);
    hub.close();
    expect(() => hub.attach(fakeClient().req, fakeClient().res, { userId: 'd' })).toThrow(/shutting down/);
  });

  it('ends the streams whose access was withdrawn: at once for the user a c360_users_changed names, and at each periodic re-check', async () => {
    vi.useFakeTimers();
    const relay = new ConsoleEvents({ logger: silentLogger, recheckMs: 1_000, heartbeatMs: 60_000 });
    const allowed = new Map([
      ['u1', true],
      ['u2', true],
    ]);
    const a = fakeClient();
    const b = fakeClient();
    const calls: string[] = [];
    const verify = (user: string) => async () => {
      calls.push(user);
      return allowed.get(user)!;
    };
    relay.attach(a.req, a.res, { userId: 'u1', verify: verify('u1') });
    relay.attach(b.req, b.res, { userId: 'u2', verify: verify('u2') });
    allowed.set('u1', false);
    relay.publish({ channel: USERS_CHANGED_CHANNEL, payload: JSON.stringify({ userId: 'u1' }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['u1']); // only that user's streams are checked
    expect(a.events().map((e) => e.event)).toEqual(['ready', 'revoked']);
    expect(a.res.writableEnded).toBe(true);
    expect(b.res.writableEnded).toBe(false);
    expect(relay.size).toBe(1);
    // A change nobody announced (the listener was down) is found by the periodic re-check.
    allowed.set('u2', false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(b.events().map((e) => e.event)).toContain('revoked');
    expect(relay.size).toBe(0);
    relay.close();
  });

  it('keeps a stream when the check itself fails (the database away for a moment)', async () => {
    const relay = new ConsoleEvents({ logger: silentLogger });
    const a = fakeClient();
    relay.attach(a.req, a.res, { userId: 'u1', verify: async () => Promise.reject(new Error('connection lost')) });
    await relay.verifyClients();
    expect(relay.size).toBe(1);
    relay.close();
  });
});
