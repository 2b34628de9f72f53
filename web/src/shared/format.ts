/**
 * Dates and numbers in the reader's language, through the browser's own Intl (no library).
 * Dates are shown in UTC so the server's rendering and the browser's hydration give the same text.
 */
import { REGION_CODES } from '../../../core/stories/regions';

const LOCALES: Record<string, string> = { EN: 'en-US', ES: 'es', FR: 'fr', NL: 'nl' };

/** The Intl locale for a site language ("EN" → "en-US", "ES" → "es"…); English for anything else. */
export function localeOf(language: string | null | undefined): string {
  return LOCALES[(language ?? '').toUpperCase()] ?? 'en-US';
}

/**
 * One Intl formatter per locale and style, made once. toLocaleString() builds a new formatter on
 * every call, and a page formats dozens of dates and counts while it hydrates: on a phone that was
 * the largest part of the script's work.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) formatters.set(key, (made = make()));
  return made;
}

const dateFormat = (style: string, language: string, options: Intl.DateTimeFormatOptions) =>
  formatter(`${style}:${localeOf(language)}`, () => new Intl.DateTimeFormat(localeOf(language), { ...options, timeZone: 'UTC' }));

/** "November 20, 2026", "20 de noviembre de 2026", "20 novembre 2026", "20 november 2026". */
export function longDate(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return dateFormat('long', language, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));
}

/** "Nov 20", "20 nov", "20 nov.", "20 nov". */
export function shortDate(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return dateFormat('short', language, { month: 'short', day: 'numeric' }).format(new Date(iso));
}

/** "Nov 20, 3:00 PM UTC" in English; the 24-hour clock elsewhere ("20 nov, 15:00 UTC"). */
export function dateTime(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return dateFormat('dateTime', language, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));
}

/** A whole number with the language's grouping ("12,345", "12.345", "12 345"). */
export function formatNumber(n: number, language = 'EN'): string {
  return formatter(`number:${localeOf(language)}`, () => new Intl.NumberFormat(localeOf(language))).format(n);
}

/** A region's name in the reader's language ("Dominican Republic" → "República Dominicana"); other names as they are. */
export function regionName(region: string, language = 'EN'): string {
  const code = REGION_CODES[region];
  if (!code || language.toUpperCase() === 'EN') return region;
  try {
    return formatter(`region:${localeOf(language)}`, () => new Intl.DisplayNames([localeOf(language)], { type: 'region' })).of(code) ?? region;
  } catch {
    return region;
  }
}

/**
 * Makes the language's formatters now. The browser loads its locale data on the first use of Intl
 * (about 20 ms on a fast desktop, four times that on a phone): done before hydration, in a task of
 * its own, it no longer lengthens the one task hydration runs in.
 */
export function prepareFormats(language: string): void {
  const now = new Date().toISOString();
  longDate(now, language);
  shortDate(now, language);
  dateTime(now, language);
  formatNumber(0, language);
}
