import type { Database } from '../db/open-database';
import type { Logger } from '../logger';

/**
 * Hears every committed change to the stories table (the synced_content_changed trigger
 * NOTIFYs on each statement), from this process or any other on the same database, so cached
 * public pages can be dropped at once. On PGlite the database lives in this process and
 * notifications arrive through it; on PostgreSQL a dedicated connection LISTENs and is
 * re-opened when it drops. `listening` says whether notifications are currently trusted.
 */
export const STORIES_CHANGED_CHANNEL = 'c360_stories_changed';

export type ChangeListener = { readonly listening: boolean; stop: () => Promise<void> };

export async function listenForStoryChanges(db: Database, onChange: () => void, logger: Logger): Promise<ChangeListener> {
  if (db.pglite) {
    const unlisten = await db.pglite.listen(STORIES_CHANGED_CHANNEL, () => onChange());
    return { listening: true, stop: async () => unlisten() };
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

  const connect = async (): Promise<void> => {
    try {
      const c = (await db.knex.client.acquireRawConnection()) as PgClient;
      c.on('notification', (message) => {
        if ((message as { channel?: string }).channel === STORIES_CHANGED_CHANNEL) onChange();
      });
      c.on('error', (error) => drop(error));
      c.on('end', () => drop(new Error('connection ended')));
      await c.query(`listen ${STORIES_CHANGED_CHANNEL}`);
      client = c;
      state.listening = true;
      onChange(); // anything may have changed while we were not listening
    } catch (error) {
      drop(error);
    }
  };
  const drop = (error: unknown) => {
    if (stopped) return;
    if (state.listening) logger.warn({ err: error }, 'lost the story-change listener; caching falls back to a short lifetime until it is back');
    state.listening = false;
    const old = client;
    client = undefined;
    if (old) {
      old.removeAllListeners();
      old.on('error', () => {}); // a late socket error must not crash the process
      void db.knex.client.destroyRawConnection(old).catch(() => {});
    }
    clearTimeout(retry);
    retry = setTimeout(() => void connect(), 2_000);
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
