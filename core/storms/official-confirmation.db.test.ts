import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { insertRawItems } from '../../test/factories/raw-items';
import { runPipeline } from '../pipeline/runner';
import { createOfflineProvider } from '../pipeline/summarise/offline-provider';
import { OFFICIALLY_CONFIRMED } from '../stories/publishing';
import { getStoryById } from '../stories/story-repository';
import { ingestStormDocuments, type StormDocument } from './ingest-storms';
import { confirmingAlert } from './official-confirmation';
import type { StormAlert } from './storm-repository';

const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const now = new Date('2026-11-20T16:00:00Z');
let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await ingestStormDocuments(
    db.knex,
    { clock: () => now, logger: silentLogger },
    ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(sample),
  );
});
afterAll(() => db.close());

describe('an official source counts', () => {
  it('reads a watch or warning of the advisory in a report, in its words, and only for the country it names', () => {
    const alert = { hazard: 'Hurricane', type: 'watch', region: 'Jamaica' } as StormAlert;
    expect(confirmingAlert('Hurricane watch for Jamaica as Keron gains strength', [alert])).toBe(alert);
    expect(confirmingAlert('Jamaica under hurricane watch', [alert])).toBe(alert);
    expect(confirmingAlert('Hurricane warning for Barbados', [alert])).toBeNull();
    expect(confirmingAlert('Jamaica braces for Keron', [alert])).toBeNull();
  });

  it("publishes one outlet's storm report that the advisory confirms, marked as such; a report the advisory does not confirm waits for a second outlet", async () => {
    await insertRawItems(db.knex, [
      {
        outlet: 'Jamaica Gleaner',
        title: 'Hurricane watch for Jamaica as Keron gains strength',
        summary:
          'The Meteorological Service said a hurricane watch is now in effect for Jamaica as Hurricane Keron moved west-northwest over the Caribbean Sea.',
        published_at: '2026-11-20T15:30:00Z',
      },
      {
        outlet: 'Hispaniola Herald',
        title: 'Haiti and the Dominican Republic under hurricane warning as Keron strengthens',
        summary: 'A hurricane warning is in effect for the Dominican Republic and Haiti, the forecasters said, as Keron strengthened over the Caribbean Sea.',
        published_at: '2026-11-20T15:20:00Z',
      },
      {
        outlet: 'Antilles Wire',
        title: 'Keron becomes a hurricane, warnings for Hispaniola',
        summary:
          'Keron strengthened into a hurricane on Friday and a hurricane warning was issued for the Dominican Republic and Haiti; officials in Santo Domingo opened 120 shelters.',
        published_at: '2026-11-20T15:25:00Z',
      },
      {
        outlet: 'Barbados Today',
        title: 'Keron: schools in Barbados to close on Monday',
        summary: 'The Ministry of Education said all schools in Barbados will close on Monday as Keron passes, though no warning is in force for the island.',
        published_at: '2026-11-20T15:40:00Z',
      },
    ]);
    await runPipeline({
      db: db.knex,
      clock: () => now,
      logger: silentLogger,
      actor: 'test',
      workerId: 'test',
      leaseMs: 60_000,
      batchSize: 10,
      ai: createOfflineProvider(),
      enrichers: [],
    });
    const rows = (await db.knex('synced_content').select('id', 'title').whereNot('title', 'like', 'Hurricane Keron:%')) as { id: string; title: string }[];
    const byTitle = async (start: string) => (await getStoryById(db.knex, rows.find((r) => r.title.startsWith(start))!.id))!;
    const confirmed = await byTitle('Hurricane watch for Jamaica');
    expect(confirmed).toMatchObject({ source_count: 1, triangulation_check: true, pipeline_stage: 'published' });
    expect(confirmed.status_flags).toContain(OFFICIALLY_CONFIRMED);
    expect(confirmed.ai_fact_check_panel.some((p) => p.verdict === 'official source' && p.supporting_outlets?.includes('National Hurricane Center'))).toBe(
      true,
    );
    expect(confirmed.audit_log.map((e) => e.details ?? '').join(' ')).toContain('confirmed by the National Hurricane Center');

    const two = await byTitle('Haiti and the Dominican Republic under hurricane warning');
    // Two outlets: the claim only one of them states and the advisory states too is resolved by it.
    expect(two.ai_fact_check_panel.some((p) => p.verdict === 'official source')).toBe(true);
    expect(two.pipeline_stage).toBe('published');

    const unconfirmed = await byTitle('Keron: schools in Barbados');
    expect(unconfirmed.status_flags).not.toContain(OFFICIALLY_CONFIRMED);
    expect(unconfirmed.pipeline_stage).not.toBe('published');
    expect(unconfirmed.flag_reason).toContain('needs at least 2 sources');
  });
});
