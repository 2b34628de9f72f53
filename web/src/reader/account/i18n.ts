import rosetta from 'rosetta';
import { useMemo } from 'react';
import { useI18n, type Language } from '../../i18n/i18n';
import en from '../../i18n/reader-account/en.json';
import es from '../../i18n/reader-account/es.json';
import fr from '../../i18n/reader-account/fr.json';
import nl from '../../i18n/reader-account/nl.json';

/**
 * The reader-account texts (group `readerAccount`) travel with the account pages, not with the
 * site's first load (which must stay under 100 KB gzipped); other keys fall through to the
 * site's own dictionary.
 */
const DICTIONARIES: Record<Language, typeof en> = { EN: en, ES: es, FR: fr, NL: nl };

export type AccountT = (key: string, params?: Record<string, string | number>) => string;

export function useAccountT(): AccountT {
  const { language, t } = useI18n();
  return useMemo(() => {
    const r = rosetta({ [language]: DICTIONARIES[language] });
    r.locale(language);
    return (key, params) => {
      const text = r.t(key, params as Record<string, unknown>);
      return text === '' ? t(key, params) : text;
    };
  }, [language, t]);
}

/** An island's name in the reader's language. */
export function islandName(t: AccountT, key: string): string {
  return t(`readerAccount.regions.${key}`);
}

/** The follow key of a story's region, as the server reads it (core/readers/follow-rules.ts). */
const ISLAND_PATTERNS: [string, RegExp][] = [
  ['jamaica', /jamaica/i],
  ['barbados', /barbados/i],
  ['trinidad-and-tobago', /trinidad|tobago/i],
  ['bahamas', /bahamas/i],
  ['cuba', /cuba/i],
  ['dominican-republic', /dominican republic/i],
  ['haiti', /haiti/i],
  ['puerto-rico', /puerto rico/i],
  ['antigua-and-barbuda', /antigua|barbuda/i],
  ['saint-lucia', /lucia/i],
  ['saint-vincent-and-the-grenadines', /grenadines|vincent/i],
  ['grenada', /grenada/i],
  ['dominica', /dominica/i],
  ['saint-kitts-and-nevis', /kitts|nevis/i],
  ['caribbean', /caribbean|west indies/i],
];
export function islandOf(region: string): string | null {
  return ISLAND_PATTERNS.find(([, pattern]) => pattern.test(region))?.[0] ?? null;
}
