/**
 * The console's live-update connection, without React: one EventSource to
 * /api/console/events, reconnecting with back-off (1 s, 2 s, 5 s, then every 10 s, per the
 * spec), a watchdog that treats a stream silent for 2.5 heartbeats as dead, and a status that
 * says whether screens can rely on events ('live') or must poll ('polling').
 */
export const EVENTS_URL = '/api/console/events';
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** While the stream is down, screens poll this often (the spec's live refresh). */
export const POLL_MS = 5_000;

export type LiveStatus = 'connecting' | 'live' | 'polling' | 'closed';
export type LiveEventType = 'stories' | 'raw_items' | 'patterns' | 'pipeline' | 'tasks' | 'resync';
export const LIVE_EVENT_TYPES: readonly LiveEventType[] = ['stories', 'raw_items', 'patterns', 'pipeline', 'tasks', 'resync'];

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
}

/** The part of EventSource this uses (so tests can pass a fake). */
export type EventSourceLike = {
  addEventListener: (type: string, listener: (event: { data?: string }) => void) => void;
  close: () => void;
  onerror: ((event: unknown) => void) | null;
};

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

type Listener = (type: LiveEventType, data: Record<string, unknown>) => void;

/** Event and status listeners, shared by the stream and by its relay across tabs. */
export abstract class LiveEmitter {
  protected currentStatus: LiveStatus = 'connecting';
  private readonly listeners = new Set<Listener>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();

  get status(): LiveStatus {
    return this.currentStatus;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  protected emit(type: LiveEventType, data: Record<string, unknown>): void {
    for (const listener of [...this.listeners]) listener(type, data);
  }

  protected setStatus(status: LiveStatus): void {
    if (this.currentStatus === status) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}

export class LiveConnection extends LiveEmitter {
  private source: EventSourceLike | null = null;
  private attempt = 0;
  private everConnected = false;
  private reconnectTimer: unknown = null;
  private watchdog: unknown = null;
  private heartbeatMs = 15_000;

  constructor(
    private readonly createSource: (url: string) => EventSourceLike,
    private readonly timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) },
    private readonly url = EVENTS_URL,
  ) {
    super();
  }

  /** Opens the stream (again, after stop(): React runs effects twice in development). */
  start(): void {
    if (this.source || this.reconnectTimer) return;
    this.attempt = 0;
    this.setStatus('connecting');
    this.open();
  }

  /** Closes for good (sign-out, leaving the console). */
  stop(): void {
    this.dropSource();
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.setStatus('closed');
  }

  private open(): void {
    this.dropSource();
    const source = this.createSource(this.url);
    this.source = source;
    const on = (type: string, handle: (data: Record<string, unknown>) => void) =>
      source.addEventListener(type, (event) => {
        if (this.source !== source) return;
        this.armWatchdog();
        handle(parse(event.data));
      });
    on('ready', (data) => {
      this.attempt = 0;
      if (typeof data.heartbeatMs === 'number' && data.heartbeatMs > 0) this.heartbeatMs = data.heartbeatMs;
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.setStatus(data.listening === false ? 'polling' : 'live');
      // Whatever changed while the stream was down has not been heard: screens reload.
      if (reconnected) this.emit('resync', {});
    });
    on('status', (data) => {
      const wasLive = this.currentStatus === 'live';
      this.setStatus(data.listening === false ? 'polling' : 'live');
      if (!wasLive && this.currentStatus === 'live') this.emit('resync', {});
    });
    on('heartbeat', () => {});
    on('reauth', () => {
      // The server ends this stream because its cookie expires; the browser holds a fresh one by now.
      this.dropSource();
      this.schedule(250);
    });
    for (const type of LIVE_EVENT_TYPES) on(type, (data) => this.emit(type, data));
    source.onerror = () => {
      if (this.source !== source) return;
      this.fail();
    };
    this.armWatchdog();
  }

  private fail(): void {
    this.dropSource();
    if (this.currentStatus === 'closed') return;
    this.setStatus('polling');
    this.schedule(reconnectDelay(this.attempt++));
  }

  private schedule(ms: number): void {
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      if (this.currentStatus !== 'closed') this.open();
    }, ms);
  }

  private armWatchdog(): void {
    this.timers.clearTimeout(this.watchdog);
    const source = this.source;
    this.watchdog = this.timers.setTimeout(() => {
      if (this.source === source && source) this.fail();
    }, this.heartbeatMs * 2.5);
  }

  private dropSource(): void {
    this.timers.clearTimeout(this.watchdog);
    this.watchdog = null;
    if (this.source) {
      this.source.onerror = null;
      this.source.close();
      this.source = null;
    }
  }
}

function parse(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
