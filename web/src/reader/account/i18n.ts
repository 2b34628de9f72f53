import rosetta from 'rosetta';
import { use, useMemo } from 'react';
import { useI18n, type Language } from '../../i18n/i18n';
import type en from '../../i18n/reader-account/en.json';

/**
 * The reader-account texts (group `readerAccount`) travel with the account pages and buttons, not
 * with the site's first load, and only in the page's language (a chunk each); other keys fall
 * through to the site's own dictionary.
 */
type AccountTexts = typeof en;
const LOADERS: Record<Language, () => Promise<{ default: AccountTexts }>> = {
  EN: () => import('../../i18n/reader-account/en.json'),
  ES: () => import('../../i18n/reader-account/es.json'),
  FR: () => import('../../i18n/reader-account/fr.json'),
  NL: () => import('../../i18n/reader-account/nl.json'),
};
/**
 * One load per language, the same promise every time it is asked for. Once settled it carries its
 * outcome as React's `use` reads it (`status`, `value` or `reason`): `use` then returns the texts
 * at once instead of suspending for a tick.
 */
type TextsLoad = Promise<AccountTexts> & { status?: string; value?: AccountTexts; reason?: unknown };
const loads: Partial<Record<Language, TextsLoad>> = {};

/** Loads the account texts of a language (once); a failed load can be tried again. */
export function loadAccountTexts(language: Language): Promise<AccountTexts> {
  const existing = loads[language];
  if (existing) return existing;
  const load: TextsLoad = LOADERS[language]().then((module) => module.default);
  load.then(
    (texts) => Object.assign(load, { status: 'fulfilled', value: texts }),
    (error: unknown) => {
      Object.assign(load, { status: 'rejected', reason: error });
      if (loads[language] === load) delete loads[language];
    },
  );
  return (loads[language] = load);
}

export type AccountT = (key: string, params?: Record<string, string | number>) => string;

/**
 * The account texts' translator. Until the language's texts have arrived it suspends (React's
 * `use`): wrap what uses it in a Suspense boundary; while hydrating, the boundary keeps the
 * server's HTML meanwhile.
 *
 * `use` is called on every render, the texts loaded or not. Skipping it once they are loaded
 * (`loaded ?? use(load)`) broke React's contract: when the texts arrived while React was
 * suspended on them, React replayed the component expecting the same `use` call, and without it
 * threw ("Update hook called on initial render", React error 467). While hydrating the Save and
 * Follow buttons, React then threw their server HTML away and drew them again (error 422: the
 * buttons jump); in a page the browser renders itself, it rendered the whole app again (error 520).
 */
export function useAccountT(): AccountT {
  const { language, t } = useI18n();
  const texts = use(loadAccountTexts(language));
  return useMemo(() => {
    const r = rosetta({ [language]: texts });
    r.locale(language);
    return (key, params) => {
      const text = r.t(key, params as Record<string, unknown>);
      return text === '' ? t(key, params) : text;
    };
  }, [language, t, texts]);
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
