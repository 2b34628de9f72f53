/** Console formatting: relative times, counts with their noun. */

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "2 days ago", "just now" (the article card's published time), in the locale
 * given ("hace 5 minutos", "il y a 2 jours", "5 minuten geleden"); `justNow` words the last 45 s.
 */
export function timeAgo(iso: string | null | undefined, now: Date = new Date(), locale = 'en', justNow = 'just now'): string {
  if (!iso) return '';
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (Math.abs(seconds) < 45) return justNow;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(-Math.round(seconds / size), unit);
  return format.format(-Math.round(seconds / 60), 'minute');
}

/** A local date-time for <input type="datetime-local">, and back to an ISO instant. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Today as YYYY-MM-DD in the editor's own time zone. */
export function todayLocal(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
