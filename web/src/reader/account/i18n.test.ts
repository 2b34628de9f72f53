import { describe, expect, it } from 'vitest';
import { loadAccountTexts } from './i18n';

describe('loading the reader-account texts', () => {
  it('gives the same load every time, and once it has arrived it carries the texts as `use` reads them', async () => {
    const load = loadAccountTexts('FR');
    // useAccountT calls `use` on this promise on every render: the same object, so React tracks one load.
    expect(loadAccountTexts('FR')).toBe(load);
    const texts = await load;
    expect(texts.readerAccount).toBeDefined();
    // Settled: `use` returns the texts at once (no suspending again when a page is rendered later).
    await Promise.resolve();
    expect(load).toMatchObject({ status: 'fulfilled', value: texts });
    expect(loadAccountTexts('FR')).toBe(load);
  });
});
