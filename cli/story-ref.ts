import type { Knex } from 'knex';
import { resolveStoryId } from '../core/editorial/story-lookup';
import { isC360Error } from '../core/errors';
import { findPublishedStory, getStoryById } from '../core/stories/story-repository';
import type { Story } from '../core/stories/story';

/**
 * The story an operator means: its UUID, the first 8 (6 or more) hex digits that `c360 stories
 * list` prints (an ambiguous prefix is refused with a hint), or a published story's address.
 */
export async function findStoryByReference(db: Knex, input: string): Promise<Story | null> {
  const reference = input.trim();
  const byUuid = await getStoryById(db, reference);
  if (byUuid) return byUuid;
  if (/^[0-9a-f]{6,32}$/i.test(reference.replace(/-/g, ''))) {
    try {
      return await getStoryById(db, await resolveStoryId(db, reference));
    } catch (error) {
      // Not an id after all: a hex-looking slug ("facade") may still name a published story.
      if (!isC360Error(error) || error.code !== 'not_found') throw error;
    }
  }
  return (await findPublishedStory(db, reference.replace(/^\/?article\//, '')))?.story ?? null;
}
