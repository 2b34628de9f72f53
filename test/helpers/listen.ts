import pg from 'pg';
import type { Database } from '../../core/db/open-database';
import { postgresUrlOf } from './test-database';

/** Collects NOTIFY payloads on a channel: through PGlite in embedded mode, a pg client on PostgreSQL. */
export async function listenTo(db: Database, channel: string): Promise<{ payloads: Record<string, unknown>[]; stop: () => Promise<void> }> {
  const payloads: Record<string, unknown>[] = [];
  if (db.pglite) {
    const unlisten = await db.pglite.listen(channel, (payload) => payloads.push(JSON.parse(payload)));
    return { payloads, stop: unlisten };
  }
  const client = new pg.Client({ connectionString: postgresUrlOf(db) });
  await client.connect();
  client.on('notification', (n) => n.channel === channel && payloads.push(JSON.parse(n.payload ?? '{}')));
  await client.query(`listen ${channel}`);
  return { payloads, stop: () => client.end() };
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
