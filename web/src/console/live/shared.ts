import { LiveConnection, LiveEmitter, type EventSourceLike, type LiveEventType, type LiveStatus } from './connection';

/**
 * One event stream per browser, shared by every console tab. A browser keeps at most six
 * connections per host over HTTP/1.1; if each tab held its own stream, the seventh tab would
 * hang. So the tabs elect a leader with a Web Lock: the leader holds the only EventSource and
 * relays its events and status to the other tabs over a BroadcastChannel. When the leader tab
 * closes (or crashes), its lock is released and another tab takes over.
 */

export type LiveSource = {
  readonly status: LiveStatus;
  start(): void;
  stop(): void;
  subscribe(listener: (type: LiveEventType, data: Record<string, unknown>) => void): () => void;
  onStatus(listener: (status: LiveStatus) => void): () => void;
};

type Message = { kind: 'event'; type: LiveEventType; data: Record<string, unknown> } | { kind: 'status'; status: LiveStatus } | { kind: 'hello' };

export type LockManagerLike = {
  request: (name: string, options: { signal: AbortSignal }, callback: () => Promise<void>) => Promise<unknown>;
};
export type ChannelLike = {
  postMessage: (message: Message) => void;
  close: () => void;
  onmessage: ((event: { data: Message }) => void) | null;
};

export const CHANNEL_NAME = 'c360-console-events';
export const LOCK_NAME = 'c360-console-events-leader';

export class SharedLiveConnection extends LiveEmitter implements LiveSource {
  private leader: LiveConnection | null = null;
  private channel: ChannelLike | null = null;
  private abort: AbortController | null = null;
  private release: (() => void) | null = null;

  constructor(
    private readonly createSource: (url: string) => EventSourceLike,
    private readonly locks: LockManagerLike,
    private readonly createChannel: (name: string) => ChannelLike,
  ) {
    super();
  }

  /** True while this tab holds the stream (for tests and the status tooltip). */
  get isLeader(): boolean {
    return this.leader !== null;
  }

  start(): void {
    if (this.channel) return;
    this.setStatus('connecting');
    const channel = this.createChannel(CHANNEL_NAME);
    this.channel = channel;
    channel.onmessage = (event) => this.receive(event.data);
    channel.postMessage({ kind: 'hello' });
    const abort = new AbortController();
    this.abort = abort;
    this.locks
      .request(LOCK_NAME, { signal: abort.signal }, () => this.lead())
      .catch(() => {
        // aborted (this tab stopped before it became the leader)
      });
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
    this.leader?.stop();
    this.leader = null;
    this.release?.();
    this.release = null;
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
      this.channel = null;
    }
    this.setStatus('closed');
  }

  /** Holds the lock (and the stream) until stop(). */
  private lead(): Promise<void> {
    if (!this.channel) return Promise.resolve();
    const connection = new LiveConnection(this.createSource);
    this.leader = connection;
    connection.subscribe((type, data) => {
      this.emit(type, data);
      this.channel?.postMessage({ kind: 'event', type, data });
    });
    connection.onStatus((status) => {
      this.setStatus(status);
      if (status !== 'closed') this.channel?.postMessage({ kind: 'status', status });
    });
    connection.start();
    return new Promise<void>((resolve) => {
      this.release = resolve;
    });
  }

  private receive(message: Message): void {
    if (this.leader) {
      // A new tab asks how things stand.
      if (message.kind === 'hello') this.channel?.postMessage({ kind: 'status', status: this.leader.status });
      return;
    }
    if (message.kind === 'status') this.setStatus(message.status);
    else if (message.kind === 'event') this.emit(message.type, message.data);
  }
}
