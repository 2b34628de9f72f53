import { beforeAll, describe, expect, it } from 'vitest';
import { splitSentences } from '../../nlp/analyse';
import { summariseOffline } from './offline-provider';

/**
 * Bad input: the offline writer runs on the server's event loop, so its text handling must stay
 * linear. Each document here is about 1 MB of text crafted against one step (quotation matching,
 * tokenising, name finding); before the fix, the first took about a minute and the third (100 kB of it) 12 s.
 */

const MB = 1_000_000;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

const DOCUMENTS: [string, string][] = [
  ['names and speech verbs with no comma or colon (the old quotation patterns backtracked over all of it)', fill('Jane Doe told reporters ')],
  ['long quote-like runs', fill('"Jane Doe told reporters that the Minister Said Yes and ')],
  ['one run without spaces', fill('a.')],
  ['quotation marks only', fill('"“”')],
  ['thousands of capitalised words', fill('Minister Jane Doe Of The Bank Said ')],
  ['quotations opened and never closed', fill('“We will rebuild every home in Ocho Rios ')],
];

describe('the offline writer on adversarial text', () => {
  // The language model loads once per process (~100 ms, seconds on a busy machine): not part of what is timed.
  beforeAll(() => void splitSentences('Warm up.'));

  it.each(DOCUMENTS)('%s: finishes within 2 s with a sane story', (_name, text) => {
    const started = performance.now();
    const story = summariseOffline({
      storyId: 'bad',
      now: new Date('2026-11-20T12:00:00Z'),
      sources: [
        {
          id: 'a',
          outlet: 'Crafted Feed',
          title: 'Fire destroys four homes in Ocho Rios',
          summary: 'A fire destroyed four homes in Ocho Rios on Monday, the fire brigade said.',
          text,
          author: null,
          url: null,
          publishedAt: '2026-11-20T10:00:00Z',
        },
      ],
    });
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2000);
    expect(story.title).toBe('Fire destroys four homes in Ocho Rios');
    expect(JSON.stringify(story).length).toBeLessThan(20_000);
  });
});

/**
 * Bad reports of a realistic kind (issue 24): each finishes in bounded time and leaves a layer empty
 * rather than fill it with something wrong.
 */
const words = (n: number, vocabulary: string[]) => Array.from({ length: n }, (_, i) => vocabulary[(i * 7) % vocabulary.length]).join(' ');
const PROSE = 'the council met in Castries and agreed to repair the market roof before the rainy season with money from the road fund'.split(' ');
const BAD_REPORTS: [string, string, (story: ReturnType<typeof summariseOffline>) => void][] = [
  [
    'a report that is all quotations, none attributed',
    Array.from({ length: 400 }, (_, i) => `"We will rebuild the market number ${i} before the rains come."`).join(' '),
    (story) => expect(story.layers.what_locals_saying.quotes).toEqual([]),
  ],
  [
    'quotations without closing marks',
    Array.from({ length: 400 }, (_, i) => `Vendor Jane Doe said: "We will rebuild stall ${i} before the rains come and`).join('\n'),
    (story) => expect(story.layers.what_locals_saying.quotes).toEqual([]),
  ],
  [
    'a 10,000-word report',
    Array.from(
      { length: 500 },
      (_, i) => `The council agreed to repair ${i + 2} stalls in the market on Monday. "We will finish the roof by Friday," said Mayor Peterson Francis.`,
    ).join('\n'),
    (story) => {
      // Read up to its bound: one quotation (the same words each time), with its speaker.
      expect(story.layers.what_locals_saying.quotes.map((q) => q.author)).toEqual(['Peterson Francis']);
    },
  ],
  [
    'a report with no sentence boundaries',
    words(10_000, PROSE),
    (story) => {
      expect(story.layers.what_happened.sentences.map((s) => s.text)).toEqual(['Fire destroys four homes in Ocho Rios.']);
      expect(story.layers.what_locals_saying).toEqual({ sentences: [], quotes: [] });
      expect(story.layers.why_it_matters.sentences).toEqual([]);
    },
  ],
  [
    'a report in a language the writer does not know',
    words(3_000, 'zorbak velim tuun astari, pelkko. Drava "niemo sarkka velin tuun astari polka," zorbak mirel. Kvast nuuro!'.split(' ')),
    (story) => {
      expect(story.layers.what_locals_saying.quotes).toEqual([]);
      expect(story.layers.why_it_matters.sentences).toEqual([]);
      expect(story.layers.our_take.sentences).toEqual([]);
    },
  ],
];

describe('the offline writer on bad reports', () => {
  beforeAll(() => void splitSentences('Warm up.'));

  it.each(BAD_REPORTS)('%s: finishes within 2 s, leaving layers empty rather than wrong', (_name, text, check) => {
    const started = performance.now();
    const story = summariseOffline({
      storyId: 'bad',
      now: new Date('2026-11-20T12:00:00Z'),
      sources: [
        {
          id: 'a',
          outlet: 'Crafted Feed',
          title: 'Fire destroys four homes in Ocho Rios',
          summary: '',
          text,
          author: null,
          url: null,
          publishedAt: '2026-11-20T10:00:00Z',
        },
      ],
    });
    expect(performance.now() - started).toBeLessThan(2000);
    check(story);
  });
});
