import type { Knex } from 'knex';
import { C360Error } from '../errors';
import type { Story } from '../stories/story';
import { followsSchema, type Follows } from './follow-rules';
import { deleteSaved, insertSaved, listFollowedStories, listSaved, readFollows, replaceFollows, savedAmong } from './reader-repository';

/**
 * A reader's own corner of the site: the islands and topics they follow, the stories matching
 * them ("My Caribbean"), and the stories they saved. Every use case takes the reader, so one
 * reader can never read or change another's.
 */

export type Reader = { id: string };
export const READER_PAGE_SIZE = 20;
export const MAX_READER_PAGE = 50;
/** Deep pages of a personal list are not useful and each costs more: stop here. */
export const MAX_READER_OFFSET = 1_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bounds(offset = 0, limit = READER_PAGE_SIZE) {
  return { offset: Math.min(MAX_READER_OFFSET, Math.max(0, Math.floor(offset))), limit: Math.min(MAX_READER_PAGE, Math.max(1, Math.floor(limit))) };
}

export function getFollows(db: Knex, reader: Reader): Promise<Follows> {
  return readFollows(db, reader.id);
}

/** Replaces the reader's follows with the given islands and topics (unknown ones are refused). */
export async function setFollows(db: Knex, input: { reader: Reader; follows: unknown; now: Date }): Promise<Follows> {
  const follows = followsSchema.parse(input.follows);
  await replaceFollows(db, input.reader.id, follows, input.now);
  return readFollows(db, input.reader.id);
}

export type StoryPage<T = Story> = { items: T[]; offset: number; limit: number; hasMore: boolean };

/** "My Caribbean": published stories about what the reader follows, newest first. */
export async function listMyCaribbean(db: Knex, input: { reader: Reader; offset?: number; limit?: number }): Promise<StoryPage & { follows: Follows }> {
  const page = bounds(input.offset, input.limit);
  const follows = await readFollows(db, input.reader.id);
  const result = await listFollowedStories(db, follows, page);
  return { ...result, ...page, follows };
}

const noStory = (id: string) => new C360Error('not_found', `No published story ${id.slice(0, 80)}.`);

export async function saveStory(db: Knex, input: { reader: Reader; storyId: string; now: Date }): Promise<void> {
  if (!UUID.test(input.storyId) || !(await insertSaved(db, input.reader.id, input.storyId, input.now))) throw noStory(input.storyId);
}

/** Removes a story from the reader's saved list; not_found when it was not there. */
export async function unsaveStory(db: Knex, input: { reader: Reader; storyId: string }): Promise<void> {
  if (!UUID.test(input.storyId) || !(await deleteSaved(db, input.reader.id, input.storyId)))
    throw new C360Error('not_found', 'This story is not in your saved stories.');
}

export async function listSavedStories(db: Knex, input: { reader: Reader; offset?: number; limit?: number }): Promise<StoryPage<Story & { saved_at: string }>> {
  const page = bounds(input.offset, input.limit);
  return { ...(await listSaved(db, input.reader.id, page)), ...page };
}

/** Which of these stories the reader saved (the Save buttons on a page). */
export function whichSaved(db: Knex, input: { reader: Reader; storyIds: readonly string[] }): Promise<string[]> {
  const ids = input.storyIds.filter((id) => UUID.test(id)).slice(0, 100);
  return savedAmong(db, input.reader.id, ids);
}
