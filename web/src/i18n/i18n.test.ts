import { describe, expect, it } from 'vitest';
import consoleEn from '../console/i18n/en.json';
import consoleEs from '../console/i18n/es.json';
import consoleFr from '../console/i18n/fr.json';
import consoleNl from '../console/i18n/nl.json';
import stormEn from '../reader/storm/i18n/en.json';
import stormEs from '../reader/storm/i18n/es.json';
import stormFr from '../reader/storm/i18n/fr.json';
import stormNl from '../reader/storm/i18n/nl.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import nl from './nl.json';

/**
 * Every text of the site in Spanish, French and Dutch: the same keys as English, none empty, the
 * same {{placeholders}}, both plural forms, and no value left in English. A value may equal the
 * English one only when it is listed below: brand and proper names, language names written in
 * their own language, and words the language itself uses (cognates), each checked by hand.
 */
const BRANDS = [
  'C360',
  'C360 Pro',
  'C360 Local',
  'Instagram',
  'Facebook',
  'X',
  'LinkedIn',
  'YouTube',
  'WhatsApp',
  'OK',
  'English',
  'Español',
  'Français',
  'Nederlands',
  'HTML',
];
const SAME_AS_ENGLISH: Record<'es' | 'fr' | 'nl', readonly string[]> = {
  es: [...BRANDS],
  fr: [...BRANDS, 'E-mail', 'Console', 'Source', 'source', 'sources', 'Menu', 'Active', 'Contact', 'Sports', 'Culture'],
  nl: [...BRANDS, 'E-mail', 'aggregator', 'Indicator', 'Trend', 'Contact', 'ACCOUNT', 'Menu', 'Storm'],
};
/** Keys whose translation may use other placeholders than English: the speed's unit is the language's choice (mph or km/h). */
const PLACEHOLDER_CHOICE: Record<string, readonly string[]> = { 'stormText.speed': ['kmh', 'mph'], 'stormBanner.wind': ['kmh', 'mph'] };

type Tree = Record<string, unknown>;

function entries(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
/** The text with its placeholders and punctuation removed: what a reader would see as words. */
const words = (text: unknown) =>
  String(text)
    .replace(/\{\{\w+\}\}/g, '')
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();

const SETS: [string, Tree, Record<'es' | 'fr' | 'nl', Tree>][] = [
  ['site', en, { es, fr, nl }],
  ['storm centre', stormEn, { es: stormEs, fr: stormFr, nl: stormNl }],
  ['console', consoleEn, { es: consoleEs, fr: consoleFr, nl: consoleNl }],
];

describe.each(SETS)('%s dictionaries', (_, english, others) => {
  const englishEntries = new Map(entries(english));
  const englishKeys = [...englishEntries.keys()].sort();

  it('English pairs every plural _one with an _other', () => {
    for (const key of englishKeys.filter((k) => k.endsWith('_one'))) expect(englishEntries.has(key.replace(/_one$/, '_other')), key).toBe(true);
  });

  describe.each(['es', 'fr', 'nl'] as const)('%s', (language) => {
    const dict = new Map(entries(others[language]));

    it('has every English key and no other', () => {
      expect([...dict.keys()].sort()).toEqual(englishKeys);
    });

    it('has a non-empty text with the same {{placeholders}} for every key', () => {
      for (const key of englishKeys) {
        const value = dict.get(key);
        expect(typeof value === 'string' && value.trim().length > 0, `${language}: ${key} is empty`).toBe(true);
        const choice = PLACEHOLDER_CHOICE[key];
        if (choice) expect(placeholders(value).every((p) => choice.includes(p)) && placeholders(value).length > 0, `${language}: ${key}`).toBe(true);
        else expect(placeholders(value), `${language}: ${key}`).toEqual(placeholders(englishEntries.get(key)));
      }
    });

    it('is translated: no text equals the English one unless it is an allowed name or cognate', () => {
      const allowed = new Set(SAME_AS_ENGLISH[language].map(words));
      const untranslated = englishKeys.filter((key) => {
        const mine = words(dict.get(key));
        return mine !== '' && mine === words(englishEntries.get(key)) && !allowed.has(mine);
      });
      expect(untranslated, `${language}: left in English`).toEqual([]);
    });
  });
});
