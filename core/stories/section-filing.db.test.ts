import type { Knex } from 'knex';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { readSetting, writeSetting } from '../settings/settings-repository';
import { createStory } from '../../test/factories/stories';
import { testDatabaseMode, useTwoConnections } from '../../test/helpers/test-database';
import { buildCategoryBlocks } from './home-layout';
import { refileStaleSections, SECTION_FILING_SETTING } from './section-filing';
import { storySections } from './sections';
import { insertStoriesBulk, listSectionStories, refileStorySections, updateStory } from './story-repository';
import { auditEntry } from './story';
import { storyInput } from '../../test/factories/stories';
import { topicClassifierFingerprint, TOPIC_CLASSIFIER_VERSION } from './topic-classifier';

let db: Database;
/** A second connection on PostgreSQL (a second process starting at once); the same one on PGlite, which has one. */
let other: Knex;
const now = new Date('2026-11-20T12:00:00Z');
const actor = 'cli:test (tester)';
const OLD = { version: TOPIC_CLASSIFIER_VERSION - 1, digest: 'a classifier of an earlier release' };

const STORIES = [
  {
    title: 'Sagicor completes purchase of Cayman insurer',
    summary: 'The Jamaican financial group closed its acquisition of a Cayman Islands insurer, adding premiums and staff.',
  },
  {
    title: 'Windies call up two uncapped fast bowlers for England tour',
    summary: 'West Indies selectors named two fast bowlers for the three-test series against England next month.',
  },
  { title: 'Police arrest two men after shooting in Spanish Town', summary: 'Police said two men were taken into custody after a shooting on Sunday night.' },
  { title: 'Reggae Sumfest lineup announced for July', summary: 'Organisers of the music festival in Montego Bay named the headline acts for this year.' },
];

useTwoConnections((opened, second) => {
  db = opened;
  other = second;
});
beforeEach(async () => {
  await db.knex('synced_content').del();
  await db.knex('settings').where('key', SECTION_FILING_SETTING).del();
});

/** The stories filed as this release files them, then as an earlier release had filed them: each under the wrong section (or none). */
async function seedFiledByEarlierRelease(): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, text] of STORIES.entries()) ids.push((await createStory(db.knex, { ...text, tags: [], daysAgo: i + 1 })).id);
  const stale = [['culture'], [], ['business'], ['technology', 'culture']];
  for (const [i, id] of ids.entries()) await db.knex('synced_content').where({ id }).update({ sections: stale[i] });
  await writeSetting(db.knex, SECTION_FILING_SETTING, OLD, { actor: 'cli:serve (an earlier release)', now });
  return ids;
}

/** Each row's sections and its row version (xmin changes with every write of the row, whatever it writes). */
async function rowStates(): Promise<Map<string, { sections: string[]; xmin: string; updated_at: string }>> {
  const rows = await db.knex('synced_content').select('id', 'sections', db.knex.raw('xmin::text as xmin'), 'updated_at').orderBy('id');
  return new Map(rows.map((r) => [r.id, { sections: r.sections, xmin: r.xmin, updated_at: new Date(r.updated_at).toISOString() }]));
}

async function sectionPageIds(section: string): Promise<string[]> {
  return (await listSectionStories(db.knex, { section })).items.map((s) => s.id);
}

describe('refileStaleSections', () => {
  it('re-files a database filed by an earlier classifier, so each section page lists what the home page files there', async () => {
    const [business] = await seedFiledByEarlierRelease();
    // The bug: the home page files the insurer's purchase under Business, its section page did not list it.
    expect(await sectionPageIds('business')).not.toContain(business);
    expect(await sectionPageIds('culture')).toContain(business);

    const result = await refileStaleSections(db.knex, { actor, now });

    expect(result).toMatchObject({ status: 'refiled', previous: OLD, running: topicClassifierFingerprint(), examined: 4, refiled: 4 });
    const stories = await db.knex('synced_content').select('id', 'title', 'summary', 'tags', 'sections');
    for (const story of stories) expect(story.sections, story.title).toEqual(storySections(story));
    expect(await sectionPageIds('business')).toEqual([business]);
    expect(await sectionPageIds('culture')).not.toContain(business);
    // Every story a home block takes is on its block's section page.
    const { blocks } = buildCategoryBlocks(stories.map((s) => ({ ...s, source_count: 2 })));
    expect(blocks.map((b) => b.key)).toEqual(['business', 'sports', 'culture']);
    for (const block of blocks) for (const story of block.stories) expect(await sectionPageIds(block.key)).toContain(story.id);
    const stored = await readSetting(db.knex, SECTION_FILING_SETTING);
    expect(stored).toMatchObject({ value: topicClassifierFingerprint(), updated_by: actor, updated_at: now.toISOString() });
  });

  it('changes nothing but the sections: not updated_at, the audit log or an editor’s section featuring', async () => {
    const [business] = await seedFiledByEarlierRelease();
    await db.knex('synced_content').where({ id: business }).update({ section_featured: true });
    const columns = async () =>
      (await db.knex('synced_content').select('*').orderBy('id')).map(({ sections: _sections, search_vector: _vector, ...rest }) => rest);
    const before = await columns();
    await refileStaleSections(db.knex, { actor, now });
    expect(await columns()).toEqual(before);
  });

  it('writes only the stories filed otherwise than this classifier files them', async () => {
    const ids = await seedFiledByEarlierRelease();
    const [business, sports] = ids as [string, string];
    // The sports story already stands as this classifier files it: reading it must not write it.
    await db
      .knex('synced_content')
      .where({ id: sports })
      .update({ sections: ['sports'] });
    const before = await rowStates();

    const result = await refileStaleSections(db.knex, { actor, now });

    expect(result).toMatchObject({ status: 'refiled', examined: 4, refiled: 3 });
    const after = await rowStates();
    expect(after.get(sports)).toEqual(before.get(sports));
    expect(after.get(business)!.xmin).not.toBe(before.get(business)!.xmin);
    for (const id of ids) expect(after.get(id)!.updated_at).toBe(before.get(id)!.updated_at);
  });

  it('rewrites no row when a new release files every story as the last one did', async () => {
    for (const text of STORIES) await createStory(db.knex, { ...text, tags: [] });
    await writeSetting(db.knex, SECTION_FILING_SETTING, OLD, { actor, now });
    const before = await rowStates();
    expect(await refileStaleSections(db.knex, { actor, now })).toMatchObject({ status: 'refiled', examined: 4, refiled: 0 });
    expect(await rowStates()).toEqual(before);
    expect((await readSetting(db.knex, SECTION_FILING_SETTING))?.value).toEqual(topicClassifierFingerprint());
  });

  it('reads no story when the stored fingerprint is this classifier’s, and the second run after a re-filing is a no-op', async () => {
    await seedFiledByEarlierRelease();
    expect(await refileStaleSections(db.knex, { actor, now })).toMatchObject({ status: 'refiled', refiled: 4 });
    const before = await rowStates();
    const settingBefore = await readSetting(db.knex, SECTION_FILING_SETTING);

    const second = await refileStaleSections(db.knex, { actor: 'cli:another (tester)', now: new Date(now.getTime() + 60_000) });

    expect(second).toMatchObject({ status: 'current', examined: 0, refiled: 0 });
    expect(await rowStates()).toEqual(before);
    expect(await readSetting(db.knex, SECTION_FILING_SETTING)).toEqual(settingBefore);
  });

  it('checks a database from before the fingerprint was stored, then stores it', async () => {
    const ids = await seedFiledByEarlierRelease();
    await db.knex('settings').where('key', SECTION_FILING_SETTING).del();
    expect(await refileStaleSections(db.knex, { actor, now })).toMatchObject({ status: 'refiled', previous: null, examined: 4, refiled: 4 });
    expect(await sectionPageIds('business')).toEqual([ids[0]]);
    expect((await readSetting(db.knex, SECTION_FILING_SETTING))?.value).toEqual(topicClassifierFingerprint());
  });

  it('leaves an empty database without a fingerprint (an import refuses a database holding data)', async () => {
    expect(await refileStaleSections(db.knex, { actor, now })).toMatchObject({ status: 'refiled', examined: 0, refiled: 0 });
    expect(await readSetting(db.knex, SECTION_FILING_SETTING)).toBeNull();
  });

  it('leaves stories filed by a later classifier version as they are (an older release still running during an upgrade)', async () => {
    await seedFiledByEarlierRelease();
    const newer = { version: TOPIC_CLASSIFIER_VERSION + 1, digest: 'a classifier of a later release' };
    await writeSetting(db.knex, SECTION_FILING_SETTING, newer, { actor, now });
    const before = await rowStates();
    expect(await refileStaleSections(db.knex, { actor, now })).toMatchObject({ status: 'newer_release', previous: newer, refiled: 0 });
    expect(await rowStates()).toEqual(before);
    expect((await readSetting(db.knex, SECTION_FILING_SETTING))?.value).toEqual(newer);
  });

  it('re-files once when two processes start at once', async () => {
    await seedFiledByEarlierRelease();
    const results = await Promise.all([refileStaleSections(db.knex, { actor, now }), refileStaleSections(other, { actor, now })]);
    expect(results.map((r) => r.refiled).sort()).toEqual([0, 4]);
    expect(results.map((r) => r.status).sort()).toEqual(['current', 'refiled']);
    expect(await sectionPageIds('business')).toHaveLength(1);
  });
});

describe('refileStorySections', () => {
  it.skipIf(testDatabaseMode() !== 'postgres')('leaves a story retitled while it was being re-filed to the write that retitled it', async () => {
    const story = await createStory(db.knex, { ...STORIES[0], tags: [] });
    await db
      .knex('synced_content')
      .where({ id: story.id })
      .update({ sections: ['weather'] });
    // An editor's retitling, not yet committed, holds the row: the re-file reads the old title, then waits to write.
    const editing = await other.transaction();
    await updateStory(editing, story.id, { ...STORIES[3]!, tags: [] }, auditEntry('edit', 'editor@example.com', now));
    const refiling = refileStorySections(db.knex);
    await waitUntil(async () => {
      const { rows } = await db.knex.raw(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
      return rows[0].n > 0;
    });
    await editing.commit();
    // The business sections of the old title would overwrite the culture the editor's write filed it under.
    expect(await refiling).toEqual({ examined: 1, refiled: 0 });
    expect((await db.knex('synced_content').where({ id: story.id }).first('sections')).sections).toEqual(['culture']);
  });

  it('files a thousand stories in batches, with the sections each gets when it is written', async () => {
    const inputs = Array.from({ length: 1200 }, (_, i) => storyInput({ ...STORIES[i % STORIES.length]!, slug: `story-${i}`, tags: [] }));
    await insertStoriesBulk(db.knex, inputs);
    await db.knex('synced_content').update({ sections: ['weather'] });
    const counts = await db.knex.transaction((trx) => refileStorySections(trx, { batchSize: 500 }));
    expect(counts.examined).toBe(1200);
    const rows = await db.knex('synced_content').select('title', 'summary', 'tags', 'sections');
    for (const row of rows) expect(row.sections).toEqual(storySections(row));
    expect(counts.refiled).toBe(rows.filter((r) => r.sections.join() !== 'weather').length);
  });
});

async function waitUntil(ready: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await ready()); tries++) {
    if (tries > 200) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
