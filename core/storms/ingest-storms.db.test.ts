import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { ingestStormDocuments, stormChanges, type StormDocument } from './ingest-storms';
import { listActiveAlerts, listStorms } from './storm-repository';

let db: Database;
const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const replay = ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(sample);
const at = (iso: string) => ({ clock: () => new Date(iso), logger: silentLogger });

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.knex('storm_alerts').delete();
  await db.knex('storm_advisories').delete();
  await db.knex('storms').delete();
});

describe('ingestStormDocuments', () => {
  it('maps NHC products to the spec shapes: Atlantic storms only, category, threat, movement, alerts', async () => {
    const result = await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), replay);
    expect(result.skipped).toEqual([]);
    const storms = await listStorms(db.knex);
    expect(storms.map((s) => s.id)).toEqual(['AL192026', 'AL202026']);
    expect(storms[0]).toMatchObject({
      name: 'Keron',
      classification: 'HU',
      category: 1,
      location: { lat: 15.9, lng: -68.6 },
      windSpeed: 90,
      pressure: 975,
      movement: 'WNW at 13 mph',
      status: 'active',
      threatLevel: 'high',
      nearestRegion: 'Puerto Rico',
      advisoryNumber: '14',
      // Knots from CurrentStorms.json; the RSS summary of the same advisory only adds its headline.
      windSpeedKt: 80,
      headline: expect.stringContaining('KERON BECOMES A HURRICANE'),
    });
    expect(storms[1]).toMatchObject({ name: 'Twenty', category: 0, status: 'developing', threatLevel: 'low', windSpeed: 35 });

    const alerts = await listActiveAlerts(db.knex, new Date('2026-11-20T16:00:00Z'));
    expect(alerts.map((a) => [a.type, a.hazard, a.region, a.severity])).toEqual([
      ['warning', 'Hurricane', 'Dominican Republic', 'extreme'],
      ['warning', 'Hurricane', 'Haiti', 'extreme'],
      ['warning', 'Tropical Storm', 'Haiti', 'moderate'],
      ['watch', 'Hurricane', 'Jamaica', 'moderate'],
      ['watch', 'Tropical Storm', 'Cayman Islands', 'moderate'],
    ]);
    expect(alerts[0]).toMatchObject({ issuedAt: '2026-11-20T14:52:00.000Z', expiresAt: '2026-11-20T21:52:00.000Z', advisoryNumber: '14' });
    expect(alerts[3]!.message).toMatch(
      /^Hurricane Watch in effect for Jamaica\. Hurricane conditions possible within 48 hours\. Hurricane Keron, advisory 14: maximum sustained winds 90 mph, moving WNW at 13 mph\.$/,
    );

    // Advisory 13's watches that 14 did not repeat expired when 14 was issued; Jamaica's TS watch became a hurricane watch.
    const expired = await db.knex('storm_alerts').where('expires_at', '<=', '2026-11-20T16:00:00Z');
    expect(expired.map((a) => [a.hazard, a.type, a.region, new Date(a.expires_at).toISOString()]).sort((a, b) => a[2]!.localeCompare(b[2]!))).toEqual([
      ['Hurricane', 'watch', 'Dominican Republic', '2026-11-20T14:52:00.000Z'],
      ['Hurricane', 'watch', 'Haiti', '2026-11-20T14:52:00.000Z'],
      ['Tropical Storm', 'watch', 'Jamaica', '2026-11-20T14:52:00.000Z'],
    ]);
  });

  it('keeps the previous advisory so what changed can be shown', async () => {
    await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), replay);
    const { previous, changes } = await stormChanges(db.knex, 'AL192026');
    expect(previous).toMatchObject({ classification: 'TS', windSpeed: 70, pressure: 982, advisoryNumber: '13' });
    expect(Object.fromEntries(changes.map((c) => [c.field, [c.from, c.to]]))).toMatchObject({
      classification: ['TS', 'HU'],
      category: [0, 1],
      windSpeed: [70, 90],
      pressure: [982, 975],
      movement: ['W at 14 mph', 'WNW at 13 mph'],
    });
  });

  it('is idempotent and never lets an older product overwrite newer data', async () => {
    await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), replay);
    const again = await ingestStormDocuments(db.knex, at('2026-11-20T16:05:00Z'), replay);
    expect(again.newAdvisories).toBe(0);
    expect(await db.knex('storm_advisories').count({ n: '*' }).first()).toMatchObject({ n: 4 });
    await ingestStormDocuments(db.knex, at('2026-11-20T16:10:00Z'), [sample('CurrentStorms-previous.json'), sample('index-at-previous.xml')]);
    const keron = (await listStorms(db.knex))[0]!;
    expect(keron).toMatchObject({ classification: 'HU', advisoryNumber: '14', windSpeed: 90 });
    expect((await listActiveAlerts(db.knex, new Date('2026-11-20T16:10:00Z'))).length).toBe(5);
  });

  it('deactivates storms missing from CurrentStorms.json and expires their alerts; alerts lapse after 7 h', async () => {
    await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), replay);
    expect(await listActiveAlerts(db.knex, new Date('2026-11-20T22:00:00Z'))).toEqual([]);
    const empty = { label: 'empty', text: JSON.stringify({ activeStorms: [] }) };
    const result = await ingestStormDocuments(db.knex, at('2026-11-20T17:00:00Z'), [empty]);
    expect(result.deactivated).toBe(2);
    expect(await listStorms(db.knex)).toEqual([]);
    expect((await listStorms(db.knex, { includeInactive: true })).map((s) => s.status)).toEqual(['inactive', 'inactive']);
    expect(await listActiveAlerts(db.knex, new Date('2026-11-20T17:00:01Z'))).toEqual([]);
  });

  it('shifts fixture times together so the newest is now (demo)', async () => {
    await ingestStormDocuments(db.knex, at('2030-06-01T12:00:00Z'), replay, { shiftDatesToNow: true });
    const keron = (await listStorms(db.knex))[0]!;
    expect(keron.lastUpdate).toBe('2030-06-01T12:00:00.000Z');
    const alerts = await listActiveAlerts(db.knex, new Date('2030-06-01T12:00:00Z'));
    expect(alerts).toHaveLength(5);
    expect(alerts[0]!.issuedAt).toBe('2030-06-01T11:52:00.000Z');
    expect((await stormChanges(db.knex, 'AL192026')).previous!.lastUpdate).toBe('2030-06-01T06:00:00.000Z');
  });

  it('reports bad input and keeps what is good', async () => {
    const result = await ingestStormDocuments(db.knex, at('2026-11-20T16:00:00Z'), [
      { label: 'broken.json', text: '{"activeStorms": [' },
      { label: 'wrong.json', text: '{"storms": []}' },
      { label: 'page.html', text: '<!doctype html><html><body>NHC</body></html>' },
      {
        label: 'partial.json',
        text: JSON.stringify({
          activeStorms: [
            { id: 'al012026', name: 'NoCoords', classification: 'TD', intensity: '30', lastUpdate: '2026-11-20T15:00:00Z' },
            JSON.parse(sample('CurrentStorms.json').text).activeStorms[0],
          ],
        }),
      },
    ]);
    expect(result.storms).toBe(1);
    expect(result.skipped).toHaveLength(4);
    expect(result.skipped.join('\n')).toMatch(/broken\.json: CurrentStorms\.json is not valid JSON/);
    expect(result.skipped.join('\n')).toMatch(/wrong\.json: The JSON is not a CurrentStorms document/);
    expect(result.skipped.join('\n')).toMatch(/page\.html: The address served an HTML page/);
    expect(result.skipped.join('\n')).toMatch(/partial\.json: al012026: latitudeNumeric/);
  });
});
