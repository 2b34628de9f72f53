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
