import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';

// The reader-account texts load with the account pages (not in the first-load bundle); same rules as ../i18n.test.ts.
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const at = (dict: unknown, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], dict);
const placeholders = (dict: unknown, key: string) => [...String(at(dict, key)).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('reader account translations', () => {
  const english = keys(en).sort();
  it.each([
    ['es', es],
    ['fr', fr],
    ['nl', nl],
  ])('%s has every English text, no more, the same placeholders, and is translated', (_, dict) => {
    expect(keys(dict).sort()).toEqual(english);
    for (const key of english) expect(placeholders(dict, key), key).toEqual(placeholders(en, key));
    const same = english.filter((k) => at(dict, k) === at(en, k) && placeholders(en, k).length === 0);
    // Island names such as Jamaica or Cuba are the same in several languages.
    expect(same.length).toBeLessThan(english.length * 0.15);
  });
});
