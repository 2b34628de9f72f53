/**
 * Dates and numbers in the reader's language, through the browser's own Intl (no library).
 * Dates are shown in UTC so the server's rendering and the browser's hydration give the same text.
 */
const LOCALES: Record<string, string> = { EN: 'en-US', ES: 'es', FR: 'fr', NL: 'nl' };

/** The Intl locale for a site language ("EN" → "en-US", "ES" → "es"…); English for anything else. */
export function localeOf(language: string | null | undefined): string {
  return LOCALES[(language ?? '').toUpperCase()] ?? 'en-US';
}

/** "November 20, 2026", "20 de noviembre de 2026", "20 novembre 2026", "20 november 2026". */
export function longDate(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(localeOf(language), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "Nov 20", "20 nov", "20 nov.", "20 nov". */
export function shortDate(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return new Date(iso).toLocaleDateString(localeOf(language), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Nov 20, 3:00 PM UTC" in English; the 24-hour clock elsewhere ("20 nov, 15:00 UTC"). */
export function dateTime(iso: string | null | undefined, language = 'EN'): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(localeOf(language), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
}

/** A whole number with the language's grouping ("12,345", "12.345", "12 345"). */
export function formatNumber(n: number, language = 'EN'): string {
  return n.toLocaleString(localeOf(language));
}
