/**
 * Dates written in news text ("on Tuesday", "November 18", "yesterday") resolved to calendar days
 * against the date the source was published. Phrases without a day ("next year", "in March") give none.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MS = 86_400_000;

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w)));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function resolveDate(text: string, reference: Date): string | undefined {
  const t = text.toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  const refDay = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth(), reference.getUTCDate()));
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  if (/\b(today|this morning|this afternoon|this evening|tonight)\b/.test(t)) return isoDay(refDay);
  if (/\b(yesterday|last night)\b/.test(t)) return isoDay(new Date(refDay.getTime() - DAY_MS));
  if (/\btomorrow\b/.test(t)) return isoDay(new Date(refDay.getTime() + DAY_MS));
  // "November 18 2026", "Nov 18", "18 November 2026", "18th of November"
  const md = /\b([a-z]{3,9})\.? (\d{1,2})(?:st|nd|rd|th)?\b(?: (\d{4}))?/.exec(t);
  const dm = /\b(\d{1,2})(?:st|nd|rd|th)?(?: of)? ([a-z]{3,9})\b(?: (\d{4}))?/.exec(t);
  for (const m of [md && { month: md[1]!, day: md[2]!, year: md[3] }, dm && { month: dm[2]!, day: dm[1]!, year: dm[3] }]) {
    if (!m) continue;
    const month = monthIndex(m.month);
    const day = Number(m.day);
    if (month < 0 || day < 1 || day > 31) continue;
    let year = m.year ? Number(m.year) : refDay.getUTCFullYear();
    let date = new Date(Date.UTC(year, month, day));
    // No year given and more than six months ahead: it was last year's.
    if (!m.year && date.getTime() - refDay.getTime() > 183 * DAY_MS) date = new Date(Date.UTC(--year, month, day));
    return isoDay(date);
  }
  const weekday = WEEKDAYS.findIndex((d) => new RegExp(`\\b${d}\\b`).test(t));
  if (weekday >= 0) {
    const diff = (refDay.getUTCDay() - weekday + 7) % 7;
    // "next Tuesday" or "on Tuesday" after a future verb is rare in reports; a bare weekday is the latest one.
    const forward = /\bnext\b/.test(t);
    return isoDay(new Date(refDay.getTime() + (forward ? (weekday - refDay.getUTCDay() + 7) % 7 || 7 : -diff) * DAY_MS));
  }
  return undefined;
}
