import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { isC360Error } from '../errors';
import { AiFailure, emptyUsage, type AiProvider } from '../pipeline/summarise/provider';
import { summariseOffline } from '../pipeline/summarise/offline-provider';
import { createStory } from '../../test/factories/stories';
import { insertRawItems } from '../../test/factories/raw-items';
import { openTestDatabase } from '../../test/helpers/test-database';
import { GENERATION_FAILED, generateCommunityInsights, mentionTerms, minimumHits, sentimentOf } from './community-insights';

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const actor = { email: 'desk@c360.test' };
const now = new Date('2026-11-20T12:00:00Z');

/** A provider that answers with the offline summary but with the quotes we choose. */
function providerQuoting(quotes: { quote: string; author: string; role: string | null; source: number }[]): AiProvider {
  return {
    name: 'fake',
    model: 'fake-1',
    async summarise(input) {
      const summary = summariseOffline(input);
      return {
        summary: { ...summary, layers: { ...summary.layers, what_locals_saying: { ...summary.layers.what_locals_saying, quotes } } },
        usage: { ...emptyUsage('fake', 'fake-1'), calls: 1 },
      };
    },
  };
}

describe('community insight generation', () => {
  it('keeps only voices whose words appear in a source item (a model may not invent a voice)', async () => {
    const story = await createStory(db.knex, { now, title: 'Fishers protest new quota in Grenada', region: 'Grenada' });
    const ids = await insertRawItems(db.knex, [
      {
        outlet: 'Spice Isle Post',
        title: 'Fishers march on parliament',
        content: '<p>“The quota will starve our families,” said Leon  Charles, a fisher from Gouyave.</p>',
      },
    ]);
    const ai = providerQuoting([
      { quote: 'The quota will starve our families', author: 'Leon Charles', role: 'a fisher from Gouyave', source: 0 },
      { quote: 'We fully support the minister', author: 'Invented Person', role: null, source: 0 },
    ]);
    const result = await generateCommunityInsights(db.knex, ai, { storyId: story.id, itemIds: ids, actor, now });
    expect(result.added.map((i) => [i.quote, i.attribution, i.sentiment, i.source_item_id])).toEqual([
      ['The quota will starve our families', 'Leon Charles, a fisher from Gouyave', 'negative', ids[0]],
    ]);
    expect(result.skipped).toBe(1);
  });

  it('turns a provider failure into the spec’s message, and saves nothing', async () => {
    const story = await createStory(db.knex, { now, title: 'Port strike in Castries', region: 'Saint Lucia' });
    const ids = await insertRawItems(db.knex, [
      { outlet: 'Castries Voice', title: 'Dockworkers walk out', content: '<p>"We want fair pay," said Anna Joseph, a union rep.</p>' },
    ]);
    const failing: AiProvider = {
      name: 'fake',
      model: 'fake-1',
      async summarise() {
        throw new AiFailure('timed out', emptyUsage('fake', 'fake-1'));
      },
    };
    const error = await generateCommunityInsights(db.knex, failing, { storyId: story.id, itemIds: ids, actor, now }).catch((e) => e);
    expect(isC360Error(error, 'upstream_failed')).toBe(true);
    expect(error.message).toBe(GENERATION_FAILED);
    expect(await db.knex('community_insights').where('story_id', story.id)).toEqual([]);
  });
});

describe('mention terms and sentiment', () => {
  it('takes the region (unless Caribbean), title words and tags, at most 8', () => {
    expect(mentionTerms({ title: 'Council approves new water main for Kingston', region: 'Jamaica', tags: ['infrastructure'] })).toEqual([
      'jamaica',
      'council',
      'approve',
      'water',
      'main',
      'kingston',
      'infrastructure',
    ]);
    expect(mentionTerms({ title: 'Leaders meet', region: 'Caribbean', tags: [] })).toEqual(['leaders', 'meet']);
    expect(
      mentionTerms({ title: 'One two three four five six seven eight nine ten eleven twelve words here', region: 'Haiti', tags: ['a', 'tag'] }).length,
    ).toBeLessThanOrEqual(8);
    expect(minimumHits(['a', 'b', 'c'])).toBe(1);
    expect(minimumHits(['a', 'b', 'c', 'd'])).toBe(2);
  });

  it.each([
    ['This is a wonderful, happy day for our community', 'positive'],
    ['The flooding was terrible and people are angry', 'negative'],
    ['The meeting is on Tuesday at the town hall', 'neutral'],
    ['', 'neutral'],
  ])('%s → %s', (text, sentiment) => {
    expect(sentimentOf(text)).toBe(sentiment);
  });
});
