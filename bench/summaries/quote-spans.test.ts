import { describe, expect, it } from 'vitest';
import { loadQuoteParts, scoreQuotes, spanKey } from './quote-spans';

describe('the labelled quotation set', () => {
  const parts = loadQuoteParts();

  it('has a dev and a check part, 150 spans or more in all, ids unique', () => {
    expect([...parts.keys()].sort()).toEqual(['check', 'dev']);
    const docs = [...parts.values()].flat();
    expect(docs.reduce((n, d) => n + d.quotes.length, 0)).toBeGreaterThanOrEqual(150);
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
  });

  it('labels only words printed in the text, with a speaker the text names', () => {
    for (const doc of [...parts.values()].flat()) {
      // Paragraphs of one quotation are joined with a space; the marks opening the next paragraph are not compared.
      const printed = spanKey(doc.text.replace(/\n/g, ' '));
      for (const q of doc.quotes) {
        expect(printed, doc.id).toContain(spanKey(q.quote));
        expect(doc.text, doc.id).toContain(q.speaker);
      }
    }
  });

  it('scores spans and speakers', () => {
    const doc = {
      id: 'd',
      text: '',
      quotes: [
        { speaker: 'Jane Doe', quote: 'We will rebuild.' },
        { speaker: 'Ann Roe', quote: 'Never again' },
      ],
    };
    const s = scoreQuotes([doc], () => [
      { quote: '“We will rebuild', author: 'Dr Jane Doe' },
      { quote: 'Scare quotes here', author: 'X Y' },
    ]);
    expect([s.precision, s.recall, s.speakerAccuracy]).toEqual([0.5, 0.5, 1]);
  });
});
