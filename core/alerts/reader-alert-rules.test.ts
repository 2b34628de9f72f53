import { describe, expect, it } from 'vitest';
import { readerAlertInputSchema, readerStoryAlertMatches, readerStormAlertMatches, type ReaderAlertCriteria } from './reader-alert-rules';

const follows = { regions: ['jamaica' as const], topics: ['business' as const] };
const storm = (o: Partial<ReaderAlertCriteria> = {}): ReaderAlertCriteria => ({
  kind: 'storm',
  scope: 'follows',
  place: null,
  alert_level: 'medium',
  follows,
  ...o,
});
const story = (o: Partial<ReaderAlertCriteria> = {}): ReaderAlertCriteria => ({
  kind: 'story',
  scope: 'follows',
  place: null,
  alert_level: 'low',
  follows,
  ...o,
});
const watch = (region: string) => ({ type: 'watch' as const, severity: 'moderate' as const, region, area: region });
const warning = (region: string) => ({ type: 'warning' as const, severity: 'extreme' as const, region, area: `${region} south coast` });
const published = (region: string, sections: string[] = [], o: Partial<{ ai_risk_level: string; urgency: number; region_visible: boolean }> = {}) => ({
  region,
  sections,
  ai_risk_level: 'low',
  urgency: 10,
  region_visible: true,
  ...o,
});

describe('readerStormAlertMatches', () => {
  it.each([
    ['a watch for a followed island', storm(), watch('Jamaica'), true],
    ['a watch elsewhere', storm(), watch('Haiti'), false],
    ['a watch when only warnings count', storm({ alert_level: 'high' }), watch('Jamaica'), false],
    ['a warning when only warnings count', storm({ alert_level: 'high' }), warning('Jamaica'), true],
    ['a chosen island', storm({ scope: 'region', place: 'haiti' }), warning('Haiti'), true],
    ['Regional: any covered place', storm({ scope: 'region', place: 'caribbean' }), watch('Puerto Rico'), true],
    ['Regional: not an uncovered place', storm({ scope: 'region', place: 'caribbean' }), watch('Bermuda'), false],
    ['no followed island', storm({ follows: { regions: [], topics: ['business'] } }), watch('Jamaica'), false],
  ])('%s', (_, alert, event, expected) => {
    expect(readerStormAlertMatches(alert, event)).toBe(expected);
  });
});

describe('readerStoryAlertMatches', () => {
  it.each([
    ['a story in a followed island', story(), published('Jamaica'), true],
    ['a story in a followed topic', story(), published('Barbados', ['business']), true],
    ['neither', story(), published('Barbados', ['sports']), false],
    ['not visible to readers', story(), published('Jamaica', [], { region_visible: false }), false],
    ['a chosen island only, not topics', story({ scope: 'region', place: 'barbados' }), published('Jamaica', ['business']), false],
    ['a chosen island', story({ scope: 'region', place: 'barbados' }), published('Barbados'), true],
    ['important only: a low-risk story', story({ alert_level: 'high' }), published('Jamaica'), false],
    ['important only: an urgent story', story({ alert_level: 'high' }), published('Jamaica', [], { urgency: 90 }), true],
    ['a storm alert never matches a story', storm(), published('Jamaica'), false],
  ])('%s', (_, alert, event, expected) => {
    expect(readerStoryAlertMatches(alert, event)).toBe(expected);
  });
});

describe('readerAlertInputSchema', () => {
  it('fills the level by kind, needs an island for scope region and refuses one for follows', () => {
    expect(readerAlertInputSchema.parse({ kind: 'storm', scope: 'follows' })).toEqual({ kind: 'storm', scope: 'follows', place: null, alert_level: 'medium' });
    expect(readerAlertInputSchema.parse({ kind: 'story', scope: 'region', place: 'haiti' })).toEqual({
      kind: 'story',
      scope: 'region',
      place: 'haiti',
      alert_level: 'low',
    });
    expect(() => readerAlertInputSchema.parse({ kind: 'story', scope: 'region' })).toThrow(/Choose an island/);
    expect(() => readerAlertInputSchema.parse({ kind: 'story', scope: 'follows', place: 'haiti' })).toThrow();
    expect(() => readerAlertInputSchema.parse({ kind: 'console', scope: 'follows' })).toThrow();
    expect(() => readerAlertInputSchema.parse({ kind: 'storm', scope: 'region', place: 'atlantis' })).toThrow();
  });
});
