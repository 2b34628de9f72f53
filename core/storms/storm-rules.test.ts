import { describe, expect, it } from 'vitest';
import { parseNhcDate, parsePublicAdvisory } from './nhc-products';
import {
  alertRegion,
  classificationFromType,
  compassPoint,
  knotsToMph,
  movementText,
  nearestRegion,
  saffirSimpsonCategory,
  stormCategory,
  stormStatus,
  threatLevel,
} from './storm-rules';

describe('Saffir–Simpson category', () => {
  it.each([
    [63, 0],
    [64, 1],
    [82, 1],
    [83, 2],
    [95, 2],
    [96, 3],
    [112, 3],
    [113, 4],
    [136, 4],
    [137, 5],
    [160, 5],
  ])('%i kt → category %i', (kt, category) => {
    expect(saffirSimpsonCategory(kt)).toBe(category);
  });

  it.each([
    ['HU', 80, 1],
    ['HU', 100, 3],
    ['MH', 140, 5],
    ['TS', 60, 0],
    ['TD', 30, 0],
    ['PTC', 70, 0],
    ['STS', 55, 0],
  ])('%s at %i kt → %i (only hurricanes get one)', (cls, kt, category) => {
    expect(stormCategory(cls, kt)).toBe(category);
  });

  it.each([
    [80, 90],
    [85, 100],
    [30, 35],
    [137, 160],
    [0, 0],
  ])('%i kt → %i mph (rounded to 5, as NHC writes it)', (kt, mph) => {
    expect(knotsToMph(kt)).toBe(mph);
  });
});

describe('status, threat and movement', () => {
  it.each([
    ['TD', 'Twenty', 'developing'],
    ['STD', 'Two', 'developing'],
    ['PC', 'Potential Tropical Cyclone Nine', 'developing'],
    ['PTC', 'Potential Tropical Cyclone Four', 'developing'],
    ['PTC', 'Keron', 'active'],
    ['TS', 'Keron', 'active'],
    ['HU', 'Keron', 'active'],
  ])('%s %s → %s', (cls, name, status) => {
    expect(stormStatus(cls, name)).toBe(status);
  });

  it.each([
    [100, 0, 'high'],
    [500, 1, 'high'],
    [700, 1, 'moderate'],
    [700, 3, 'high'],
    [1500, 0, 'moderate'],
    [1600, 5, 'low'],
  ])('%i km, category %i → %s', (km, category, level) => {
    expect(threatLevel(km, category)).toBe(level);
  });

  it('measures the distance to the nearest Caribbean region', () => {
    expect(nearestRegion({ lat: 15.9, lng: -68.6 })).toMatchObject({ region: 'Puerto Rico' });
    expect(nearestRegion({ lat: 15.9, lng: -68.6 }).distanceKm).toBeGreaterThan(300);
    expect(nearestRegion({ lat: 15.9, lng: -68.6 }).distanceKm).toBeLessThan(400);
    expect(nearestRegion({ lat: 18.1, lng: -77.3 })).toEqual({ region: 'Jamaica', distanceKm: 1 });
  });

  it.each([
    [0, 'N'],
    [290, 'WNW'],
    [359, 'N'],
    [180, 'S'],
    [-90, 'W'],
    [247.5, 'WSW'],
  ])('%i° → %s', (deg, point) => {
    expect(compassPoint(deg)).toBe(point);
  });

  it('describes movement', () => {
    expect(movementText(290, 13)).toBe('WNW at 13 mph');
    expect(movementText(0, 0)).toBe('Stationary');
    expect(movementText(null, 10)).toBeNull();
  });

  it.each([
    ['HURRICANE', 'HU'],
    ['Tropical Storm', 'TS'],
    ['TROPICAL DEPRESSION', 'TD'],
    ['Subtropical Storm', 'STS'],
    ['Post-Tropical Cyclone', 'PTC'],
    ['Potential Tropical Cyclone', 'PC'],
  ])('type %s → %s', (type, code) => {
    expect(classificationFromType(type)).toBe(code);
  });
});

describe('alert areas and advisory text', () => {
  it.each([
    ['Jamaica', 'Jamaica'],
    ["The southern coast of Haiti from the border with the Dominican Republic to Anse d'Hainault", 'Haiti'],
    ['The southern coast of the Dominican Republic from Punta Palenque westward to the border with Haiti', 'Dominican Republic'],
    ['Dominica', 'Dominica'],
    ['Cayman Islands', 'Cayman Islands'],
  ])('%s → %s', (area, region) => {
    expect(alertRegion(area)).toBe(region);
  });

  it('reads NHC date forms', () => {
    expect(parseNhcDate('Fri, 20 Nov 2026 14:52:00 GMT')!.toISOString()).toBe('2026-11-20T14:52:00.000Z');
    expect(parseNhcDate('1100 AM AST Fri Nov 20 2026')!.toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(parseNhcDate('800 PM EDT Mon Aug 03 2026')!.toISOString()).toBe('2026-08-04T00:00:00.000Z');
    expect(parseNhcDate('1200 PM AST Fri Nov 20 2026')!.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(parseNhcDate('teatime')).toBeNull();
  });

  it('parses watches and warnings from a public advisory', () => {
    const text = `<pre>BULLETIN\nHurricane Zed Advisory Number 7\nNWS National Hurricane Center Miami FL   AL092026\n\nSUMMARY OF WATCHES AND WARNINGS IN EFFECT:\n\nA Storm Surge Warning is in effect for...\n* Grand Bahama Island\n\nA Hurricane Watch is in effect for...\n* Jamaica.\n* Cayman Islands\n\nFor storm information specific to your area...\n* not an alert</pre>`;
    const advisory = parsePublicAdvisory('Hurricane Zed Public Advisory Number 7A', text, 'Fri, 20 Nov 2026 14:52:00 GMT', null)!;
    expect(advisory).toMatchObject({ stormId: 'AL092026', stormName: 'Zed', advisoryNumber: '7A', noneInEffect: false });
    expect(advisory.alerts).toEqual([
      { hazard: 'Storm Surge', type: 'warning', area: 'Grand Bahama Island' },
      { hazard: 'Hurricane', type: 'watch', area: 'Jamaica' },
      { hazard: 'Hurricane', type: 'watch', area: 'Cayman Islands' },
    ]);
    expect(
      parsePublicAdvisory(
        'Tropical Depression Two Public Advisory Number 1',
        'There are no coastal watches or warnings in effect.',
        'Fri, 20 Nov 2026 14:52:00 GMT',
        null,
      ),
    ).toMatchObject({ alerts: [], noneInEffect: true });
    expect(parsePublicAdvisory('x Public Advisory Number 1', 'text', 'not a date', null)).toBeNull();
  });
});
