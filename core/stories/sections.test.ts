import { describe, expect, it } from 'vitest';
import { matchesSection, parseSection, sectionHeading, sectionSubtitle, sourceCountLabel, storiesFoundLine, storySections } from './sections';

const story = (title: string, summary = '', tags: string[] = []) => ({ title, summary, tags });

describe('parseSection', () => {
  it.each([
    ['latest', { kind: 'latest', section: 'latest' }],
    ['Caribbean', { kind: 'latest', section: 'caribbean' }],
    ['BUSINESS', { kind: 'keyword', section: 'business' }],
    ['weather', { kind: 'keyword', section: 'weather' }],
    ['lifestyle', { kind: 'unknown', section: 'lifestyle' }],
    ['', { kind: 'unknown', section: '' }],
  ])('%s', (raw, expected) => {
    expect(parseSection(raw)).toEqual(expected);
  });
});

describe('matchesSection', () => {
  it('matches keywords in tags, title or summary, case-insensitively', () => {
    expect(matchesSection(story('Minister speaks'), 'politics')).toBe(true);
    expect(matchesSection(story('Quiet day', 'The TRADE deficit widened'), 'business')).toBe(true);
    expect(matchesSection(story('Quiet day', '', ['Cricket']), 'sports')).toBe(true);
    expect(matchesSection(story('Quiet day'), 'sports')).toBe(false);
  });
  it('matches by substring, as the spec does (art inside party)', () => {
    expect(matchesSection(story('Party leaders meet'), 'culture')).toBe(true);
  });
  it('lists every section a story belongs to', () => {
    expect(storySections(story('Hurricane hits cricket ground', 'Government promises aid'))).toEqual(['politics', 'weather', 'sports']);
  });
});

describe('section texts', () => {
  it('gives the heading, subtitle and count line', () => {
    expect(sectionHeading(parseSection('latest'))).toBe('Latest Caribbean Intelligence');
    expect(sectionHeading(parseSection('caribbean'))).toBe('Latest Caribbean Intelligence');
    expect(sectionHeading(parseSection('sports'))).toBe('Sports');
    expect(sectionSubtitle(parseSection('latest'))).toBe('The most recent analysis from across the Caribbean');
    expect(sectionSubtitle(parseSection('business'))).toBe('Latest analysis from the Caribbean business sector');
    expect(storiesFoundLine(0)).toBe('0 stories found');
    expect(storiesFoundLine(1)).toBe('1 story found');
    expect(storiesFoundLine(2)).toBe('2 stories found');
    expect(sourceCountLabel(1)).toBe('1 source');
    expect(sourceCountLabel(3)).toBe('3 sources');
  });
});
