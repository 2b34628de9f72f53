import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { isBreaking } from '../stories/storm-news';
import { searchStories } from '../stories/story-repository';
import { ingestStormDocuments, type StormDocument } from './ingest-storms';
import { getStormContext } from './storm-threat';
import { NHC, STORM_UPDATE_TAG } from './storm-updates';

let db: Database;
const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const earlier = ['CurrentStorms-previous.json', 'index-at-previous.xml'].map(sample);
const later = ['CurrentStorms.json', 'index-at.xml'].map(sample);
const at = (iso: string) => ({ clock: () => new Date(iso), logger: silentLogger });
const withUpdates = { publishUpdates: true };
const updates = async () =>
  (await db.knex('synced_content').whereRaw('? = any(tags)', [STORM_UPDATE_TAG]).select('*')) as {
    id: string;
    title: string;
    summary: string;
    storm_id: string;
    pipeline_stage: string;
    published_at: Date | string;
    source_list: string[];
    region: string;
    urgency: number;
  }[];

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.knex('synced_content').delete();
  await db.knex('storm_alerts').delete();
  await db.knex('storm_advisories').delete();
  await db.knex('storms').delete();
});

describe('storm updates from the advisories', () => {
  it('publishes an update from the advisory while warnings are in force, labelled as such, BREAKING and found by search', async () => {
    const now = new Date('2026-11-20T16:00:00Z');
    const result = await ingestStormDocuments(db.knex, at(now.toISOString()), [...earlier, ...later], withUpdates);
    expect(result.stormUpdates).toBe(1);
    const [update] = await updates();
    expect(update).toMatchObject({
      title: 'Hurricane Keron: hurricane warning for the Dominican Republic and Haiti',
      storm_id: 'AL192026',
      pipeline_stage: 'published',
      source_list: [NHC],
      region: 'Dominican Republic',
    });
    expect(update!.summary).toMatch(
      /^From the National Hurricane Center's advisory 14, issued at 15:00 UTC on 20 November 2026: Hurricane Keron was centred near/,
    );
    expect(update!.summary).toContain('A hurricane watch is in force for Jamaica.');
    expect(isBreaking({ ...update!, published_at: new Date(update!.published_at).toISOString() }, await getStormContext(db.knex, now), now)).toBe(true);
    for (const q of ['Keron', 'hurricane', 'Haiti']) expect((await searchStories(db.knex, { q })).items.map((s) => s.id)).toContain(update!.id);
  });

  it('updates the same story in place with each newer advisory, and never from an older one', async () => {
    await ingestStormDocuments(db.knex, at('2026-11-20T10:00:00Z'), earlier, withUpdates);
    const first = await updates();
    expect(first).toHaveLength(1);
    await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), later, withUpdates);
    const second = await updates();
    expect(second.map((s) => s.id)).toEqual(first.map((s) => s.id));
    expect(second[0]!.summary).toContain('advisory 14, issued');
    // The older products again (a replay, a late copy): nothing changes.
    const replayed = await ingestStormDocuments(db.knex, at('2026-11-20T16:05:00Z'), earlier, withUpdates);
    expect(replayed.stormUpdates).toBe(0);
    expect((await updates())[0]!.summary).toBe(second[0]!.summary);
  });

  it('writes nothing when no watch or warning is in force for a covered country', async () => {
    // Long after the advisories: their alerts have expired.
    const result = await ingestStormDocuments(db.knex, at('2026-11-23T16:00:00Z'), [...earlier, ...later], withUpdates);
    expect(result.stormUpdates).toBe(0);
    expect(await updates()).toEqual([]);
  });
});
