import type { Knex } from 'knex';
import { applyAdvisoryAlerts, recordAdvisory, saveStorm, type AlertInput, type Storm } from '../../core/storms/storm-repository';

const HOUR = 3_600_000;

/** Hurricane Keron (category 1) south of Hispaniola, advisory an hour before `now`, unless overridden. */
export function stormInput(now: Date, overrides: Partial<Storm> = {}): Storm {
  return {
    id: 'AL192026',
    name: 'Keron',
    classification: 'HU',
    category: 1,
    location: { lat: 15.9, lng: -68.6 },
    windSpeed: 90,
    windSpeedKt: 80,
    pressure: 975,
    movement: 'WNW at 13 mph',
    status: 'active',
    threatLevel: 'high',
    nearestRegion: 'Puerto Rico',
    nearestDistanceKm: 335,
    advisoryNumber: '14',
    advisoryUrl: null,
    headline: 'Keron becomes a hurricane',
    lastUpdate: new Date(now.getTime() - HOUR).toISOString(),
    source: 'test',
    ...overrides,
  };
}

/** Watches and warnings in force from the storm's advisory until 6 hours after `now`. */
export function alertInputs(storm: Storm, now: Date, alerts: readonly { type: 'warning' | 'watch'; hazard: string; region: string }[]): AlertInput[] {
  return alerts.map((a) => ({
    stormId: storm.id,
    type: a.type,
    hazard: a.hazard,
    region: a.region,
    area: a.region,
    message: `${a.hazard} ${a.type} for ${a.region}`,
    severity: a.type === 'warning' ? 'extreme' : 'moderate',
    advisoryNumber: storm.advisoryNumber,
    issuedAt: storm.lastUpdate,
    expiresAt: new Date(now.getTime() + 6 * HOUR).toISOString(),
  }));
}

export const KERON_ALERTS = [
  { type: 'warning', hazard: 'Hurricane', region: 'Dominican Republic' },
  { type: 'warning', hazard: 'Hurricane', region: 'Haiti' },
  { type: 'watch', hazard: 'Hurricane', region: 'Jamaica' },
  { type: 'watch', hazard: 'Tropical Storm', region: 'Cayman Islands' },
] as const;

/** Saves a storm with its advisory and alerts in force (Keron over Hispaniola, a hurricane watch for Jamaica, by default). */
export async function seedStorm(
  db: Knex,
  now: Date,
  overrides: Partial<Storm> = {},
  alerts: readonly { type: 'warning' | 'watch'; hazard: string; region: string }[] = KERON_ALERTS,
): Promise<Storm> {
  const storm = stormInput(now, overrides);
  await saveStorm(db, storm, now);
  await recordAdvisory(db, storm);
  await applyAdvisoryAlerts(db, storm.id, new Date(storm.lastUpdate), alertInputs(storm, now, alerts), now);
  return storm;
}
