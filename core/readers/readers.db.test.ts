import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '../accounts/accounts';
import type { User } from '../accounts/user';
import type { Database } from '../db/open-database';
import { createStory } from '../../test/factories/stories';
import { openTestDatabase } from '../../test/helpers/test-database';
import { FOLLOW_REGIONS, regionKey } from './follow-rules';
import { getFollows, listMyCaribbean, listSavedStories, saveStory, setFollows, unsaveStory, whichSaved } from './readers';

let db: Database;
let reader: User;
let other: User;
const now = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
  reader = await addUser(db.knex, { email: 'reader@c360.test', role: 'reader', password: 'correct horse 42' });
  other = await addUser(db.knex, { email: 'other-reader@c360.test', role: 'reader', password: 'correct horse 42' });
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  for (const table of ['reader_saved', 'reader_follows', 'synced_content']) await db.knex(table).delete();
});

describe('follows', () => {
  it('are replaced as a whole, kept per reader, and refuse unknown islands and topics', async () => {
    expect(await getFollows(db.knex, reader)).toEqual({ regions: [], topics: [] });
    expect(await setFollows(db.knex, { reader, follows: { regions: ['jamaica', 'haiti'], topics: ['business'] }, now })).toEqual({
      regions: ['haiti', 'jamaica'],
      topics: ['business'],
    });
    expect(await setFollows(db.knex, { reader, follows: { regions: ['jamaica'], topics: ['business', 'sports'] }, now })).toEqual({
      regions: ['jamaica'],
      topics: ['business', 'sports'],
    });
    expect(await getFollows(db.knex, other)).toEqual({ regions: [], topics: [] });
    await expect(setFollows(db.knex, { reader, follows: { regions: ['atlantis'] }, now })).rejects.toThrow();
    expect(await getFollows(db.knex, reader)).toEqual({ regions: ['jamaica'], topics: ['business', 'sports'] });
    expect(await setFollows(db.knex, { reader, follows: {}, now })).toEqual({ regions: [], topics: [] });
  });

  it('the SQL island key agrees with the core rule for every island and some awkward names', async () => {
    const names = [...FOLLOW_REGIONS.map((r) => r.label), 'Kingston, Jamaica', 'Tobago', 'St Lucia', 'St Kitts', 'West Indies', 'Dominica', 'Canada', ''];
    for (const name of names) {
      const { rows } = await db.knex.raw('select c360_region_key(?) as key', [name]);
      expect(rows[0].key, name).toBe(regionKey(name));
    }
  });
});

describe('My Caribbean', () => {
  it('lists published, visible stories in followed islands or topics, newest first, once each, paginated', async () => {
    const jamaica = await createStory(db.knex, { now, daysAgo: 1, title: 'Kingston port expands', region: 'Jamaica' });
    const business = await createStory(db.knex, { now, daysAgo: 2, title: 'Barbados bank posts profit', region: 'Barbados', tags: ['business'] });
    const both = await createStory(db.knex, { now, daysAgo: 0.5, title: 'Jamaica trade deficit narrows', region: 'Jamaica', tags: ['trade'] });
    await createStory(db.knex, { now, daysAgo: 0.1, title: 'Haiti football cup final', region: 'Haiti', tags: ['sports'] });
    await createStory(db.knex, { now, daysAgo: 0.2, title: 'Jamaica draft budget', region: 'Jamaica', pipeline_stage: 'drafted', published_at: null });
    await createStory(db.knex, { now, daysAgo: 0.3, title: 'Toronto business fair', region: 'Canada', tags: ['business'] });

    expect((await listMyCaribbean(db.knex, { reader })).items).toEqual([]);
    await setFollows(db.knex, { reader, follows: { regions: ['jamaica'], topics: ['business'] }, now });
    const page = await listMyCaribbean(db.knex, { reader });
    expect(page.items.map((s) => s.id)).toEqual([both.id, jamaica.id, business.id]);
    expect(page).toMatchObject({ hasMore: false, follows: { regions: ['jamaica'], topics: ['business'] } });

    const first = await listMyCaribbean(db.knex, { reader, limit: 2 });
    expect(first.items.map((s) => s.id)).toEqual([both.id, jamaica.id]);
    expect(first.hasMore).toBe(true);
    const second = await listMyCaribbean(db.knex, { reader, offset: 2, limit: 2 });
    expect(second.items.map((s) => s.id)).toEqual([business.id]);
    expect(second.hasMore).toBe(false);
    expect((await listMyCaribbean(db.knex, { reader: other })).items).toEqual([]);
  });

  it('reads each followed island on the island-key index', async () => {
    await setFollows(db.knex, { reader, follows: { regions: ['jamaica'], topics: [] }, now });
    await db.knex.raw('set enable_seqscan = off');
    try {
      const { rows } = await db.knex.raw(
        `explain select s.id from synced_content s where s.pipeline_stage = 'published' and s.region_visible and c360_region_key(s.region) = 'jamaica' order by s.published_at desc, s.id desc limit 21`,
      );
      expect(rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n')).toContain('synced_content_region_key_idx');
    } finally {
      await db.knex.raw('reset enable_seqscan');
    }
  });
});

describe('saved stories', () => {
  it('saves published stories once, lists newest saved first, removes, and keeps each reader apart', async () => {
    const a = await createStory(db.knex, { now, daysAgo: 3, title: 'First story', region: 'Jamaica' });
    const b = await createStory(db.knex, { now, daysAgo: 1, title: 'Second story', region: 'Barbados' });
    const draft = await createStory(db.knex, { now, title: 'A draft', region: 'Jamaica', pipeline_stage: 'drafted', published_at: null });

    await saveStory(db.knex, { reader, storyId: b.id, now: new Date('2026-11-20T10:00:00Z') });
    await saveStory(db.knex, { reader, storyId: a.id, now: new Date('2026-11-20T11:00:00Z') });
    await saveStory(db.knex, { reader, storyId: b.id, now: new Date('2026-11-20T11:30:00Z') }); // again: keeps its first time
    await expect(saveStory(db.knex, { reader, storyId: draft.id, now })).rejects.toMatchObject({ code: 'not_found' });
    await expect(saveStory(db.knex, { reader, storyId: 'not-an-id', now })).rejects.toMatchObject({ code: 'not_found' });

    const saved = await listSavedStories(db.knex, { reader });
    expect(saved.items.map((s) => s.id)).toEqual([a.id, b.id]);
    expect(saved.items[0]!.saved_at).toBe('2026-11-20T11:00:00.000Z');
    expect(await whichSaved(db.knex, { reader, storyIds: [a.id, draft.id, 'x'] })).toEqual([a.id]);
    expect((await listSavedStories(db.knex, { reader: other })).items).toEqual([]);
    await expect(unsaveStory(db.knex, { reader: other, storyId: a.id })).rejects.toMatchObject({ code: 'not_found' });

    await unsaveStory(db.knex, { reader, storyId: a.id });
    expect((await listSavedStories(db.knex, { reader })).items.map((s) => s.id)).toEqual([b.id]);
    // A story taken down disappears from the list; a deleted one takes its saved rows with it.
    await db.knex('synced_content').where({ id: b.id }).update({ pipeline_stage: 'verified' });
    expect((await listSavedStories(db.knex, { reader })).items).toEqual([]);
    await db.knex('synced_content').where({ id: b.id }).delete();
    expect(await db.knex('reader_saved').count({ n: '*' })).toEqual([{ n: 0 }]);
  });
});
