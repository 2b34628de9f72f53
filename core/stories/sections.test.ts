import { describe, expect, it } from 'vitest';
import { keywordSections, matchesSection, parseSection, sectionHeading, sectionSubtitle, sourceCountLabel, storiesFoundLine, storySections } from './sections';

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
  it('keywordSections (the old rule, bench:sections baseline) lists every keyword section', () => {
    expect(keywordSections(story('Hurricane hits cricket ground', 'Government promises aid'))).toEqual(['politics', 'weather', 'sports']);
  });
});

describe('storySections (the topic classifier)', () => {
  // The demo's misfilings (issue 24): title and lead as the demo's feeds carry them.
  const callUp = story(
    'West Indies call up uncapped Warner-Best for Sri Lanka Tests',
    'West Indies selectors on Wednesday named uncapped Barbadian pace bowler Jaden Warner-Best in a 15-man squad for three home Tests against Sri Lanka starting December 3 in Bridgetown.',
  );
  const minimumWage = story(
    'Saint Lucia raises minimum wage to EC$8 an hour',
    "Saint Lucia's national minimum wage will rise to EC$8 an hour from January 1, Labour Minister Chalice Alexander told Parliament on Tuesday.",
  );
  const borderMarket = story(
    'Dajabón border market reopens after ministers meet',
    'The binational market at Dajabón reopened on Monday after Haitian and Dominican ministers agreed in Santo Domingo to extend trading hours to Mondays and Fridays from 7 a.m. to 5 p.m.',
  );

  it('files a cricket call-up under sports, not business or culture, even when it mentions money or a festival', () => {
    expect(storySections(callUp)[0]).toBe('sports');
    for (const s of [
      callUp,
      story(callUp.title, `${callUp.summary} Each player earns a US$5,000 match fee, and the series opens during the Kensington cricket festival.`),
    ]) {
      expect(storySections(s)[0]).toBe('sports');
      expect(storySections(s)).not.toContain('business');
      expect(storySections(s)).not.toContain('culture');
    }
  });
  it('files a minimum-wage rise under business or politics, not weather, during a hurricane too', () => {
    const duringStorm = story(minimumWage.title, minimumWage.summary, ['Saint Lucia', 'tropical storm']);
    for (const s of [minimumWage, duringStorm]) {
      expect(['business', 'politics']).toContain(storySections(s)[0]);
      expect(storySections(s)).not.toContain('weather');
    }
  });
  it('files the Dajabón border market under business, not technology', () => {
    expect(storySections(borderMarket)[0]).toBe('business');
    expect(storySections(borderMarket)).not.toContain('technology');
  });
  it('files storms under weather even when they close hotels or cost money', () => {
    expect(
      storySections(
        story('Hurricane Keron shuts resorts across Saint Lucia', 'Hoteliers said losses could reach US$30 million as the storm tore roofs off.'),
      )[0],
    ).toBe('weather');
    expect(storySections(story('Hurricane hits cricket ground', 'Government promises aid'))[0]).toBe('weather');
  });
  it('gives a story no section rather than a wrong one, and at most two', () => {
    expect(storySections(story('Party leaders meet'))).not.toContain('culture'); // no more "art" inside "party"
    expect(storySections(story('Two men held after Laventille shooting', 'Police recovered a pistol and ammunition.'))).toEqual([]);
    expect(storySections(story('Quiet day'))).toEqual([]);
  });
  it.each([
    ['business', 'Republic Bank profit rises on loan growth', 'Net profit rose 9 per cent in the half year.'],
    ['politics', 'Prime minister calls general election for March', 'Parliament will be dissolved next week.'],
    ['weather', 'Tropical storm watch for the Windward Islands', 'Forecasters expect the system to strengthen.'],
    ['sports', 'Reggae Boyz beat Costa Rica in World Cup qualifier', 'Jamaica won 2-1 at the National Stadium.'],
    ['culture', 'Reggae Sumfest announces headliners', 'The festival returns to Montego Bay in July.'],
    ['technology', 'Hackers breach ministry email system', 'The government said a cyber attack had exposed staff data.'],
  ])('can fill the %s section', (section, title, lead) => {
    expect(storySections(story(title, lead))[0]).toBe(section);
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
