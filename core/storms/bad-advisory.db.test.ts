import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createStory } from '../../test/factories/stories';
import { ingestStormDocuments, type StormDocument } from './ingest-storms';
import { confirmingAlert, officialConfirmation } from './official-confirmation';
import type { StormAlert } from './storm-repository';
import { publishStormUpdates, STORM_UPDATE_TAG } from './storm-updates';

/** Bad input (issue 23): an advisory with missing fields neither crashes the storm update or the official confirmation nor counts as support. */

let db: Database;
const now = new Date('2026-11-20T16:00:00Z');
const read = (name: string) => readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8');
const at = { clock: () => now, logger: silentLogger };
const updates = () => db.knex('synced_content').whereRaw('? = any(tags)', [STORM_UPDATE_TAG]).select('id', 'title', 'summary');

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

const report = 'Hurricane warning for Haiti as Keron nears, the Meteorological Service said';

describe('an advisory with missing fields', () => {
  it('alerts lacking their kind, hazard or country confirm nothing and do not throw', () => {
    const base = {
      id: 'a',
      stormId: 'AL192026',
      area: 'Haiti',
      message: '',
      severity: 'extreme',
      advisoryNumber: null,
      issuedAt: now.toISOString(),
      expiresAt: now.toISOString(),
    };
    const broken = [
      { ...base, type: 'warning', hazard: 'Hurricane', region: '' },
      { ...base, type: 'warning', hazard: 'Hurricane', region: undefined },
      { ...base, type: 'warning', hazard: undefined, region: 'Haiti' },
      { ...base, type: undefined, hazard: 'Hurricane', region: 'Haiti' },
      { ...base, type: 'warning', hazard: null, region: null },
      {},
      null,
    ] as unknown as StormAlert[];
    for (const alert of broken) expect(confirmingAlert(report, [alert]), JSON.stringify(alert)).toBeNull();
    expect(confirmingAlert(report, broken)).toBeNull();
    // The same report beside a whole alert is confirmed: the rule itself still works.
    const whole = { ...base, type: 'warning', hazard: 'Hurricane', region: 'Haiti' } as StormAlert;
    expect(confirmingAlert(report, [...broken, whole])).toBe(whole);
  });

  it('storm summaries and advisories with missing fields are skipped at ingest: no crash, no alert, no storm update', async () => {
    const current = JSON.parse(read('CurrentStorms.json')) as { activeStorms: Record<string, unknown>[] };
    for (const storm of current.activeStorms) {
      delete storm.latitudeNumeric;
      delete storm.longitudeNumeric;
      delete storm.lastUpdate;
      storm.intensity = 'n/a';
    }
    // The advisory feed without its advisory numbers, dates and watches-and-warnings text.
    const rss = read('index-at.xml')
      .replace(/<pubDate>[^<]*<\/pubDate>/g, '')
      .replace(/Advisory Number \d+/g, 'Advisory')
      .replace(/SUMMARY OF WATCHES AND WARNINGS IN EFFECT[\s\S]*?(?=\$\$|<\/description>)/g, '');
    const documents: StormDocument[] = [
      { label: 'CurrentStorms.json', text: JSON.stringify(current) },
      { label: 'index-at.xml', text: rss },
      { label: 'empty.json', text: '{}' },
      { label: 'truncated.json', text: '{"activeStorms": [{"id": "al192026", "name": "Keron"' },
    ];
    const result = await ingestStormDocuments(db.knex, at, documents, { publishUpdates: true });
    expect(result.skipped.length).toBeGreaterThan(0);
    expect(result.stormUpdates).toBe(0);
    expect(Number((await db.knex('storm_alerts').count({ n: '*' }))[0]!.n)).toBe(0);
    expect(await updates()).toEqual([]);
  });

  it('a stored alert with no country neither confirms a report nor writes a storm update', async () => {
    // A storm ingested whole, then its alerts stripped of their country (as a partly read advisory would leave them).
    await ingestStormDocuments(
      db.knex,
      at,
      ['CurrentStorms.json', 'index-at.xml'].map((name) => ({ label: name, text: read(name) })),
    );
    expect(Number((await db.knex('storm_alerts').count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
    await db.knex('storm_alerts').update({ region: '' });
    const story = await createStory(db.knex, {
      title: 'Hurricane warning for Haiti as Keron nears',
      summary: 'A hurricane warning is in force for Haiti, the Meteorological Service said.',
      region: 'Haiti',
      storm_id: 'AL192026',
      storm_name: 'Keron',
      source_count: 1,
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
    });
    expect(await officialConfirmation(db.knex, story, [{ title: story.title, summary: story.summary }], now)).toBeNull();
    await expect(publishStormUpdates(db.knex, now)).resolves.toBe(0);
    expect(await updates()).toEqual([]);
  });
});
