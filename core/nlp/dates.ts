/**
 * Dates written in news text ("on Tuesday", "November 18", "yesterday", "by Friday") resolved to
 * calendar days against the date the source was published. Phrases without a day ("next year", "in
 * March", "next week") give none.
 *
 * A weekday alone names a day within a week of the report, before or after it: "by Friday", "next
 * Friday" and "will meet on Friday" look ahead (a forecast "by Friday" in a Thursday report is the
 * next day, not six days before), and so does a schedule in the present ("the vote is on Tuesday", "the
 * festival opens on Friday"); "last Friday", "since Friday" and "reopened on Friday" look back.
 * Which way is read from the words just before it (bounded, so linear in the text).
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_NAMES = MONTHS.map((m) => m.charAt(0).toUpperCase() + m.slice(1));
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MS = 86_400_000;
/** How far back a weekday's own clause is read for its direction. */
const LOOK_BACK = 90;

const FORWARD_WORDS = /\b(?:by|until|till|before|from|starting|beginning|through|next|coming|ahead\s+of|no\s+later\s+than|as\s+early\s+as)\s+$/i;
const BACKWARD_WORDS = /\b(?:last|since|past|previous|earlier)\s+$/i;
const FUTURE =
  /\b(?:will|shall|'ll|going\s+to|expects?\s+to|expected\s+to|forecasts?|forecast\s+to|scheduled|due|set\s+to|plans?\s+to|planned|is\s+to|are\s+to|to\s+be\s+held|could|may|might|would)\b/g;
const PAST = /\b(?:said|says|told|was|were|had|has|have|did|\w{3,}ed)\b/gi;
/** The present of a schedule: "the vote is on Tuesday", "the festival opens on Friday". */
const SCHEDULED =
  /\b(?:is|are|opens?|starts?|begins?|closes?|ends?|meets?|takes?\s+place|kicks?\s+off|runs?|resumes?|returns?|goes|go|sits?|votes?|plays?|faces?|hosts?)\b/gi;

function monthIndex(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((m) => m === w || (w.length >= 3 && m.startsWith(w)));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function lastEnd(pattern: RegExp, text: string): number {
  let end = -1;
  for (const m of text.matchAll(pattern)) end = m.index + m[0].length;
  return end;
}

/** Whether a weekday reads forward from the words before it in its sentence: +1 ahead, -1 back, 0 as the tense says nothing. */
function direction(before: string): 1 | -1 | 0 {
  const near = before.slice(-LOOK_BACK);
  if (FORWARD_WORDS.test(near)) return 1;
  if (BACKWARD_WORDS.test(near)) return -1;
  // The clause the weekday is in: after the last stop, semicolon or "that".
  const clause = near.split(/[.;!?]\s|\bthat\b/).pop() ?? '';
  const future = Math.max(lastEnd(FUTURE, clause), lastEnd(SCHEDULED, clause));
  const past = lastEnd(PAST, clause);
  return future > past ? 1 : past >= 0 ? -1 : 0;
}

/**
 * The calendar day a date phrase names. `context` is the sentence it was found in: a weekday's
 * direction comes from the words before it there (without it, a weekday is the latest one).
 */
export function resolveDate(text: string, reference: Date, context?: string): string | undefined {
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
  if (weekday < 0) return undefined;
  let before = t.slice(0, t.indexOf(WEEKDAYS[weekday]!));
  if (context) {
    // The context is a sentence (bounded by its caller); only the words just before the phrase are read.
    const at = context.toLowerCase().indexOf(t);
    if (at >= 0) before = `${context.slice(Math.max(0, at - LOOK_BACK), at)}${before}`;
  }
  const ahead = (weekday - refDay.getUTCDay() + 7) % 7;
  const back = (refDay.getUTCDay() - weekday + 7) % 7;
  let offset: number;
  if (/\bnext\s+$/i.test(before)) offset = ahead || 7;
  else if (/\blast\s+$/i.test(before)) offset = -(back || 7);
  else offset = direction(before) === 1 ? ahead : -back;
  return isoDay(new Date(refDay.getTime() + offset * DAY_MS));
}

const RELATIVE = new RegExp(
  String.raw`\b(?:(?:by|until|till|before|from|on|next|last|this|since|starting|coming)\s+)?(?:${WEEKDAYS.join('|')})\b(?:\s+(?:morning|afternoon|evening|night))?|\b(?:yesterday|today|tonight|tomorrow|last\s+night|this\s+(?:morning|afternoon|evening))\b`,
  'gi',
);
/** Days named for a feast, a sale or a vote, not the week's day: "Ash Wednesday", "Black Friday", "Super Tuesday". */
const NAMED_DAY = /\b(?:ash|good|holy|maundy|black|cyber|giving|easter|whit|super|shrove|palm|boxing|emancipation|discovery)\s+$/i;
/** Already dated: "Friday, November 27", "Friday 27 November", "Friday (Nov 27)". */
const DATED_AFTER = new RegExp(String.raw`^,?\s*\(?(?:\d{1,2}\b|(?:${MONTHS.map((m) => m.slice(0, 3)).join('|')})[a-z]*\.?\s+\d)`, 'i');

function spoken(iso: string, reference: Date): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTH_NAMES[m - 1]} ${d}${y !== reference.getUTCFullYear() ? `, ${y}` : ''}`;
}

/**
 * A report's sentence with its relative days dated for a reader who reads it later: "by Friday" in a
 * Thursday, November 26 report becomes "by Friday (November 27)", "yesterday" "yesterday (November 25)".
 * A day already dated in the text, and recurring days ("every Friday", "on Fridays"), are left alone.
 */
export function withResolvedDates(sentence: string, reference: Date): string {
  let out = '';
  let last = 0;
  for (const m of sentence.matchAll(RELATIVE)) {
    const end = m.index + m[0].length;
    const after = sentence.slice(end, end + 12);
    const before = sentence.slice(Math.max(0, m.index - 12), m.index);
    // Left alone: a day already dated, a recurring one ("every Friday", "Wednesday evenings"), a possessive
    // ("today's vote": a date inside it reads badly) and a feast or sale day ("Ash Wednesday", "Black Friday").
    if (DATED_AFTER.test(after) || /^(?:['’]s|s)\b/.test(after) || /\bevery\s+$/i.test(before) || NAMED_DAY.test(before)) continue;
    const date = resolveDate(m[0], reference, sentence.slice(Math.max(0, m.index - LOOK_BACK), end));
    if (!date) continue;
    out += `${sentence.slice(last, end)} (${spoken(date, reference)})`;
    last = end;
  }
  return out + sentence.slice(last);
}
