import { describe, expect, it } from 'vitest';
import { findQuotesIn } from './quotes';

/** The forms the labelled set (test/fixtures/quotes) measures, one each, as a table; the set itself is scored by bench:summaries. */
describe('findQuotesIn', () => {
  it.each([
    [
      'speaker after, described in lower case',
      '"Pan is alive in every panyard in Laventille tonight," said Desperadoes captain Curtis Pierre.',
      [{ quote: 'Pan is alive in every panyard in Laventille tonight', author: 'Curtis Pierre', role: 'Desperadoes captain' }],
    ],
    [
      'speaker set off by commas after a description',
      '"We are not closing the plant," the company\'s chief executive, Richard Byles, told the Gleaner on Monday.',
      [{ quote: 'We are not closing the plant', author: 'Richard Byles', role: "company's chief executive" }],
    ],
    [
      'according to, after',
      '"We have no water since Friday and the trucks do not come up the hill," according to Sharon Mitchell, a shopkeeper in Gordon Town.',
      [{ quote: 'We have no water since Friday and the trucks do not come up the hill', author: 'Sharon Mitchell', role: 'a shopkeeper in Gordon Town' }],
    ],
    [
      'according to, before',
      'According to Health Minister Christopher Tufton, "the dengue cases have doubled in the Corporate Area since September."',
      [{ quote: 'the dengue cases have doubled in the Corporate Area since September.', author: 'Christopher Tufton', role: 'Health Minister' }],
    ],
    [
      'Spanish guillemets, dijo',
      '«Vamos a reconstruir cada escuela antes de que empiece el año escolar», dijo el ministro de Educación, Ángel Hernández.',
      [{ quote: 'Vamos a reconstruir cada escuela antes de que empiece el año escolar', author: 'Ángel Hernández', role: 'ministro de Educación' }],
    ],
    [
      'French guillemets, selon',
      "Selon Marie-Claude Joseph, présidente de l'association, « les femmes ont perdu trois semaines de revenus ».",
      [{ quote: 'les femmes ont perdu trois semaines de revenus', author: 'Marie-Claude Joseph', role: "présidente de l'association" }],
    ],
    [
      'a split quotation: both parts',
      'JPS spokesman Winston Watson spoke on Monday. "We expect 90 per cent of customers to have power by Friday," he said, "but some rural lines will take longer."',
      [
        { quote: 'We expect 90 per cent of customers to have power by Friday', author: 'Winston Watson', role: null },
        { quote: 'but some rural lines will take longer.', author: 'Winston Watson', role: null },
      ],
    ],
    [
      'a quotation over two paragraphs',
      'Prime Minister Mia Mottley spoke in Parliament.\n"We will build it with private money or not at all.\n"This is not a project for the taxpayer," Mottley said.',
      [{ quote: 'We will build it with private money or not at all. This is not a project for the taxpayer', author: 'Mia Mottley', role: 'Prime Minister' }],
    ],
    [
      'a nested quotation stays inside',
      '"He told me, \'Go home, the road is closed,\' so we slept in the car," said Andre Persaud, a taxi driver.',
      [{ quote: "He told me, 'Go home, the road is closed,' so we slept in the car", author: 'Andre Persaud', role: 'a taxi driver' }],
    ],
    [
      'a partial quotation long enough to stand alone',
      'Opposition MP Ganesh Mahabir said the budget was "a document for the rich", and that "ordinary families will pay for this with their groceries".',
      [{ quote: 'ordinary families will pay for this with their groceries', author: 'Ganesh Mahabir', role: 'Opposition MP' }],
    ],
    [
      'the subject of the sentence before, not the last name in it',
      'Vendor Paulette Grant, who has sold fish at the Coronation Market for 30 years, said business had halved. "People don\'t have the money," she said.',
      [{ quote: "People don't have the money", author: 'Paulette Grant', role: null }],
    ],
  ])('%s', (_name, text, expected) => {
    expect(findQuotesIn(text)).toEqual(expected);
  });

  it.each([
    ['a quotation never closed', 'The minister said: "We are not going to stand by while the banks charge these fees\nThe bill will be tabled next month.'],
    [
      'a quotation never closed, before a closed one',
      'The minister said: "We are going to fight this all the way\nThe union said it would meet "as soon as possible," the statement said.',
    ],
    ['song and film titles', 'Kes will perform his hit "Savannah Grass Is Where We Go" while the film "Sweet Hand of the Caribbean Sea" closes the festival.'],
    ['a sign', 'The sign at the gate read "Closed until further notice by order of the Board".'],
    ['an unnamed speaker', '"We hear that every year and nothing happens," said one woman who sells yam.'],
    [
      'the next sentence is not an attribution',
      'De minister zei: "Wij gaan de gevangenis binnen een jaar renoveren."\nBuurtbewoner Ramon Sital zei dat het tijd werd.',
    ],
  ])('no quotation: %s', (_name, text) => {
    expect(findQuotesIn(text)).toEqual([]);
  });

  it('a report that is all quotations: only the attributed ones', () => {
    const text = Array.from({ length: 200 }, (_, i) => `"We will rebuild home number ${i} before Christmas,"`).join(' ');
    expect(findQuotesIn(text)).toEqual([]);
    expect(findQuotesIn(`${text} said Jane Doe.`)).toHaveLength(1);
  });
});
