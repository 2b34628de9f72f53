import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAdvisoryAlerts, recordAdvisory, saveStorm, type Storm } from '../core/storms/storm-repository';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
const now = new Date();
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000).toISOString();
const hoursAhead = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

const storm = (overrides: Partial<Storm>): Storm => ({
  id: 'al142026',
  name: 'Tessa',
  classification: 'HU',
  category: 2,
  location: { lat: 16.2, lng: -61.5 },
  windSpeed: 105,
  windSpeedKt: 90,
  pressure: 975,
  movement: 'WNW at 12 mph',
  status: 'active',
  threatLevel: 'high',
  nearestRegion: 'Antigua and Barbuda',
  nearestDistanceKm: 80,
  advisoryNumber: '10',
  advisoryUrl: null,
  headline: 'Tessa strengthens',
  lastUpdate: hoursAgo(6),
  source: 'test',
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  const earlier = storm({ advisoryNumber: '9', windSpeed: 90, category: 1, lastUpdate: hoursAgo(9) });
  await saveStorm(t.db.knex, earlier, now);
  await recordAdvisory(t.db.knex, earlier);
  const latest = storm({});
  await saveStorm(t.db.knex, latest, now);
  await recordAdvisory(t.db.knex, latest);
  await applyAdvisoryAlerts(
    t.db.knex,
    latest.id,
    new Date(latest.lastUpdate),
    [
      {
        stormId: latest.id,
        type: 'warning',
        hazard: 'Hurricane',
        region: 'Antigua and Barbuda',
        area: 'Antigua',
        message: 'Hurricane warning for Antigua',
        severity: 'extreme',
        advisoryNumber: '10',
        issuedAt: latest.lastUpdate,
        expiresAt: hoursAhead(3),
      },
      {
        stormId: latest.id,
        type: 'watch',
        hazard: 'Tropical Storm',
        region: 'Dominica',
        area: 'Dominica',
        message: 'Tropical storm watch for Dominica',
        severity: 'moderate',
        advisoryNumber: '10',
        issuedAt: latest.lastUpdate,
        expiresAt: hoursAgo(1),
      },
    ],
    now,
  );
});
afterAll(() => t.close());

describe('storms API', () => {
  it('lists active storms in the spec shape with the count of alerts in force', async () => {
    const body = await (await t.client().get('/api/storms')).json();
    expect(body.storms).toHaveLength(1);
    expect(body.storms[0]).toMatchObject({
      id: 'al142026',
      name: 'Tessa',
      category: 2,
      location: { lat: 16.2, lng: -61.5 },
      windSpeed: 105,
      status: 'active',
      threatLevel: 'high',
    });
    expect(body.activeAlertCount).toBe(1);
  });

  it('lists alerts in force only (an expired one is not)', async () => {
    const res = await t.client().get('/api/storms/alerts');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const { alerts } = await res.json();
    expect(alerts.map((a: { type: string; region: string; severity: string }) => [a.type, a.region, a.severity])).toEqual([
      ['warning', 'Antigua and Barbuda', 'extreme'],
    ]);
    expect((await t.client().get('/api/storms/alerts?limit=0')).status).toBe(400);
  });

  it('gives one storm with what changed since the previous advisory', async () => {
    const body = await (await t.client().get('/api/storms/al142026')).json();
    expect(body.storm.name).toBe('Tessa');
    expect(body.changes).toEqual(
      expect.arrayContaining([
        { field: 'windSpeed', from: 90, to: 105 },
        { field: 'category', from: 1, to: 2 },
      ]),
    );
    expect((await t.client().get('/api/storms/nope')).status).toBe(404);
  });
});
