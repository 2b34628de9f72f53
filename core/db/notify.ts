import type { Knex } from 'knex';

/**
 * Changes the console shows live are announced with NOTIFY; the server relays them to browsers
 * as Server-Sent Events. Sent inside the caller's transaction when given one, so listeners hear
 * only about committed changes.
 */
export const CHANNELS = {
  storyUpdated: 'c360_story_updated',
  rawItemsInserted: 'c360_raw_items_inserted',
  patternsInserted: 'c360_patterns_inserted',
  pipelineProgress: 'c360_pipeline_progress',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** NOTIFY payloads are limited to 8000 bytes: send ids and counts, never whole rows. */
export async function notify(db: Knex, channel: Channel, payload: Record<string, unknown>): Promise<void> {
  await notifyEach(db, channel, [payload]);
}

/** One notification per payload, sent in one statement. */
export async function notifyEach(db: Knex, channel: Channel, payloads: readonly Record<string, unknown>[]): Promise<void> {
  if (payloads.length === 0) return;
  const texts = payloads.map((p) => JSON.stringify(p)).map((text) => (text.length > 7900 ? JSON.stringify({ truncated: true }) : text));
  await db.raw('select pg_notify(?, p) from unnest(?::text[]) as p', [channel, texts]);
}
