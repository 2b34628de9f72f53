import { describe, expect, it } from 'vitest';
import {
  alertInputSchema,
  stormAlertLevel,
  stormAlertMatches,
  stormAlertTypes,
  storyLevel,
  storyMatches,
  type AlertCriteria,
  type StormAlertEvent,
} from './alert-rules';

const warning: StormAlertEvent = { type: 'warning', hazard: 'Hurricane', severity: 'extreme', region: 'Jamaica', area: 'Jamaica', classification: 'HU' };
const watch: StormAlertEvent = {
  type: 'watch',
  hazard: 'Tropical Storm',
  severity: 'moderate',
  region: 'Trinidad and Tobago',
  area: 'Tobago',
  classification: 'TS',
};
const surge: StormAlertEvent = {
  type: 'warning',
  hazard: 'Storm Surge',
  severity: 'extreme',
  region: 'Bahamas',
  area: 'The southeastern Bahamas',
  classification: 'HU',
};
const florida: StormAlertEvent = {
  type: 'warning',
  hazard: 'Hurricane',
  severity: 'extreme',
  region: 'Florida Keys',
  area: 'Florida Keys',
  classification: 'HU',
};

const criteria = (c: Partial<AlertCriteria>): AlertCriteria => ({ region: 'jamaica', alert_level: 'medium', storm_types: [], ...c });

describe('storm advisory matching', () => {
  it.each([
    ['region and any type', criteria({}), warning, true],
    ['another region', criteria({ region: 'barbados' }), warning, false],
    ['trinidad covers Tobago', criteria({ region: 'trinidad' }), watch, true],
    ['Regional covers the Caribbean places', criteria({ region: 'caribbean' }), surge, true],
    ['Regional does not cover Florida', criteria({ region: 'caribbean' }), florida, false],
    ['a watch is medium: below a high alert', criteria({ region: 'trinidad', alert_level: 'high' }), watch, false],
    ['a hurricane warning is critical', criteria({ alert_level: 'critical' }), warning, true],
    ['chosen type matches the hazard', criteria({ storm_types: ['Hurricane'] }), warning, true],
    ['chosen type does not match', criteria({ storm_types: ['Earthquake'] }), warning, false],
    ['storm surge counts as Flood', criteria({ region: 'bahamas', storm_types: ['Flood'] }), surge, true],
    ['surge from a hurricane counts as Hurricane', criteria({ region: 'bahamas', storm_types: ['Hurricane'] }), surge, true],
    ['a tropical storm watch is not a Hurricane', criteria({ region: 'trinidad', storm_types: ['Hurricane'] }), watch, false],
  ])('%s', (_name, c, event, expected) => {
    expect(stormAlertMatches(c, event)).toBe(expected);
  });

  it('levels and types of watches and warnings', () => {
    expect([stormAlertLevel(warning), stormAlertLevel(watch), stormAlertLevel({ type: 'warning', severity: 'moderate' })]).toEqual([
      'critical',
      'medium',
      'high',
    ]);
    expect(stormAlertTypes({ hazard: 'Tropical Storm', classification: 'TD' })).toEqual(['Tropical Storm', 'Depression']);
  });
});

describe('story matching', () => {
  const story = {
    title: 'Flash flooding closes roads in St Catherine',
    region: 'Jamaica',
    tags: ['weather'],
    storm_type: null,
    ai_risk_level: 'medium',
    urgency: 60,
  };
  it.each([
    ['region, level, any type', criteria({}), story, true],
    ['level too low', criteria({ alert_level: 'high' }), story, false],
    ['urgency above 80 makes it high', criteria({ alert_level: 'high' }), { ...story, urgency: 85 }, true],
    ['type from the title', criteria({ storm_types: ['Flood'] }), story, true],
    ['type from storm_type', criteria({ storm_types: ['Earthquake'] }), { ...story, title: 'Tremor felt', storm_type: 'Earthquake' }, true],
    ['type not mentioned', criteria({ storm_types: ['Hurricane'] }), story, false],
    ['another region', criteria({ region: 'bahamas' }), story, false],
  ])('%s', (_name, c, s, expected) => {
    expect(storyMatches(c, s)).toBe(expected);
  });
  it('a story with an unknown risk level counts as low', () => {
    expect(storyLevel({ ai_risk_level: 'weird', urgency: 10 })).toBe('low');
  });
});

describe('alert input', () => {
  it('defaults to medium, e-mail, any storm type; rejects values outside the spec options', () => {
    expect(alertInputSchema.parse({ region: 'jamaica' })).toEqual({
      region: 'jamaica',
      alert_level: 'medium',
      storm_types: [],
      notification_methods: ['email'],
    });
    expect(alertInputSchema.parse({ region: 'caribbean', storm_types: ['Flood', 'Flood'], notification_methods: ['whatsapp', 'push'] })).toMatchObject({
      storm_types: ['Flood'],
      notification_methods: ['whatsapp', 'push'],
    });
    for (const bad of [
      {},
      { region: 'cuba' },
      { region: 'jamaica', alert_level: 'extreme' },
      { region: 'jamaica', storm_types: ['Tornado'] },
      { region: 'jamaica', notification_methods: [] },
      { region: 'jamaica', notification_methods: ['sms'] },
      { region: 'jamaica', extra: 1 },
    ]) {
      expect(alertInputSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
