import type { TestClient } from './http-client';

export type SseEvent = { id?: string; event: string; data: any };

/**
 * Reads a Server-Sent Events stream with a test client's cookies: `next(type)` waits for the next
 * event of that type (events of other types are kept for later calls), `close()` hangs up.
 */
export class SseStream {
  private readonly events: SseEvent[] = [];
  private waiters: (() => void)[] = [];
  private ended = false;

  private constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {}

  static async open(client: TestClient, path: string): Promise<SseStream> {
    const abort = new AbortController();
    const res = await client.fetch(path, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
    const stream = new SseStream(res, abort);
    if (res.ok && res.body) void stream.read(res.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: undefined };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const i = line.indexOf(':');
            const field = i < 0 ? line : line.slice(0, i);
            const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
            if (field === 'event') event.event = value;
            else if (field === 'data') data.push(value);
            else if (field === 'id') event.id = value;
          }
          if (data.length === 0) continue;
          event.data = JSON.parse(data.join('\n'));
          this.events.push(event);
          this.wake();
        }
      }
    } catch {
      // aborted
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Every event received so far (and not yet taken by next()). */
  get received(): readonly SseEvent[] {
    return this.events;
  }

  /** Forgets what was received so far. */
  clear(): void {
    this.events.splice(0);
  }

  async next(type: string, timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.events.findIndex((e) => e.event === type);
      if (i >= 0) return this.events.splice(i, 1)[0]!;
      if (this.ended) throw new Error(`stream ended before a ${type} event (got ${this.events.map((e) => e.event).join(', ') || 'nothing'})`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms (got ${this.events.map((e) => e.event).join(', ') || 'nothing'})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server ends the stream. */
  async waitForEnd(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream did not end');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close(): void {
    this.abort.abort();
  }
}
