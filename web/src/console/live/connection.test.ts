import { describe, expect, it } from 'vitest';
import { LiveConnection, reconnectDelay, type EventSourceLike, type LiveEventType, type LiveStatus } from './connection';

class FakeSource implements EventSourceLike {
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, ((e: { data?: string }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (e: { data?: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data: unknown = {}) {
    for (const h of this.handlers.get(type) ?? []) h({ data: JSON.stringify(data) });
  }
  error() {
    this.onerror?.({});
  }
}

/** Timers under the test's control: advance(ms) runs what falls due, in order. */
class FakeTimers {
  now = 0;
  private seq = 0;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.pending.delete(id as number);
  };
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = end;
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const timers = new FakeTimers();
  const connection = new LiveConnection((url) => {
    const s = new FakeSource(url);
    sources.push(s);
    return s;
  }, timers);
  const statuses: LiveStatus[] = [];
  const events: [LiveEventType, Record<string, unknown>][] = [];
  connection.onStatus((s) => statuses.push(s));
  connection.subscribe((type, data) => events.push([type, data]));
  connection.start();
  return { sources, timers, connection, statuses, events, last: () => sources.at(-1)! };
}

describe('live connection', () => {
  it('backs off 1 s, 2 s, 5 s, then every 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('is live after the ready event, and relays events to subscribers', () => {
    const { last, connection, events } = setup();
    expect(last().url).toBe('/api/console/events');
    expect(connection.status).toBe('connecting');
    last().fire('ready', { listening: true, heartbeatMs: 15000 });
    expect(connection.status).toBe('live');
    last().fire('stories', { ids: ['a'] });
    last().fire('raw_items', { count: 3 });
    expect(events).toEqual([
      ['stories', { ids: ['a'] }],
      ['raw_items', { count: 3 }],
    ]);
  });

  it('reconnects after errors with the back-off, polls meanwhile, and resyncs once back', () => {
    const { sources, last, timers, connection, events } = setup();
    last().fire('ready', { listening: true });
    last().error();
    expect(sources[0]!.closed).toBe(true);
    expect(connection.status).toBe('polling');
    timers.advance(999);
    expect(sources).toHaveLength(1);
    timers.advance(1);
    expect(sources).toHaveLength(2);
    last().error(); // second failure: waits 2 s
    timers.advance(1999);
    expect(sources).toHaveLength(2);
    timers.advance(1);
    expect(sources).toHaveLength(3);
    last().error(); // then 5 s
    timers.advance(5000);
    expect(sources).toHaveLength(4);
    last().error(); // then 10 s, and 10 s after that
    timers.advance(10000);
    expect(sources).toHaveLength(5);
    last().error();
    timers.advance(10000);
    expect(sources).toHaveLength(6);
    last().fire('ready', { listening: true });
    expect(connection.status).toBe('live');
    expect(events).toEqual([['resync', {}]]);
    last().error(); // the back-off starts again at 1 s after a good connection
    timers.advance(1000);
    expect(sources).toHaveLength(7);
  });

  it('treats a stream silent for 2.5 heartbeats as dead; heartbeats keep it alive', () => {
    const { sources, last, timers } = setup();
    last().fire('ready', { listening: true, heartbeatMs: 1000 });
    timers.advance(2000);
    last().fire('heartbeat', { at: 'x' });
    timers.advance(2000);
    expect(sources).toHaveLength(1);
    timers.advance(500);
    expect(sources[0]!.closed).toBe(true);
    timers.advance(1000);
    expect(sources).toHaveLength(2);
  });

  it("polls while the server's database listener is down, and resyncs when it is back", () => {
    const { last, connection, events } = setup();
    last().fire('ready', { listening: false });
    expect(connection.status).toBe('polling');
    last().fire('status', { listening: true });
    expect(connection.status).toBe('live');
    expect(events).toEqual([['resync', {}]]);
  });

  it('reconnects at once when the server asks to (reauth), and stays closed after stop()', () => {
    const { sources, last, timers, connection, statuses } = setup();
    last().fire('ready', { listening: true });
    last().fire('reauth');
    timers.advance(250);
    expect(sources).toHaveLength(2);
    connection.stop();
    expect(last().closed).toBe(true);
    timers.advance(60_000);
    expect(sources).toHaveLength(2);
    expect(statuses.at(-1)).toBe('closed');
  });
});

describe('live connection restarts', () => {
  it('opens again after stop() (React runs effects twice in development)', () => {
    const sources: FakeSource[] = [];
    const timers = new FakeTimers();
    const connection = new LiveConnection((url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    }, timers);
    connection.start();
    connection.stop();
    expect(connection.status).toBe('closed');
    connection.start();
    expect(sources).toHaveLength(2);
    expect(sources[0]!.closed).toBe(true);
    expect(connection.status).toBe('connecting');
    connection.start(); // already open: nothing more
    expect(sources).toHaveLength(2);
  });
});
