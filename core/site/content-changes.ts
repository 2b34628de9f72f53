import type { Database } from '../db/open-database';
import type { Logger } from '../logger';

/**
 * Hears database notifications (LISTEN), from this process or any other on the same database.
 * On PGlite the database lives in this process and notifications arrive through it; on
 * PostgreSQL one dedicated connection LISTENs to every channel asked for and is re-opened when it
 * drops. `listening` says whether notifications are currently trusted: while it is false,
 * callers must not rely on hearing about changes (the public cache shortens its lifetime, the
 * console falls back to polling). After a reconnection `onResync` runs, since anything may have
 * changed while nobody listened.
 *
 * The stories table NOTIFYs STORIES_CHANGED_CHANNEL on every statement that changes it (its
 * synced_content_* triggers; the payload says whether a public story was among the rows, see
 * touchesPublicStories), so cached public pages can be dropped at once; the pipeline,
 * ingest and the console announce finer events on core/db/notify.ts CHANNELS.
 */
export const STORIES_CHANGED_CHANNEL = 'c360_stories_changed';

/**
 * Whether a story-change notification may change what the public sees: every one except those
 * the triggers mark 'drafts' (only unpublished stories, before and after). An unknown payload
 * (an older trigger's empty one) counts as public, so a mistake costs a rebuild, never a stale page.
 */
export function touchesPublicStories(payload: string): boolean {
  return payload !== 'drafts';
}

export type ChangeListener = { readonly listening: boolean; stop: () => Promise<void> };
export type DbNotification = { channel: string; payload: string };
export type ListenOptions = {
  /** After (re)connecting: anything may have changed while nobody listened. */
  onResync?: () => void;
  /** When `listening` turns true or false. */
  onStateChange?: (listening: boolean) => void;
  /** Wait before reconnecting a dropped PostgreSQL listener. */
  retryMs?: number;
};

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function listenForChanges(
  db: Database,
  channels: readonly string[],
  onNotification: (notification: DbNotification) => void,
  logger: Logger,
  options: ListenOptions = {},
): Promise<ChangeListener> {
  const wanted = [...new Set(channels)];
  // Channel names go into LISTEN statements, which take no parameters.
  for (const channel of wanted) if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad notification channel name: ${channel}`);

  if (db.pglite) {
    const pglite = db.pglite;
    const unlisteners = await Promise.all(wanted.map((channel) => pglite.listen(channel, (payload) => onNotification({ channel, payload: payload ?? '' }))));
    options.onStateChange?.(true);
    return { listening: true, stop: async () => void (await Promise.all(unlisteners.map((u) => u()))) };
  }

  type PgClient = {
    query: (text: string) => Promise<unknown>;
    on: (event: string, cb: (arg: unknown) => void) => void;
    removeAllListeners: () => void;
  };
  let client: PgClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const state = { listening: false };
  const setListening = (value: boolean) => {
    if (state.listening === value) return;
    state.listening = value;
    options.onStateChange?.(value);
  };

  const connect = async (): Promise<void> => {
    try {
      const c = (await db.knex.client.acquireRawConnection()) as PgClient;
      c.on('notification', (message) => {
        const { channel, payload } = message as { channel?: string; payload?: string };
        if (channel && wanted.includes(channel)) onNotification({ channel, payload: payload ?? '' });
      });
      c.on('error', (error) => drop(error));
      c.on('end', () => drop(new Error('connection ended')));
      for (const channel of wanted) await c.query(`listen ${channel}`);
      client = c;
      setListening(true);
      options.onResync?.();
    } catch (error) {
      drop(error);
    }
  };
  const drop = (error: unknown) => {
    if (stopped) return;
    if (state.listening) logger.warn({ err: error, channels: wanted }, 'lost the database listener; falling back until it is back');
    setListening(false);
    const old = client;
    client = undefined;
    if (old) {
      old.removeAllListeners();
      old.on('error', () => {}); // a late socket error must not crash the process
      void db.knex.client.destroyRawConnection(old).catch(() => {});
    }
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), options.retryMs ?? 2_000);
    retry.unref();
  };

  await connect();
  return {
    get listening() {
      return state.listening;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      if (client) {
        client.removeAllListeners();
        client.on('error', () => {});
        await db.knex.client.destroyRawConnection(client).catch(() => {});
      }
    },
  };
}

/** Every committed change to the stories table; `onChange` also runs after a reconnection. */
export async function listenForStoryChanges(db: Database, onChange: () => void, logger: Logger): Promise<ChangeListener> {
  return listenForChanges(db, [STORIES_CHANGED_CHANNEL], () => onChange(), logger, { onResync: onChange });
}
