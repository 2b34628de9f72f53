import { describe, expect, it } from 'vitest';
import { followsSchema, regionKey, storyMatchesFollows } from './follow-rules';

describe('regionKey', () => {
  it.each([
    ['Jamaica', 'jamaica'],
    ['Kingston, Jamaica', 'jamaica'],
    ['Trinidad and Tobago', 'trinidad-and-tobago'],
    ['Tobago', 'trinidad-and-tobago'],
    ['Dominican Republic', 'dominican-republic'],
    ['Dominica', 'dominica'],
    ['Saint Vincent and the Grenadines', 'saint-vincent-and-the-grenadines'],
    ['Grenada', 'grenada'],
    ['St Lucia', 'saint-lucia'],
    ['St Kitts', 'saint-kitts-and-nevis'],
    ['Caribbean', 'caribbean'],
    ['West Indies', 'caribbean'],
    ['Canada', null],
    ['', null],
  ])('%s → %s', (region, key) => {
    expect(regionKey(region)).toBe(key);
  });
});

describe('followsSchema', () => {
  it('keeps known islands and topics once each and refuses anything else', () => {
    expect(followsSchema.parse({ regions: ['jamaica', 'jamaica'], topics: ['business'] })).toEqual({ regions: ['jamaica'], topics: ['business'] });
    expect(followsSchema.parse({})).toEqual({ regions: [], topics: [] });
    expect(() => followsSchema.parse({ regions: ['atlantis'] })).toThrow();
    expect(() => followsSchema.parse({ topics: ['gossip'] })).toThrow();
    expect(() => followsSchema.parse({ regions: [], extra: 1 })).toThrow();
  });
});

describe('storyMatchesFollows', () => {
  const follows = { regions: ['jamaica' as const], topics: ['business' as const] };
  it.each([
    [{ region: 'Jamaica', sections: [] }, true],
    [{ region: 'Barbados', sections: ['business'] }, true],
    [{ region: 'Barbados', sections: ['sports'] }, false],
    [{ region: 'Caribbean', sections: [] }, false],
  ])('%o → %s', (story, expected) => {
    expect(storyMatchesFollows(follows, story)).toBe(expected);
  });
});
