import { describe, expect, it } from 'vitest';
import { containsTerm, describeRule, matchesRule, matchingRules, ruleInputSchema, type CurationRule } from './curation-rules';

const story = {
  title: 'Remittances to Jamaica rise as diaspora sends more home',
  summary: 'Money sent home grew 8 per cent, the central bank said.',
  tags: ['economy', 'Diaspora'],
  topics: ['finance'],
  region: 'Jamaica',
  urgency: 72,
  indicators: ['GDP growth (annual %)'],
};

const rule = (type: CurationRule['type'], criteria: CurationRule['criteria'], extra: Partial<CurationRule> = {}): CurationRule => ({
  id: type,
  name: `${type} rule`,
  type,
  criteria,
  priority: 1,
  enabled: true,
  ...extra,
});

describe('curation rules', () => {
  it.each([
    ['urgency at the threshold', rule('urgency', { threshold: 72 }), true],
    ['urgency below the threshold (the spec rule: 80)', rule('urgency', { threshold: 80 }), false],
    ['keyword in the title, any case', rule('keyword', { keywords: ['REMITTANCES', 'tourism'] }), true],
    ['keyword as a whole word only', rule('keyword', { keywords: ['remit'] }), false],
    ['keyword not present', rule('keyword', { keywords: ['tourism', 'education'] }), false],
    ['topic among the tags', rule('topic', { topics: ['economy'] }), true],
    ['topic among the indicators (GDP)', rule('topic', { topics: ['GDP', 'inflation'] }), true],
    ['topic words in the text do not count', rule('topic', { topics: ['money'] }), false],
    ['region', rule('region', { regions: ['jamaica'] }), true],
    ['another region', rule('region', { regions: ['Barbados'] }), false],
  ])('%s', (_name, r, expected) => {
    expect(matchesRule(r, story)).toBe(expected);
  });

  it('orders matching enabled rules by priority and ignores disabled ones', () => {
    const rules = [
      rule('keyword', { keywords: ['remittances'] }, { name: 'Diaspora keywords', priority: 2 }),
      rule('topic', { topics: ['GDP'] }, { name: 'Economic topics', priority: 3 }),
      rule('region', { regions: ['Jamaica'] }, { name: 'Jamaica', priority: 1, enabled: false }),
    ];
    expect(matchingRules(rules, story).map((r) => r.name)).toEqual(['Diaspora keywords', 'Economic topics']);
  });

  it('matches phrases and punctuation-safe terms', () => {
    expect(containsTerm('New cruise-ship tourism levy', 'tourism')).toBe(true);
    expect(containsTerm('A C++ course (education)', 'C++')).toBe(true);
    expect(containsTerm('Foreign direct investment grows', 'direct investment')).toBe(true);
  });

  it('validates criteria by rule type', () => {
    expect(ruleInputSchema.parse({ name: 'x', type: 'urgency', criteria: { threshold: 80 } })).toMatchObject({
      priority: 1,
      enabled: true,
      criteria: { threshold: 80 },
    });
    expect(ruleInputSchema.safeParse({ name: 'x', type: 'urgency', criteria: { threshold: 101 } }).success).toBe(false);
    expect(ruleInputSchema.safeParse({ name: 'x', type: 'keyword', criteria: { threshold: 80 } }).success).toBe(false);
    expect(ruleInputSchema.safeParse({ name: 'x', type: 'keyword', criteria: { keywords: [] } }).success).toBe(false);
    expect(ruleInputSchema.safeParse({ name: '', type: 'region', criteria: { regions: ['Haiti'] } }).success).toBe(false);
    expect(ruleInputSchema.safeParse({ name: 'x', type: 'sql', criteria: {} }).success).toBe(false);
    expect(ruleInputSchema.safeParse({ name: 'x', type: 'region', criteria: { regions: ['Haiti'] }, priority: 11 }).success).toBe(false);
    const issues = ruleInputSchema.safeParse({ name: 'x', type: 'topic', criteria: { topics: 'GDP' } });
    expect(issues.success ? [] : issues.error.issues.map((i) => i.path.join('.'))).toEqual(['criteria.topics']);
  });

  it('describes a rule in one line', () => {
    expect(describeRule(rule('urgency', { threshold: 80 }))).toBe('Urgency 80 or more');
    expect(describeRule(rule('keyword', { keywords: ['remittances', 'tourism'] }))).toBe('Mentions remittances, tourism');
  });
});
