import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createStory } from '../../test/factories/stories';
import { ingestStormDocuments, type StormDocument } from './ingest-storms';
import { classificationName, describeChanges, getStormCentre } from './storm-centre';

let db: Database;
const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const now = new Date('2026-11-20T16:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
  await ingestStormDocuments(
    db.knex,
    { clock: () => now, logger: silentLogger },
    ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(sample),
  );
});
afterAll(() => db.close());

describe('getStormCentre', () => {
  it('gives storms with their tracks, the alerts in force, and island-by-island impact with what changed and local stories', async () => {
    const local = await createStory(db.knex, { now, title: 'Hurricane Keron: shelters open in Kingston', region: 'Jamaica', daysAgo: 0.1 });
    await createStory(db.knex, { now, title: 'Hurricane season ends quietly', region: 'Barbados', daysAgo: 0.1 });
    await createStory(db.knex, { now, title: 'Cricket final tonight', region: 'Jamaica', daysAgo: 0.1 });
    const centre = await getStormCentre(db.knex, now);

    const keron = centre.storms.find((s) => s.name === 'Keron')!;
    expect(keron.track.length).toBe(2); // previous and current advisory
    expect(keron.track.at(-1)).toMatchObject(keron.location);
    expect(centre.alerts.length).toBeGreaterThan(0);
    expect(centre.lastAdvisoryAt).not.toBeNull();

    const jamaica = centre.impact.find((i) => i.region === 'Jamaica')!;
    expect(jamaica.alerts.every((a) => a.region === 'Jamaica')).toBe(true);
    expect(jamaica.changes.map((c) => c.text)).toContain('Keron is now a hurricane (was a tropical storm).');
    expect(jamaica.changes.map((c) => c.text)).toContain('Keron became a category 1 hurricane.');
    // The page words each change in its reader's language from the kind and values.
    expect(jamaica.changes).toContainEqual(expect.objectContaining({ kind: 'classification', storm: 'Keron', from: 'TS', to: 'HU' }));
    expect(jamaica.stories.map((s) => s.id)).toEqual([local.id]);
  });

  it('is empty, not an error, when no storm is active', async () => {
    const empty = await openTestDatabase();
    try {
      expect(await getStormCentre(empty.knex, now)).toEqual({ storms: [], alerts: [], impact: [], lastAdvisoryAt: null });
    } finally {
      await empty.close();
    }
  });
});

describe('describeChanges', () => {
  it('says in words how a storm changed', () => {
    expect(
      describeChanges({ name: 'Ana' }, [
        { field: 'category', from: 2, to: 3 },
        { field: 'windSpeed', from: 105, to: 115 },
      ]),
    ).toEqual(['Ana strengthened from category 2 to 3.', "Ana's winds rose from 105 to 115 mph."]);
    expect(describeChanges({ name: 'Ana' }, [{ field: 'category', from: 1, to: 0 }])).toEqual(['Ana weakened below hurricane strength (was category 1).']);
    expect(classificationName('PTC')).toBe('potential tropical cyclone');
  });
});
