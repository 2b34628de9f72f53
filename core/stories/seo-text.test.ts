import { describe, expect, it } from 'vitest';
import { metaDescription, pageTitle, SITE_NAME, topicKeywords } from './seo-text';

describe('pageTitle', () => {
  const suffix = ` | ${SITE_NAME}`;
  const titleOf = (length: number) => 'x'.repeat(length);
  const fits = 60 - suffix.length;

  it('keeps the full site name when the whole title is exactly 60 characters', () => {
    expect(pageTitle(titleOf(fits))).toBe(`${titleOf(fits)}${suffix}`);
    expect(pageTitle(titleOf(fits)).length).toBe(60);
  });
  it('switches to the short mark at 61 characters (the rule appends ... even to a title under 50)', () => {
    expect(pageTitle(titleOf(fits + 1))).toBe(`${titleOf(fits + 1)}... | C360`);
  });
  it('cuts a long title to its first 50 characters', () => {
    expect(pageTitle(`${titleOf(50)}yyyyyyyyyy`)).toBe(`${titleOf(50)}... | C360`);
  });
  it('cuts a 50-character title whose full form is too long', () => {
    expect(pageTitle(titleOf(50))).toBe(`${titleOf(50)}... | C360`);
  });
  it('falls back to the site name', () => {
    expect(pageTitle('')).toBe(SITE_NAME);
    expect(pageTitle(undefined)).toBe(SITE_NAME);
  });
});

describe('metaDescription', () => {
  it('keeps a summary of exactly 150 characters', () => {
    expect(metaDescription('y'.repeat(150), 'Jamaica')).toBe('y'.repeat(150));
  });
  it('cuts a summary of 151 characters to 150 plus ...', () => {
    expect(metaDescription('y'.repeat(151), 'Jamaica')).toBe(`${'y'.repeat(150)}...`);
  });
  it('uses a generic line naming the region when the summary is missing', () => {
    expect(metaDescription('', 'Barbados')).toContain('Barbados');
    expect(metaDescription(null, null)).toContain('the Caribbean');
  });
});

describe('topicKeywords', () => {
  it('takes at most 3 topics from the fixed list, then the region unless Caribbean', () => {
    expect(topicKeywords({ title: 'Housing and tourism lift the economy as government acts', summary: 'hurricane season', region: 'Jamaica' })).toEqual([
      'housing',
      'economy',
      'government',
      'Jamaica',
    ]);
    expect(topicKeywords({ title: 'Hurricane warning', region: 'Caribbean' })).toEqual(['hurricane']);
    expect(topicKeywords({ title: 'Nothing listed here', region: 'Caribbean' })).toEqual([]);
  });
});
