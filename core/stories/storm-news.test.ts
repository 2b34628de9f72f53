import { describe, expect, it } from 'vitest';
import { isBreaking, NO_STORMS, stormTier, type StormContext, type ThreateningStorm } from './storm-news';

const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

const keron: ThreateningStorm = {
  id: 'AL192026',
  name: 'Keron',
  classification: 'HU',
  category: 1,
  windSpeed: 90,
  location: { lat: 15.9, lng: -68.6 },
  threatLevel: 'high',
  advisoryNumber: '14',
  advisoryAt: hoursAgo(1),
  regions: ['Dominican Republic', 'Haiti', 'Jamaica'],
  alerts: [
    { type: 'warning', hazard: 'Hurricane', region: 'Dominican Republic' },
    { type: 'warning', hazard: 'Hurricane', region: 'Haiti' },
    { type: 'watch', hazard: 'Hurricane', region: 'Jamaica' },
  ],
  nearest: { region: 'Dominican Republic', distanceKm: 352 },
};
const active: StormContext = { storms: [keron] };

const story = (over: Partial<Parameters<typeof isBreaking>[0]> = {}) => ({
  title: 'Jamaica under hurricane watch as Keron nears',
  summary: 'The Met Service urged residents to prepare.',
  region: 'Jamaica',
  published_at: hoursAgo(2),
  storm_id: 'AL192026' as string | null,
  urgency: 40,
  ...over,
});

describe('isBreaking', () => {
  it('(a) a story about a watch in force for its country is breaking whatever its urgency', () => {
    expect(isBreaking(story({ urgency: 40 }), active, now)).toBe(true);
  });

  it('(a) an unlinked story is breaking when its country is under the watch and it is about the storm', () => {
    expect(isBreaking(story({ storm_id: null, title: 'Shelters open in Kingston ahead of Hurricane Keron' }), active, now)).toBe(true);
    expect(isBreaking(story({ storm_id: null, title: 'Kingston council approves water main', summary: 'A public hearing.' }), active, now)).toBe(false);
  });

  it('(a) a linked story about a country under no watch or warning is not breaking (the storm moved away from it)', () => {
    const barbados = story({ title: 'Storm watch lifted for Barbados as Keron moves away', region: 'Barbados' });
    expect(stormTier(barbados, active, now)?.tier).toBe('linked');
    expect(isBreaking(barbados, active, now)).toBe(false);
  });

  it('(a) a regional story counts when its title names a country under a warning', () => {
    expect(isBreaking(story({ region: 'Caribbean', title: 'Keron strengthens; warnings for southern Haiti' }), active, now)).toBe(true);
  });

  it('(a) Dominica is not the Dominican Republic', () => {
    const dominica = { ...keron, regions: ['Dominica'], alerts: [{ type: 'watch' as const, hazard: 'Tropical Storm', region: 'Dominica' }] };
    expect(isBreaking(story({ region: 'Dominican Republic', title: 'Hurricane Keron nears the Dominican Republic' }), { storms: [dominica] }, now)).toBe(false);
    expect(isBreaking(story({ region: 'Dominica', title: 'Hurricane Keron: Dominica on watch' }), { storms: [dominica] }, now)).toBe(true);
  });

  it('(a) no longer applies once the storm has dissipated (it leaves the context) or when the story is older than 48 hours', () => {
    expect(isBreaking(story({ urgency: 40 }), NO_STORMS, now)).toBe(false);
    expect(isBreaking(story({ urgency: 40, published_at: hoursAgo(49) }), active, now)).toBe(false);
  });

  it('(b) otherwise urgency above 80, published in the last 24 hours', () => {
    const quiet = { title: 'Port workers strike', summary: 'Ships wait.', region: 'Jamaica', storm_id: null };
    expect(isBreaking({ ...quiet, urgency: 80, published_at: hoursAgo(1) }, NO_STORMS, now)).toBe(false);
    expect(isBreaking({ ...quiet, urgency: 81, published_at: hoursAgo(1) }, NO_STORMS, now)).toBe(true);
    expect(isBreaking({ ...quiet, urgency: 95, published_at: hoursAgo(25) }, NO_STORMS, now)).toBe(false);
    expect(isBreaking({ ...quiet, urgency: 95, published_at: null }, NO_STORMS, now)).toBe(false);
    // The storm branch does not lower the bar for stories not about it.
    expect(isBreaking({ ...quiet, urgency: 80, published_at: hoursAgo(1) }, active, now)).toBe(false);
  });

  it('the hurricane story that scored exactly 80 is breaking while its warning is in force', () => {
    const hurricane = story({
      title: 'Hurricane Keron strengthens; warnings for southern Haiti and Dominican Republic',
      region: 'Dominican Republic',
      urgency: 80,
    });
    expect(isBreaking(hurricane, active, now)).toBe(true);
    expect(isBreaking(hurricane, NO_STORMS, now)).toBe(false);
  });
});
