import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/open-database';
import { readSetting, writeSetting } from '../core/settings/settings-repository';
import { SECTION_FILING_SETTING } from '../core/stories/section-filing';
import { storySections } from '../core/stories/sections';
import { listSectionStories } from '../core/stories/story-repository';
import { topicClassifierFingerprint, TOPIC_CLASSIFIER_VERSION } from '../core/stories/topic-classifier';
import { createStory } from '../test/factories/stories';
import { migratedDataDir, runCli, tempDataDir } from '../test/helpers/run-cli';

const dataDir = tempDataDir();
const env = { C360_DATA_DIR: dataDir, C360_LOG_LEVEL: 'info', C360_LOG_FORMAT: 'json' };
const now = new Date('2026-11-20T12:00:00Z');
let business: string;

async function withDatabase<T>(use: (knex: Awaited<ReturnType<typeof openDatabase>>['knex']) => Promise<T>): Promise<T> {
  const db = await openDatabase(loadConfig({ C360_DATA_DIR: dataDir }), { command: 'test' });
  try {
    return await use(db.knex);
  } finally {
    await db.close();
  }
}

/** Each row's sections and row version (xmin changes with every write of the row). */
async function rows(knex: Parameters<Parameters<typeof withDatabase>[0]>[0]) {
  return knex('synced_content').select('id', 'title', 'summary', 'tags', 'sections', knex.raw('xmin::text as xmin')).orderBy('id');
}

beforeAll(async () => {
  await migratedDataDir(dataDir);
  // A database an earlier release filed: the insurer's purchase under Culture, the call-up under none.
  await withDatabase(async (knex) => {
    business = (
      await createStory(knex, {
        title: 'Sagicor completes purchase of Cayman insurer',
        summary: 'The Jamaican financial group closed its acquisition of a Cayman Islands insurer, adding premiums and staff.',
        tags: [],
      })
    ).id;
    const sports = await createStory(knex, {
      title: 'Windies call up two uncapped fast bowlers for England tour',
      summary: 'West Indies selectors named two fast bowlers for the three-test series against England next month.',
      tags: [],
      daysAgo: 2,
    });
    await knex('synced_content')
      .where({ id: business })
      .update({ sections: ['culture'] });
    await knex('synced_content').where({ id: sports.id }).update({ sections: [] });
    await writeSetting(knex, SECTION_FILING_SETTING, { version: TOPIC_CLASSIFIER_VERSION - 1, digest: 'an earlier release' }, { actor: 'test', now });
  });
}, 60_000);

describe('a c360 command on a database filed by an earlier release', () => {
  it('re-files its stories before running, once: the next command rewrites nothing', async () => {
    const first = await runCli(['stories', 'list', '--json'], { env });
    expect(first.exitCode, first.stderr).toBe(0);

    const afterFirst = await withDatabase(async (knex) => {
      expect((await listSectionStories(knex, { section: 'business' })).items.map((s) => s.id)).toEqual([business]);
      expect((await listSectionStories(knex, { section: 'culture' })).items).toEqual([]);
      expect((await readSetting(knex, SECTION_FILING_SETTING))?.value).toEqual(topicClassifierFingerprint());
      return rows(knex);
    });
    for (const row of afterFirst) expect(row.sections, row.title).toEqual(storySections(row));
    expect(first.stderr).toContain('re-filed 2 of 2 stories');

    const second = await runCli(['stories', 'list', '--json'], { env });
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('re-filed');
    expect(await withDatabase(rows)).toEqual(afterFirst);
  }, 120_000);
});
