import { describe, expect, it } from 'vitest';
import { storyLanguageOf } from './story-language';

describe('storyLanguageOf', () => {
  it.each([
    [['es', 'es-DO'], 'es'],
    [['es', 'en'], 'en'],
    [['fr', null], 'en'],
    [[null], 'en'],
    [['NL'], 'nl'],
    [[], 'en'],
  ] as const)('%j → %s', (languages, expected) => {
    expect(storyLanguageOf(languages)).toBe(expected);
  });
});
