import rosetta from 'rosetta';
import { createContext, startTransition, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import en from './en.json';
import { dateTime, formatNumber, localeOf, longDate, regionName, shortDate } from '../shared/format';

export const LANGUAGES = ['EN', 'ES', 'FR', 'NL'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Dictionary = typeof en;

const loaders: Record<Language, () => Promise<Dictionary>> = {
  EN: async () => en,
  ES: () => import('./es.json').then((m) => m.default as Dictionary),
  FR: () => import('./fr.json').then((m) => m.default as Dictionary),
  NL: () => import('./nl.json').then((m) => m.default as Dictionary),
};

export function parseLanguage(value: string | null | undefined): Language {
  const upper = (value ?? '').toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : 'EN';
}

export function nextLanguage(current: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(current) + 1) % LANGUAGES.length]!;
}

export function loadDictionary(language: Language): Promise<Dictionary> {
  return loaders[language]();
}

type T = (key: string, params?: Record<string, string | number>) => string;
type Formatters = {
  /** The Intl locale of the current language ("en-US", "es", "fr", "nl"). */
  locale: string;
  longDate: (iso: string | null | undefined) => string;
  shortDate: (iso: string | null | undefined) => string;
  dateTime: (iso: string | null | undefined) => string;
  number: (n: number) => string;
  /** A region's name in the language (Intl.DisplayNames). */
  region: (name: string) => string;
};
type I18n = {
  language: Language;
  t: T;
  tn: (key: string, n: number, params?: Record<string, string | number>) => string;
  fmt: Formatters;
  cycle: () => Promise<void>;
};

const I18nContext = createContext<I18n | null>(null);

/** The site's own texts in four languages; stories stay in the language they were written in. */
export function I18nProvider({
  initial,
  preferred,
  dictionary,
  children,
}: {
  initial: Language;
  preferred?: Language;
  dictionary: Dictionary;
  children: ReactNode;
}) {
  const [state, setState] = useState({ language: initial, dictionary });
  // Hydration must match the server's English page; the reader's own language follows at once.
  useEffect(() => {
    if (!preferred || preferred === initial) return;
    void loadDictionary(preferred).then((next) => {
      document.documentElement.lang = preferred.toLowerCase();
      // A transition, so a page part still hydrating keeps its server HTML (see entry-client.tsx).
      startTransition(() => setState({ language: preferred, dictionary: next }));
    });
  }, [initial, preferred]);
  // The page's language follows the texts' (the console is rendered in the browser, on the English shell).
  useEffect(() => {
    document.documentElement.lang = state.language.toLowerCase();
  }, [state.language]);
  const value = useMemo<I18n>(() => {
    const r = rosetta<Dictionary>({ [state.language]: state.dictionary });
    r.locale(state.language);
    const t: T = (key, params) => {
      const text = r.t(key, params as Record<string, unknown>);
      return text === '' ? key : text;
    };
    return {
      language: state.language,
      t,
      tn: (key, n, params) => t(`${key}_${n === 1 ? 'one' : 'other'}`, { n: formatNumber(n, state.language), ...params }),
      fmt: {
        locale: localeOf(state.language),
        longDate: (iso) => longDate(iso, state.language),
        shortDate: (iso) => shortDate(iso, state.language),
        dateTime: (iso) => dateTime(iso, state.language),
        number: (n) => formatNumber(n, state.language),
        region: (name) => regionName(name, state.language),
      },
      cycle: async () => {
        const language = nextLanguage(state.language);
        const next = await loadDictionary(language);
        document.cookie = `c360_lang=${language}; path=/; max-age=31536000; samesite=lax`;
        document.documentElement.lang = language.toLowerCase();
        setState({ language, dictionary: next });
      },
    };
  }, [state]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export const useT = () => useI18n().t;

/**
 * A page's own texts kept out of the first-load dictionary (the reader's first JavaScript has a
 * budget): the page's lazy chunk imports its four dictionaries and looks a key up there first,
 * then in the site's dictionary.
 */
export function usePageT(dictionaries: Record<Language, object>): I18n {
  const base = useI18n();
  return useMemo(() => {
    const r = rosetta<object>({ [base.language]: dictionaries[base.language] });
    r.locale(base.language);
    const t: T = (key, params) => {
      const text = r.t(key, params as Record<string, unknown>);
      return text === '' ? base.t(key, params) : text;
    };
    return { ...base, t, tn: (key, n, params) => t(`${key}_${n === 1 ? 'one' : 'other'}`, { n: base.fmt.number(n), ...params }) };
  }, [base, dictionaries]);
}
