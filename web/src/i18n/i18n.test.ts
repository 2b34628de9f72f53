import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
function placeholders(value: unknown, path: string): string[] {
  const text = path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], value);
  return [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}

describe('translations', () => {
  const english = keys(en).sort();
  it.each([['es', es], ['fr', fr], ['nl', nl]])('%s has every English text, no more, and the same placeholders', (_, dict) => {
    expect(keys(dict).sort()).toEqual(english);
    for (const key of english) expect(placeholders(dict, key), key).toEqual(placeholders(en, key));
  });
  it.each([['es', es], ['fr', fr], ['nl', nl]])('%s is actually translated', (_, dict) => {
    const same = english.filter((k) => placeholders(dict, k).length === 0 && JSON.stringify(k.split('.').reduce<unknown>((o, x) => (o as never)[x], dict)) === JSON.stringify(k.split('.').reduce<unknown>((o, x) => (o as never)[x], en)));
    // Brand names, language names and a few international words may stay the same.
    expect(same.length).toBeLessThan(english.length * 0.12);
  });
});
