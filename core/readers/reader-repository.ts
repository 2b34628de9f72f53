import type { Knex } from 'knex';
import { KEYWORD_SECTIONS } from '../stories/sections';
import { PUBLIC, rowToStory, SELECT } from '../stories/story-repository';
import type { Story } from '../stories/story';
import type { FollowRegion, Follows, FollowTopic } from './follow-rules';

/** All SQL about what readers follow and save. */

export async function readFollows(db: Knex, userId: string): Promise<Follows> {
  const { rows } = await db.raw(`select kind, value from reader_follows where user_id = ? order by created_at, value`, [userId]);
  const follows: Follows = { regions: [], topics: [] };
  for (const row of rows as { kind: string; value: string }[]) {
    if (row.kind === 'region') follows.regions.push(row.value as FollowRegion);
    else follows.topics.push(row.value as FollowTopic);
  }
  return follows;
}

/** Replaces what a reader follows; rows kept keep their first follow time. */
export async function replaceFollows(db: Knex, userId: string, follows: Follows, now: Date): Promise<void> {
  const wanted = [...follows.regions.map((value) => ({ kind: 'region', value })), ...follows.topics.map((value) => ({ kind: 'topic', value }))];
  await db.transaction(async (trx) => {
    await trx.raw(`delete from reader_follows where user_id = ? and not ((kind, value) in (select * from unnest(?::text[], ?::text[])))`, [
      userId,
      wanted.map((w) => w.kind),
      wanted.map((w) => w.value),
    ]);
    if (wanted.length === 0) return;
    await trx.raw(
      `insert into reader_follows (user_id, kind, value, created_at)
       select ?, k, v, ? from unnest(?::text[], ?::text[]) as f(k, v)
       on conflict (user_id, kind, value) do nothing`,
      [userId, now.toISOString(), wanted.map((w) => w.kind), wanted.map((w) => w.value)],
    );
  });
}

/**
 * Published stories about what a reader follows, newest first. One index range scan per
 * followed island (c360_region_key) and per followed topic (its section's partial index), each
 * cut at the page's end, merged without duplicates: the cost grows with the page and the number
 * of follows, never with the archive.
 */
export async function listFollowedStories(db: Knex, follows: Follows, page: { offset: number; limit: number }): Promise<{ items: Story[]; hasMore: boolean }> {
  const n = page.offset + page.limit + 1;
  const branches: string[] = [];
  const bindings: unknown[] = [];
  for (const region of follows.regions) {
    branches.push(
      `(select s.id, s.published_at from synced_content s where ${PUBLIC} and c360_region_key(s.region) = ? order by s.published_at desc, s.id desc limit ${n})`,
    );
    bindings.push(region);
  }
  for (const topic of follows.topics) {
    // Only the fixed section names reach the SQL, as literals, so each branch uses its partial index.
    if (!(KEYWORD_SECTIONS as readonly string[]).includes(topic)) continue;
    branches.push(
      `(select s.id, s.published_at from synced_content s where ${PUBLIC} and s.sections @> array['${topic}'] order by s.published_at desc, s.id desc limit ${n})`,
    );
  }
  if (branches.length === 0) return { items: [], hasMore: false };
  const { rows } = await db.raw(
    `with hits as (${branches.join(' union ')}),
     page as (select id, published_at from hits order by published_at desc, id desc offset ? limit ?)
     select ${SELECT} from page p join synced_content s on s.id = p.id order by p.published_at desc, p.id desc`,
    [...bindings, page.offset, page.limit + 1] as Knex.RawBinding[],
  );
  return { items: rows.slice(0, page.limit).map(rowToStory), hasMore: rows.length > page.limit };
}

/** Saves a published, visible story; false when there is no such story. Saving twice keeps the first time. */
export async function insertSaved(db: Knex, userId: string, storyId: string, now: Date): Promise<boolean> {
  const { rows } = await db.raw(
    `insert into reader_saved (user_id, story_id, saved_at)
     select ?, s.id, ? from synced_content s where s.id = ? and ${PUBLIC}
     on conflict (user_id, story_id) do update set user_id = excluded.user_id
     returning story_id`,
    [userId, now.toISOString(), storyId],
  );
  return rows.length > 0;
}

export async function deleteSaved(db: Knex, userId: string, storyId: string): Promise<boolean> {
  const result = await db.raw(`delete from reader_saved where user_id = ? and story_id = ?`, [userId, storyId]);
  return Number(result.rowCount ?? 0) > 0;
}

export async function savedAmong(db: Knex, userId: string, storyIds: readonly string[]): Promise<string[]> {
  if (storyIds.length === 0) return [];
  const { rows } = await db.raw(`select story_id from reader_saved where user_id = ? and story_id = any(?::uuid[])`, [userId, [...storyIds]]);
  return rows.map((r: { story_id: string }) => String(r.story_id));
}

/**
 * A reader's saved stories, newest saved first (the reader_saved_user_idx range). A story that is
 * no longer public (unpublished, or its place no longer covered) is left out, not shown.
 */
export async function listSaved(
  db: Knex,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ items: (Story & { saved_at: string })[]; hasMore: boolean }> {
  const { rows } = await db.raw(
    `select ${SELECT}, r.saved_at as saved_at_
       from reader_saved r join synced_content s on s.id = r.story_id
      where r.user_id = ? and ${PUBLIC}
      order by r.saved_at desc, r.story_id desc offset ? limit ?`,
    [userId, page.offset, page.limit + 1],
  );
  return {
    items: rows.slice(0, page.limit).map((row: Record<string, unknown>) => {
      const { saved_at_: savedAt, ...rest } = row;
      return { ...rowToStory(rest), saved_at: new Date(savedAt as string).toISOString() };
    }),
    hasMore: rows.length > page.limit,
  };
}
