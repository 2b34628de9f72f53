import { usePageT } from '../i18n/i18n';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import nl from './i18n/nl.json';

/** The console's own texts in the four languages: in the console's chunk, never in the reader's first load. */
export const CONSOLE_DICTIONARIES = { EN: en, ES: es, FR: fr, NL: nl };

export const useConsoleI18n = () => usePageT(CONSOLE_DICTIONARIES);
export const useConsoleT = () => useConsoleI18n().t;

/** The sidebar key of a console path ("/dashboard/sanity-editor" → "sanity-editor", "/dashboard" → "home"). */
export function navKey(path: string): string {
  return path.replace(/^\/dashboard\/?/, '') || 'home';
}

/** The text of a key built from data (a stage, a status), or the value itself when no text has that key. */
export function known(t: (key: string) => string, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}
