import { describe, expect, it } from 'vitest';
import type { EventSourceLike } from './connection';
import { SharedLiveConnection, type ChannelLike, type LockManagerLike } from './shared';

/** Web Locks and BroadcastChannel for several "tabs" in one test. */
class FakeLocks implements LockManagerLike {
  private holder: Promise<void> | null = null;
  private queue: { signal: AbortSignal; callback: () => Promise<void>; resolve: () => void; reject: (e: unknown) => void }[] = [];
  request(_name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) {
    return new Promise<unknown>((resolve, reject) => {
      const entry = { signal: options.signal, callback, resolve: () => resolve(undefined), reject };
      options.signal.addEventListener('abort', () => {
        const i = this.queue.indexOf(entry);
        if (i >= 0) {
          this.queue.splice(i, 1);
          reject(new Error('aborted'));
        }
      });
      this.queue.push(entry);
      this.next();
    });
  }
  private next() {
    if (this.holder || this.queue.length === 0) return;
    const entry = this.queue.shift()!;
    this.holder = entry.callback().finally(() => {
      this.holder = null;
      entry.resolve();
      this.next();
    });
  }
}

class Bus {
  channels = new Set<FakeChannel>();
}
class FakeChannel implements ChannelLike {
  onmessage: ((event: { data: any }) => void) | null = null;
  constructor(private readonly bus: Bus) {
    bus.channels.add(this);
  }
  postMessage(message: any) {
    for (const c of this.bus.channels) if (c !== this) c.onmessage?.({ data: structuredClone(message) });
  }
  close() {
    this.bus.channels.delete(this);
  }
}

class FakeSource implements EventSourceLike {
  onerror: ((event: unknown) => void) | null = null;
  closed = false;
  handlers = new Map<string, ((e: { data?: string }) => void)[]>();
  addEventListener(type: string, listener: (e: { data?: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data: unknown = {}) {
    for (const h of this.handlers.get(type) ?? []) h({ data: JSON.stringify(data) });
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('one event stream shared by the console tabs', () => {
  it('lets one tab hold the stream and relays its events and status to the others; the next tab takes over when it closes', async () => {
    const locks = new FakeLocks();
    const bus = new Bus();
    const sources: FakeSource[] = [];
    const tab = () =>
      new SharedLiveConnection(
        () => {
          const s = new FakeSource();
          sources.push(s);
          return s;
        },
        locks,
        () => new FakeChannel(bus),
      );
    const a = tab();
    const b = tab();
    const seen: string[] = [];
    b.subscribe((type) => seen.push(`b:${type}`));
    a.subscribe((type) => seen.push(`a:${type}`));
    a.start();
    await tick();
    b.start();
    await tick();
    expect(sources).toHaveLength(1);
    expect(a.isLeader).toBe(true);
    expect(b.isLeader).toBe(false);

    sources[0]!.fire('ready', { listening: true });
    expect(a.status).toBe('live');
    expect(b.status).toBe('live');
    sources[0]!.fire('stories', { ids: ['x'] });
    expect(seen).toEqual(['a:stories', 'b:stories']);

    // A tab opened later learns the status at once.
    const c = tab();
    c.start();
    await tick();
    expect(c.status).toBe('live');

    a.stop();
    await tick();
    await tick();
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(b.isLeader || c.isLeader).toBe(true);
    b.stop();
    c.stop();
  });
});
