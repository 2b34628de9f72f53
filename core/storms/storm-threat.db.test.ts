import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { openTestDatabase } from '../../test/helpers/test-database';
import { seedStorm } from '../../test/factories/storms';
import { deactivateStormsExcept } from './storm-repository';
import { getStormContext } from './storm-threat';

let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('storms').del();
});

describe('getStormContext', () => {
  it('reads a threatening storm with its watches and warnings for covered countries, and the nearest threatened country', async () => {
    await seedStorm(db.knex, now);
    const { storms } = await getStormContext(db.knex, now);
    expect(storms).toHaveLength(1);
    expect(storms[0]).toMatchObject({ id: 'AL192026', name: 'Keron', category: 1, classification: 'HU', advisoryNumber: '14', advisoryAt: hoursAgo(1) });
    // Warnings first; the Cayman Islands are not a covered country.
    expect(storms[0]!.alerts).toEqual([
      { type: 'warning', hazard: 'Hurricane', region: 'Dominican Republic' },
      { type: 'warning', hazard: 'Hurricane', region: 'Haiti' },
      { type: 'watch', hazard: 'Hurricane', region: 'Jamaica' },
    ]);
    expect(storms[0]!.regions).toEqual(['Dominican Republic', 'Haiti', 'Jamaica']);
    expect(storms[0]!.nearest?.region).toBe('Dominican Republic');
    expect(storms[0]!.nearest?.distanceKm).toBeGreaterThan(300);
    expect(storms[0]!.nearest?.distanceKm).toBeLessThan(400);
  });

  it('leaves out a storm that has dissipated, one whose advisory is stale, and one that threatens no covered country', async () => {
    await seedStorm(db.knex, now);
    await deactivateStormsExcept(db.knex, [], now);
    expect((await getStormContext(db.knex, now)).storms).toEqual([]);

    await seedStorm(db.knex, now, { id: 'AL012026', name: 'Old', lastUpdate: hoursAgo(13) });
    expect((await getStormContext(db.knex, now)).storms).toEqual([]);

    await seedStorm(
      db.knex,
      now,
      {
        id: 'AL202026',
        name: 'Twenty',
        classification: 'TD',
        category: 0,
        status: 'developing',
        threatLevel: 'low',
        nearestRegion: 'Barbados',
        nearestDistanceKm: 1914,
      },
      [],
    );
    expect((await getStormContext(db.knex, now)).storms).toEqual([]);
  });

  it('counts a storm at high threat by distance even before any watch, without countries under alerts', async () => {
    await seedStorm(db.knex, now, { id: 'AL212026', name: 'Lorna', threatLevel: 'high', nearestRegion: 'Puerto Rico', nearestDistanceKm: 210 }, []);
    const { storms } = await getStormContext(db.knex, now);
    expect(storms.map((s) => [s.name, s.regions, s.nearest])).toEqual([['Lorna', [], { region: 'Puerto Rico', distanceKm: 210 }]]);
  });

  it('ignores alerts that expired', async () => {
    const storm = await seedStorm(db.knex, now);
    await db
      .knex('storm_alerts')
      .where({ storm_id: storm.id, region: 'Jamaica' })
      .update({ expires_at: hoursAgo(0.5) });
    expect((await getStormContext(db.knex, now)).storms[0]!.regions).toEqual(['Dominican Republic', 'Haiti']);
  });
});
