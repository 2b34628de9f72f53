import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createStory } from '../../test/factories/stories';
import { searchStories } from '../stories/story-repository';
import { ingestStormDocuments } from './ingest-storms';
import { searchStorms } from './storm-search';
import { STORM_UPDATE_TAG } from './storm-updates';

/**
 * Search finds the Storm Centre and the storm's stories by the storm's name, its type and the countries
 * under watch or warning, in each of the site's four languages (issue 23, item 2). Hurricane Keron of the
 * samples: a hurricane warning for the Dominican Republic and Haiti, a hurricane watch for Jamaica.
 */

let db: Database;
const now = new Date('2026-11-20T16:00:00Z');
const read = (name: string) => readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8');
let updateId: string;
let reportId: string;

beforeAll(async () => {
  db = await openTestDatabase();
  await ingestStormDocuments(
    db.knex,
    { clock: () => now, logger: silentLogger },
    ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map((name) => ({ label: name, text: read(name) })),
    { publishUpdates: true },
  );
  updateId = (await db.knex('synced_content').whereRaw('? = any(tags)', [STORM_UPDATE_TAG]).first('id')).id;
  reportId = (
    await createStory(db.knex, {
      now,
      daysAgo: 0.02,
      title: 'Jamaica prepares shelters as Keron approaches',
      summary: 'The hurricane watch for Jamaica stays in force; shelters open in Kingston.',
      region: 'Jamaica',
      storm_id: 'AL192026',
      storm_name: 'Keron',
    })
  ).id;
});
afterAll(() => db.close());

const stories = async (q: string) => (await searchStories(db.knex, { q })).items.map((s) => s.id);
const storms = async (q: string) => (await searchStorms(db.knex, { q, now })).map((s) => s.name);

const LANGUAGES: [string, { type: string; haiti: string; dr: string; jamaica: string }][] = [
  ['en', { type: 'hurricane', haiti: 'Haiti', dr: 'Dominican Republic', jamaica: 'Jamaica' }],
  ['es', { type: 'huracán', haiti: 'Haití', dr: 'República Dominicana', jamaica: 'Jamaica' }],
  ['fr', { type: 'ouragan', haiti: 'Haïti', dr: 'République dominicaine', jamaica: 'Jamaïque' }],
  ['nl', { type: 'orkaan', haiti: 'Haïti', dr: 'Dominicaanse Republiek', jamaica: 'Jamaica' }],
];

describe('search finds the storm by name, type and the countries under watch', () => {
  it.each(LANGUAGES)('%s', async (_language, words) => {
    for (const q of ['Keron', words.type, `${words.type} ${words.haiti}`, words.dr, `${words.type} ${words.jamaica}`]) {
      expect(await storms(q), q).toEqual(['Keron']);
      expect(await stories(q), q).toContain(updateId);
    }
    // The storm's other stories too: the one about Jamaica, found by the country and by the type.
    expect(await stories(`${words.type} ${words.jamaica}`)).toContain(reportId);
  });

  it('does not offer the Storm Centre for words that are not the storm’s', async () => {
    for (const q of ['Barbados', 'ouragan Barbados', 'budget', 'tropical storm', '---']) expect(await storms(q), q).toEqual([]);
  });

  it('finds a tropical storm by its type in the four languages', async () => {
    await db.knex('storms').where('id', 'AL192026').update({ classification: 'TS' });
    try {
      for (const q of ['tropical storm', 'tormenta tropical', 'tempête tropicale', 'tropische storm', 'tormenta tropical Haití'])
        expect(await storms(q), q).toEqual(['Keron']);
      expect(await storms('hurricane')).toEqual([]);
    } finally {
      await db.knex('storms').where('id', 'AL192026').update({ classification: 'HU' });
    }
  });
});
