import type { Request, Response } from 'express';
import { CHANNELS } from '../../core/db/notify';
import { C360Error } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { STORIES_CHANGED_CHANNEL, type DbNotification } from '../../core/site/content-changes';

/**
 * Relays database notifications to the console's browsers as Server-Sent Events.
 *
 * Event types (the `event:` field; `data:` is JSON):
 *   ready      on connect: { listening, heartbeatMs }
 *   stories    stories changed: { ids?: string[] } (ids when known, at most 50)
 *   raw_items  new source items: { count }
 *   patterns   new signals and patterns: { signals, patterns }
 *   pipeline   a pipeline run's progress, as the pipeline sent it
 *   tasks      the editorial task list changed
 *   status     the database listener went down or came back: { listening }
 *   resync     the listener came back after a gap: reload everything
 *   heartbeat  every heartbeatMs: { at }, so a browser can tell a dead stream from a quiet one
 *   reauth     the stream ends because the access cookie it was opened with expires: reconnect
 *   revoked    the stream ends because its session ended or its user lost the editor role
 *              (heard at once from c360_users_changed, and re-checked every recheckMs)
 *
 * Notifications are coalesced for a short window (a bulk import is one event, not thousands)
 * and carry ids and counts only, never story content. One connection's failure never touches
 * another's; a client that stops reading is dropped rather than buffered without bound.
 */
export type LiveEventType = 'ready' | 'stories' | 'raw_items' | 'patterns' | 'pipeline' | 'tasks' | 'status' | 'resync' | 'heartbeat' | 'reauth' | 'revoked';

/** NOTIFYed by the editorial_tasks trigger (migration 20261123000510). */
export const TASKS_CHANGED_CHANNEL = 'c360_tasks_changed';
/** NOTIFYed when a role changes, a user is deleted or a session ends (migration 20261125010000): { userId }. */
export const USERS_CHANGED_CHANNEL = 'c360_users_changed';

export type ConsoleEventsOptions = {
  logger: Logger;
  heartbeatMs?: number;
  coalesceMs?: number;
  maxClients?: number;
  maxClientsPerUser?: number;
  /** A client with this many bytes unsent is too slow and is dropped. */
  maxBufferedBytes?: number;
  /** How often every stream's session and role are checked again, besides on c360_users_changed. */
  recheckMs?: number;
  clock?: () => Date;
};

/** Whether the stream's session is still live and its user still may read the console. */
export type StreamCheck = () => Promise<boolean>;

type Client = { id: number; userId: string; res: Response; expiry?: NodeJS.Timeout; verify?: StreamCheck };

const MAX_IDS = 50;

export class ConsoleEvents {
  private readonly clients = new Map<number, Client>();
  private readonly logger: Logger;
  private readonly heartbeatMs: number;
  private readonly coalesceMs: number;
  private readonly maxClients: number;
  private readonly maxClientsPerUser: number;
  private readonly maxBufferedBytes: number;
  private readonly clock: () => Date;
  private heartbeat: NodeJS.Timeout | undefined;
  private recheck: NodeJS.Timeout | undefined;
  private readonly recheckMs: number;
  private flushTimer: NodeJS.Timeout | undefined;
  private nextClientId = 1;
  private nextEventId = 1;
  private closed = false;
  private listening = false;
  private pending: {
    stories?: { ids: Set<string>; all: boolean };
    rawItems?: number;
    patterns?: { signals: number; patterns: number };
    tasks?: boolean;
    pipeline: Map<string, unknown>;
  } = {
    pipeline: new Map(),
  };

  constructor(options: ConsoleEventsOptions) {
    this.logger = options.logger;
    this.heartbeatMs = options.heartbeatMs ?? 15_000;
    this.coalesceMs = options.coalesceMs ?? 250;
    this.maxClients = options.maxClients ?? 500;
    this.maxClientsPerUser = options.maxClientsPerUser ?? 10;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.clock = options.clock ?? (() => new Date());
    this.recheckMs = options.recheckMs ?? 30_000;
  }

  get size(): number {
    return this.clients.size;
  }

  /** What a client that does not stream is told: whether live updates are flowing. */
  state(): { listening: boolean; heartbeatMs: number; clients: number } {
    return { listening: this.listening, heartbeatMs: this.heartbeatMs, clients: this.clients.size };
  }

  /** Channels the server must LISTEN on for the console. */
  static readonly CHANNELS: readonly string[] = [STORIES_CHANGED_CHANNEL, TASKS_CHANGED_CHANNEL, USERS_CHANGED_CHANNEL, ...Object.values(CHANNELS)];

  /** Called with every database notification the server hears. */
  publish(notification: DbNotification): void {
    if (this.closed) return;
    const payload = parsePayload(notification.payload);
    switch (notification.channel) {
      case STORIES_CHANGED_CHANNEL:
        this.addStories(undefined);
        break;
      case CHANNELS.storyUpdated:
        this.addStories(typeof payload.id === 'string' ? payload.id : undefined);
        break;
      case CHANNELS.rawItemsInserted:
        this.pending.rawItems = (this.pending.rawItems ?? 0) + (Number(payload.count) || 1);
        break;
      case CHANNELS.patternsInserted: {
        const p = (this.pending.patterns ??= { signals: 0, patterns: 0 });
        p.signals += Number(payload.signals) || 0;
        p.patterns += Number(payload.patterns) || 0;
        break;
      }
      case TASKS_CHANGED_CHANNEL:
        this.pending.tasks = true;
        break;
      case USERS_CHANGED_CHANNEL:
        // Not relayed: the affected user's streams are checked again at once.
        void this.verifyClients(typeof payload.userId === 'string' ? payload.userId : undefined);
        return;
      case CHANNELS.pipelineProgress: {
        // The latest progress of each run (or stage) in the window is enough.
        const key = String(payload.runId ?? payload.run_id ?? payload.id ?? '') + ':' + String(payload.stage ?? '');
        this.pending.pipeline.set(key, payload);
        break;
      }
      default:
        return;
    }
    this.scheduleFlush();
  }

  /** The database listener went down (clients should poll) or came back. */
  setListening(listening: boolean): void {
    if (this.listening === listening) return;
    this.listening = listening;
    this.broadcast('status', { listening });
  }

  /** After a gap in listening: every screen reloads. */
  resync(): void {
    this.broadcast('resync', {});
  }

  /**
   * Turns this response into an event stream for one signed-in user, until the browser goes,
   * the server closes, or the access token it was opened with expires.
   */
  attach(req: Request, res: Response, who: { userId: string; accessExpiresAt?: Date; verify?: StreamCheck }): void {
    if (this.closed) throw new C360Error('database_unavailable', 'The server is shutting down.');
    if (this.clients.size >= this.maxClients)
      throw new C360Error('rate_limited', 'Too many live console connections on this server; the console will poll instead.');
    let mine = 0;
    for (const c of this.clients.values()) if (c.userId === who.userId) mine++;
    if (mine >= this.maxClientsPerUser)
      throw new C360Error('rate_limited', 'Too many open console tabs for this account; close some, or this one will refresh every few seconds.');

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    // no-transform keeps the compression middleware from buffering the stream.
    res.setHeader('Cache-Control', 'no-cache, no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);
    req.socket.setTimeout(0);

    const client: Client = { id: this.nextClientId++, userId: who.userId, res, verify: who.verify };
    this.clients.set(client.id, client);
    const remove = () => this.remove(client.id);
    req.on('close', remove);
    res.on('error', remove);
    if (who.accessExpiresAt) {
      const ms = who.accessExpiresAt.getTime() - this.clock().getTime();
      client.expiry = setTimeout(
        () => {
          this.send(client, 'reauth', {});
          this.remove(client.id, true);
        },
        Math.max(0, ms),
      );
      client.expiry.unref();
    }
    res.write('retry: 1000\n\n');
    this.send(client, 'ready', { listening: this.listening, heartbeatMs: this.heartbeatMs });
    this.startHeartbeat();
    this.startRecheck();
  }

  /**
   * Checks the streams of one user (or all) against the database, and ends those whose session
   * ended or whose user may no longer read the console. A failed check keeps the stream (the
   * database may be briefly away); the periodic re-check tries again.
   */
  async verifyClients(userId?: string): Promise<void> {
    const targets = [...this.clients.values()].filter((c) => c.verify && (userId === undefined || c.userId === userId));
    await Promise.all(
      targets.map(async (client) => {
        let allowed = true;
        try {
          allowed = await client.verify!();
        } catch (error) {
          this.logger.warn({ err: (error as Error).message }, 'could not re-check a console stream');
        }
        if (allowed || !this.clients.has(client.id)) return;
        this.send(client, 'revoked', {});
        this.remove(client.id, true);
      }),
    );
  }

  private startRecheck(): void {
    if (this.recheck) return;
    this.recheck = setInterval(() => {
      if (this.clients.size === 0) {
        clearInterval(this.recheck);
        this.recheck = undefined;
        return;
      }
      void this.verifyClients();
    }, this.recheckMs);
    this.recheck.unref();
  }

  /** Ends every stream (server shutdown). */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.recheck);
    clearTimeout(this.flushTimer);
    for (const id of [...this.clients.keys()]) this.remove(id, true, true);
  }

  private addStories(id: string | undefined): void {
    const s = (this.pending.stories ??= { ids: new Set(), all: false });
    if (id && s.ids.size < MAX_IDS) s.ids.add(id);
    else s.all = true;
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => this.flush(), this.coalesceMs);
    this.flushTimer.unref();
  }

  private flush(): void {
    this.flushTimer = undefined;
    const { stories, rawItems, patterns, tasks, pipeline } = this.pending;
    this.pending = { pipeline: new Map() };
    if (stories) this.broadcast('stories', stories.all ? {} : { ids: [...stories.ids] });
    if (tasks) this.broadcast('tasks', {});
    if (rawItems) this.broadcast('raw_items', { count: rawItems });
    if (patterns) this.broadcast('patterns', patterns);
    for (const progress of pipeline.values()) this.broadcast('pipeline', progress);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      if (this.clients.size === 0) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
        return;
      }
      this.broadcast('heartbeat', { at: this.clock().toISOString() });
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private broadcast(type: LiveEventType, data: unknown): void {
    for (const client of [...this.clients.values()]) this.send(client, type, data);
  }

  private send(client: Client, type: LiveEventType, data: unknown): void {
    const { res } = client;
    if (res.writableEnded || res.destroyed) return this.remove(client.id);
    if (res.writableLength > this.maxBufferedBytes) {
      this.logger.warn({ clientId: client.id }, 'console event stream too slow; dropped');
      return this.remove(client.id, true);
    }
    try {
      res.write(`id: ${this.nextEventId++}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
    } catch {
      this.remove(client.id);
    }
  }

  private remove(id: number, end = false, hangUp = false): void {
    const client = this.clients.get(id);
    if (!client) return;
    this.clients.delete(id);
    clearTimeout(client.expiry);
    if (!end || client.res.writableEnded) return;
    // On shutdown the connection goes too, so the server's close need not wait for keep-alive.
    const socket = client.res.socket;
    client.res.end(hangUp ? () => socket?.destroy() : undefined);
  }
}

function parsePayload(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
