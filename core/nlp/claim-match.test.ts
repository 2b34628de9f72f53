import { describe, expect, it } from 'vitest';
import { compareTexts } from './claim-match';
import { parseDigits, readNumberWords } from './numbers';
import { calendarDay, detectLanguage, readStatement } from './statements';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const compare = (claim: string, report: string, claimDay = '2026-11-18', reportDay = claimDay) =>
  compareTexts({ text: claim, published: day(claimDay) }, { text: report, published: day(reportDay) }).relation;

describe('numbers', () => {
  it.each([
    ['1,200', 'en', 1200],
    ['28.000', 'es', 28000],
    ['5,75', 'es', 5.75],
    ['7.5', 'en', 7.5],
    ['320 000', 'fr', 320000],
    ['1,2,3,4', 'en', undefined],
    ['1.2.3', 'en', undefined],
    ['99999999999999999999999', 'en', undefined],
  ] as const)('%s (%s) → %s', (text, language, value) => {
    expect(parseDigits(text, language)).toBe(value);
  });

  it.each([
    ['three million', 'en', 3e6],
    ['forty five', 'en', 45],
    ['one and a half billion', 'en', 1.5e9],
    ['three hundred and fifty', 'en', 350],
    ['veintiocho mil', 'es', 28000],
    ['trois cent vingt mille', 'fr', 320000],
    ['quatre vingt dix', 'fr', 90],
    ['vijfentwintig', 'nl', 25],
    ['veertig miljoen', 'nl', 4e7],
  ] as const)('%s (%s) → %s', (text, language, value) => {
    expect(readNumberWords(text.split(' '), 0, language)?.value).toBe(value);
  });
});

describe('dates', () => {
  it('has no 31 February, and a date with no year more than six months ahead is last year', () => {
    expect(calendarDay(31, 1, 2026, day('2026-11-18'))).toBeUndefined();
    expect(calendarDay(20, 10, undefined, day('2026-11-18'))).toBe('2026-11-20');
    expect(calendarDay(20, 11, undefined, day('2026-01-05'))).toBe('2025-12-20');
  });

  it('resolves weekdays and day-month forms against the report date', () => {
    expect([...readStatement('The fire broke out on Tuesday.', day('2026-11-18')).days]).toEqual(['2026-11-17']);
    expect([...readStatement('Fares will rise from Monday.', day('2026-11-19')).days]).toEqual(['2026-11-23']);
    expect([...readStatement('Un sismo sacudió el país el 19 de noviembre.', day('2026-11-20')).days]).toEqual(['2026-11-19']);
    expect([...readStatement('It happened on 31 February.', day('2026-11-20')).days]).toEqual([]);
  });
});

describe('claim matcher', () => {
  it.each([
    ['a quarter = 25 per cent', 'Antigua plans to cut its emissions by a quarter by 2030.', 'Antigua aims to reduce its emissions 25 per cent by 2030.'],
    ['halved = 50% fall', 'Murders in Jamaica were halved this year.', 'Jamaica recorded a 50 per cent fall in murders this year.'],
    [
      'three million = 3,000,000',
      'The IDB approved US$3,000,000 for the water system in Dominica.',
      'The IDB approved three million US dollars for the Dominica water system.',
    ],
    ['EC$8 = eight Eastern Caribbean dollars', 'Bus fares in St Lucia will rise to EC$8.', 'St Lucia bus fares will rise to eight Eastern Caribbean dollars.'],
    [
      'on Tuesday = Nov 17',
      'The Bank of Jamaica raised its policy rate to 7.5% on Tuesday.',
      'The Bank of Jamaica increased the policy rate to 7.5 per cent on Nov 17.',
    ],
    ['lifted = raised, BOJ = Bank of Jamaica', 'The Bank of Jamaica raised its policy rate to 7.5 per cent.', 'BOJ lifted the policy rate to 7.5%.'],
    ['called off = cancelled', 'The CPL final in Guyana was called off because of rain.', 'The CPL final in Guyana was cancelled after heavy rain.'],
    [
      'Spanish words and digits',
      'Unos veintiocho mil haitianos fueron deportados en octubre.',
      'La República Dominicana deportó a 28.000 haitianos en octubre.',
    ],
  ])('%s: supports', (_name, claim, report) => {
    expect(compare(claim, report)).toBe('supports');
  });

  it.each([
    [
      'another figure for the same thing',
      'Four homes were destroyed by the fire in Ocho Rios.',
      'Five homes were destroyed by the fire in Ocho Rios.',
      'contradicts',
    ],
    [
      'another day for the same fact',
      'Keron made landfall in Haiti on Tuesday with winds of 105 mph.',
      'Keron made landfall in Haiti on Monday with winds of 105 mph.',
      'contradicts',
    ],
    [
      'the day it was said is not the fact’s date',
      'Visitor arrivals to the Dominican Republic rose 6 per cent to 9.1 million in the first ten months of the year, the tourism ministry said on Monday.',
      'The Dominican Republic counted 9.1 million visitors in the ten months to October, up 6 per cent, its tourism ministry said.',
      'supports',
    ],
    [
      'one sentence of the claim told in two',
      'Saint Lucia will raise its minimum wage to EC$8 an hour on January 1, benefiting around 9,000 workers, the labour minister said on Tuesday.',
      "Saint Lucia's national minimum wage will rise to EC$8 an hour from January 1, Labour Minister Chalice Alexander told Parliament on Tuesday. About 9,000 workers are expected to benefit, the ministry said.",
      'supports',
    ],
    [
      'two sentences that are not running',
      'Saint Lucia will raise its minimum wage to EC$8 an hour on January 1, benefiting around 9,000 workers.',
      "Saint Lucia's national minimum wage will rise to EC$8 an hour from January 1. The new rate applies to all sectors. About 9,000 workers are expected to benefit.",
      'unrelated',
    ],
    [
      'a year decades away is another fact beside it',
      'The 2027 CARIFTA Games will be held in Grenada from March 27 to 29 at the Kirani James Athletic Stadium.',
      "The Games, first held in 1972, have launched the careers of many champions, including Grenada's own Kirani James.",
      'unrelated',
    ],
    [
      'a year near the other is another date for the same fact',
      'The CARIFTA Games will be held in Grenada in 2027 at the Kirani James Athletic Stadium.',
      'The CARIFTA Games will be held in Grenada in 2028 at the Kirani James Athletic Stadium.',
      'contradicts',
    ],
    ['another thing counted', 'Murders in Jamaica fell by half this year.', 'Shootings in Jamaica were down 18 per cent this year.', 'unrelated'],
    [
      'another place',
      'Curaçao verhoogt het minimumloon met 5 procent per 1 januari.',
      'Aruba verhoogt het minimumloon met 5 procent per 1 januari.',
      'unrelated',
    ],
    ['another time', 'The Bahamas recorded 9.6 million visitors last year.', 'The Bahamas expects 10 million visitors this year.', 'unrelated'],
    [
      'a duration that is the fact must be stated (not taken for a time frame)',
      'The new cruise terminal in Roseau was built in 14 months.',
      'The new cruise terminal in Roseau was built by a Chinese contractor.',
      'unrelated',
    ],
    [
      'a duration that is the fact, beside another span of time',
      'The new cruise terminal in Roseau was built in 14 months.',
      'The new cruise terminal in Roseau opened on Monday after two years of delays.',
      'unrelated',
    ],
    [
      'the same duration in words',
      'The new cruise terminal in Roseau was built in 14 months.',
      'Construction of the new Roseau cruise terminal took fourteen months, the port authority said.',
      'supports',
    ],
    [
      'more than doubled = a figure and the one it replaced',
      'Cruise calls to Dominica more than doubled this season to 180 ships.',
      'Dominica expects 180 cruise ship calls this season, up from 80 last season.',
      'supports',
    ],
    [
      'a rise short of doubling',
      'Cruise calls to Dominica more than doubled this season to 180 ships.',
      'Cruise ship calls to Dominica rose to 180 this season, up from 150.',
      'contradicts',
    ],
    [
      'the opposite action',
      'The BWA said supply to St Philip would be restored on Thursday.',
      'The BWA said a burst main cut supply to St Philip on Thursday.',
      'unrelated',
    ],
  ])('%s: %s', (_name, claim, report, relation) => {
    expect(compare(claim, report)).toBe(relation);
  });

  it('reads bad input without crashing and never takes it as support', () => {
    expect(compare('The fire destroyed 1,2,3,4 homes in Ocho Rios.', 'The fire destroyed 4 homes in Ocho Rios.')).not.toBe('supports');
    expect(compare('The fund holds 99999999999999999999999 dollars.', 'The fund holds 99999999999999999999999 dollars.')).not.toBe('contradicts');
    expect(compare('The market was destroyed on 31 February.', 'The market was destroyed on 31 February.')).not.toBe('contradicts');
    expect(compare('', '')).toBe('unrelated');
    expect(compare('x'.repeat(10_000), '9'.repeat(5000))).toBe('unrelated');
  });

  it('reads a night as running into the next morning, and another night as another day', () => {
    const claim = 'Keron passed south of Barbados on Wednesday night with sustained winds of 60 mph.';
    const lifted = 'The storm watch for Barbados was discontinued on Thursday morning after Keron passed south of the island with sustained winds of 60 mph.';
    expect(compare(claim, lifted, '2026-11-19')).toBe('supports');
    expect(compare(claim, 'Keron passed south of Barbados early Thursday, packing sustained winds of 60 mph.', '2026-11-19')).toBe('supports');
    expect(compare(claim, 'Keron passed south of Barbados on Thursday night with sustained winds of 60 mph.', '2026-11-19')).toBe('contradicts');
    expect(compare(claim, 'Keron passed south of Barbados on Tuesday night with sustained winds of 60 mph.', '2026-11-19')).toBe('contradicts');
    const fire = 'A fire broke out at the Marchand Road market on Saturday night, the fire service said.';
    expect(compare(fire, 'Firefighters fought a fire that broke out at the Marchand Road market early Sunday.', '2026-11-23')).toBe('supports');
    expect(compare(fire, 'A fire broke out at the Marchand Road market on Friday night, the fire service said.', '2026-11-23')).toBe('contradicts');
  });

  it('reads a sentence too short to tell its language in its report\u2019s language', () => {
    expect(detectLanguage('Barbadian fast bowler Jaden Warner-Best earns a first call-up.')).toBeUndefined();
    expect(
      compare(
        'Jaden Warner-Best, a Barbadian fast bowler, earns a first call-up for the series.',
        'Cricket West Indies named a 15-member squad on Wednesday for the three-Test home series against Sri Lanka. Barbadian fast bowler Jaden Warner-Best earns a first call-up.',
      ),
    ).toBe('supports');
    // A report in a language the rules do not read lends none.
    expect(compare('Three people died in the floods.', 'Twa moun mouri nan inondasyon yo. Three people died.')).toBe('unrelated');
  });

  it('takes nothing from a language the rules do not read', () => {
    expect(detectLanguage('Twa moun mouri nan inondasyon yo nan Okap.')).toBeUndefined();
    expect(compare('Three people died in the floods in Cap-Haitien.', 'Twa moun mouri nan inondasyon yo nan Okap.')).toBe('unrelated');
    expect(compare('Drei Menschen starben bei den Überschwemmungen in Cap-Haitien.', 'Drei Menschen starben bei den Überschwemmungen in Cap-Haitien.')).toBe(
      'unrelated',
    );
  });
});

describe('vote tallies and scores', () => {
  const claim = 'Parliament voted 21-3 to pass the Data Protection Bill, which lets the regulator fine firms.';
  it.each([
    ['21-3', 'The bill passed 21-3 and lets the regulator fine companies.'],
    ['21–3 (en dash)', 'The bill passed 21–3 and lets the regulator fine companies.'],
    ['21 to 3', 'Lawmakers approved the Data Protection Bill 21 to 3, letting the regulator fine businesses.'],
    ['by 21 votes to 3', 'The bill passed by 21 votes to 3 and lets the regulator fine companies.'],
    ['21 votes in favour and 3 against', 'The Data Protection Bill was adopted with 21 votes in favour and 3 against; the regulator may fine firms.'],
    ['21 for, 3 against', 'The Data Protection Bill passed 21 for, 3 against, letting the regulator fine firms.'],
    ['a 21-3 vote', 'In a 21-3 vote, parliament approved the bill that lets the regulator fine companies.'],
  ])('"%s" states the same tally', (_form, report) => {
    expect(compare(claim, report)).toBe('supports');
  });

  it.each([
    ['21-3 vs 20-4', 'The bill passed 20-4 and lets the regulator fine companies.'],
    ['21-3 vs by 20 votes to 4', 'The bill passed by 20 votes to 4 and lets the regulator fine companies.'],
    ['21-3 vs 21 votes in favour and 2 against', 'The Data Protection Bill was adopted with 21 votes in favour and 2 against; the regulator may fine firms.'],
  ])('%s: the same vote with another tally contradicts', (_case, report) => {
    expect(compare(claim, report)).toBe('contradicts');
  });

  it('reads the demo outlets as stating the same vote', () => {
    expect(
      compare(
        "Barbados' lower house voted 21-3 on Tuesday for amendments that let the data protection regulator fine firms up to BDS$500,000 for breaches.",
        'The House of Assembly passed the Data Protection (Amendment) Bill on Tuesday by 21 votes to 3, giving the Data Protection Commissioner power to fine companies up to BDS$500,000.',
        '2026-11-19',
      ),
    ).toBe('supports');
  });

  it('reads Spanish and French tallies', () => {
    expect(compare('El parlamento aprobó la ley de datos por 21 votos a favor y 3 en contra.', 'El parlamento aprobó la ley de datos 21-3.')).toBe('supports');
    expect(compare('El parlamento aprobó la ley de datos por 21 votos a favor y 3 en contra.', 'El parlamento aprobó la ley de datos 20-4.')).toBe(
      'contradicts',
    );
    expect(compare("L'Assemblée a adopté la loi sur les données par 21 voix contre 3.", "L'Assemblée a adopté la loi sur les données 21-3.")).toBe('supports');
  });

  it('reads a tally as one figure, either way round, and a range as two', () => {
    const tallies = (text: string) =>
      readStatement(text, day('2026-11-18'))
        .quantities.filter((q) => q.against !== undefined)
        .map((q) => [q.value, q.against]);
    expect(tallies('The House voted 21-3 on Tuesday.')).toEqual([[21, 3]]);
    expect(tallies('The motion was carried by 21 votes to 3.')).toEqual([[21, 3]]);
    expect(tallies('Jamaica beat Trinidad and Tobago 2-1 on Tuesday.')).toEqual([[2, 1]]);
    expect(tallies('Between 20-30 people were hurt.')).toEqual([]);
    expect(tallies('Rainfall of 3-4 inches is expected from 5 to 7 pm.')).toEqual([]);
    expect(tallies('The storm hit on 2026-11-18.')).toEqual([]);
  });

  it('keeps reading sports scores as before', () => {
    const jamaica = 'Jamaica beat Trinidad and Tobago 2-1 on Tuesday.';
    expect(compare(jamaica, 'A goal three minutes from time gave Jamaica a 2-1 Nations League win over Trinidad and Tobago on Tuesday.')).toBe('supports');
    expect(compare(jamaica, 'Trinidad and Tobago lost 1-2 to Jamaica on Tuesday.')).toBe('supports');
    expect(compare(jamaica, 'Jamaica beat Trinidad and Tobago 3-1 on Tuesday.')).toBe('contradicts');
    expect(compare(jamaica, 'Jamaica beat Haiti 3-0 on Tuesday.')).toBe('unrelated');
  });
});

describe('paraphrase word pairs', () => {
  it.each([
    ['firms = companies, voted = vote', 'Small firms voted against the merger.', 'Small companies cast a vote against the merger.'],
    ['businesses = firms, voted = vote', 'Small businesses voted against the merger.', 'In a vote, small firms rejected the merger.'],
    ['companies = businesses, voting = voted', 'Voting companies backed the merger.', 'Businesses voted to back the merger.'],
  ])('%s', (_pair, claim, report) => {
    expect(compare(claim, report)).toBe('supports');
  });

  it('keeps other words apart', () => {
    expect(compare('Small firms voted against the merger.', 'Small farmers protested against the merger.')).toBe('unrelated');
  });
});

describe('undecided by the rule (a model may be asked): the same figures told in other words, and nothing else', () => {
  const undecided = (claim: string, report: string) => {
    const c = compareTexts({ text: claim, published: day('2026-11-18') }, { text: report, published: day('2026-11-18') });
    return c.undecidedExcerpt === undefined ? c.relation : 'undecided';
  };
  it.each([
    [
      'The Dominican Republic deported 28,000 Haitians in October.',
      'Dominican authorities sent 28,000 Haitian migrants back across the border in October.',
      'undecided',
    ],
    ['The Jamaica Labour Party won 35 of the 63 seats in Parliament.', "The JLP took thirty-five of Parliament's sixty-three seats.", 'undecided'],
    // Decided by the rule, never asked: the same fact, another value, another day, the opposite action.
    ['The Dominican Republic deported 28,000 Haitians in October.', 'The Dominican Republic deported 28,000 Haitians in October, officials said.', 'supports'],
    ['The Dominican Republic deported 28,000 Haitians in October.', 'The Dominican Republic deported 31,000 Haitians in October.', 'contradicts'],
    [
      'Four people were killed in a crash on the Mandela Highway on Monday.',
      'Four people were injured in a crash on the Mandela Highway in June.',
      'unrelated',
    ],
    // No figure to pin the fact: a near miss in words is another fact, not undecided.
    ['A fire destroyed the Castries market on Sunday night.', 'Vendors at the Castries market had complained about electrical faults.', 'unrelated'],
    // The figure is not there: about something else.
    ['The Guyana Elections Commission said turnout was 72 per cent.', 'GECOM said 720 polling stations were open on election day.', 'unrelated'],
  ])('%s || %s → %s', (claim, report, expected) => {
    expect(undecided(claim, report)).toBe(expected);
  });
});
