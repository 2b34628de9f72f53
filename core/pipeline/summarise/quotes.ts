/**
 * Quotations in a report, attributed to a named speaker, found in time linear in the text's length.
 *
 * A crafted feed of long quote-like runs once blocked the event loop for seconds, because regular
 * expressions with lazy quantifiers were run over the whole text from every quotation mark. Here one
 * pass pairs the marks (a quotation longer than MAX_QUOTE_CHARS is abandoned where it stands, never
 * rescanned), and attribution patterns only ever look at a bounded window beside each quotation.
 *
 * Attribution, as reporters write it:
 *   "…," said Jane Doe, the minister.        "…," Jane Doe said.        "…," Doe told the Senate.
 *   Jane Doe, the minister, said: "…"        Doe said "…"
 *   "…," he said. / "…," the Governor said.  (the person last named before it, with that title if one is given)
 *   Doe said on Tuesday. "…"                 (a quotation opening a sentence, right after its speaker's sentence)
 * A quotation without a named person (a neighbour, the statement, his sister) is left out, and so are
 * scare quotes and fragments too short to stand alone.
 */

export type FoundQuote = { quote: string; author: string; role: string | null };

export const MAX_QUOTE_CHARS = 600;
const MIN_QUOTE_WORDS = 5;
const WINDOW = 160;
const CONTEXT = 700;

const OPEN = new Set(['"', '“', '«']);
const CLOSE = new Set(['"', '”', '»']);

const HONORIFIC = String.raw`(?:Mr|Mrs|Ms|Miss|Dr|Prof|Sir|Dame|Hon|Rev|Fr)\.?`;
const TITLE_WORDS = [
  'Prime Minister', 'Deputy Prime Minister', 'Minister', 'Senator', 'President', 'Vice President', 'Premier', 'Governor', 'Deputy Governor', 'Commissioner',
  'Deputy Commissioner', 'Superintendent', 'Assistant Commissioner', 'Inspector', 'Sergeant', 'Corporal', 'Constable', 'Judge', 'Justice', 'Chief Justice',
  'Mayor', 'Councillor', 'Council Member', 'Bishop', 'Ambassador', 'Chairman', 'Chairperson', 'Director', 'Director General', 'Secretary-General', 'Secretary General',
  'Opposition Leader', 'Leader of the Opposition', 'Chief Executive', 'CEO', 'Attorney General', 'Speaker', 'Captain', 'Coach', 'Dr', 'Professor',
];
const TITLE = `(?:${TITLE_WORDS.map((t) => t.replace(/[-\s]/g, (c) => (c === ' ' ? '\\s+' : '-'))).join('|')})`;
const WORD = String.raw`[A-Z][\p{L}'’\-]+`;
/** A person by name: "Jane Doe", "Jane Doe-Smith", "Dr Jane Doe", "Finance Minister Jane Doe", "Doe". */
const NAME = String.raw`(?:(?:${WORD}\s+)?${TITLE}\s+|${HONORIFIC}\s+)*(${WORD}(?:\s+(?:de|da|van|von|du|del|la)?\s*${WORD}){0,3})`;
const VERB = String.raw`(?:said|says|added|explained|noted|stated|declared|insisted|warned|told\s+[^,.;:"“”]{1,60}?|dijo|afirmó|señaló|declaró|indicó|a\s+déclaré|a\s+dit|a\s+affirmé|zei|zegt|aldus)`;
const ROLE = String.raw`(?:,\s+((?:the|a|an|who|head|chair|president|minister|director|leader|chief|spokes|member|secretary|governor|mayor)\b[^,.;:"“”]{2,90}))?`;
const PRONOUN = String.raw`(he|she|the\s+(?:[a-z]+\s+)?(?:minister|governor|prime\s+minister|president|commissioner|premier|mayor|chairman|chairperson|director|coach|senator|leader|superintendent|captain))`;

// Each is applied to a bounded window only (see the header).
const AFTER_VERB_NAME = new RegExp(String.raw`^\s*,?\s*${VERB}\s+${NAME}${ROLE}`, 'u');
// "…," fire officer Dwayne Clarke said: a few lower-case words may describe the speaker first.
const AFTER_NAME_VERB = new RegExp(String.raw`^\s*,?\s*(?:[a-z][\p{L}\-]*\s+){0,3}${NAME}${ROLE},?\s+${VERB}`, 'u');
const AFTER_PRONOUN = new RegExp(String.raw`^\s*,?\s*(?:${PRONOUN}\s+${VERB}|${VERB}\s+${PRONOUN})\b`, 'iu');
const BEFORE_NAME_VERB = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}(?:\s+(?:on|at|in|during|yesterday|today|last)\b[^,:"“”]{0,40})?\s*(?:that\s+)?[,:]?\s*$`, 'u');
const SPEECH_SENTENCE = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}`, 'u');

const NOT_NAMES = new Set([
  'The', 'A', 'An', 'It', 'This', 'That', 'They', 'We', 'He', 'She', 'In', 'On', 'At', 'But', 'And', 'Police', 'Government', 'Statement', 'Officials',
  'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Residents', 'Analysts', 'Sources',
]);
const ORG_WORDS = /\b(Bank|Ministry|Council|Authority|Corporation|Company|Limited|Association|Union|Force|Department|Agency|Commission|Board|Court|Parliament|Senate|House|Police|Service|Office|Committee|Government|Party|Group|Fund|Centre|Center|Institute|Network|Chamber|Federation)\b/;

function cleanName(raw: string | undefined): string | null {
  if (!raw) return null;
  const name = raw.replace(/\s+/g, ' ').trim();
  const first = name.split(' ')[0]!;
  if (NOT_NAMES.has(first) || ORG_WORDS.test(name) || /^[A-Z]{2,}$/.test(name)) return null;
  return name;
}

function cleanRole(raw: string | undefined): string | null {
  const role = raw?.replace(/\s+/g, ' ').trim().replace(/^the\s+/i, '');
  return role ? role.slice(0, 90) : null;
}

/** Pairs quotation marks in one pass: [start of inner text, end of inner text) for each quotation. */
function quotationSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (open >= 0 && i - open > MAX_QUOTE_CHARS) open = -1; // too long to be a quotation: abandoned where it stands
    if (open >= 0 && CLOSE.has(ch) && !(ch === '"' && i === open)) {
      spans.push([open, i]);
      open = -1;
    } else if (OPEN.has(ch)) open = i + 1;
  }
  return spans;
}

/** People named in a stretch of text, in order: full names (two words or more), with the title before them if any. */
function peopleIn(text: string): { name: string; title: string | null }[] {
  const people: { name: string; title: string | null }[] = [];
  const pattern = new RegExp(String.raw`(?:(${TITLE})\s+|${HONORIFIC}\s+)?(${WORD}(?:\s+${WORD}){1,3})`, 'gu');
  const leadingTitle = new RegExp(String.raw`^(?:${WORD}\s+)?(${TITLE})\s+`, 'u');
  for (const m of text.matchAll(pattern)) {
    let title = m[1] ?? null;
    let raw = m[2] ?? '';
    // "Labour Minister Cuthbert Joseph-Eudovic": the title is not part of the name.
    for (let t = leadingTitle.exec(raw); t && raw.split(' ').length > 2; t = leadingTitle.exec(raw)) {
      title = t[0].trim();
      raw = raw.slice(t[0].length);
    }
    const name = cleanName(raw);
    if (name) people.push({ name, title });
  }
  return people;
}

/** "he", "Doe", "the Governor": the full name of the person last named before the quotation, if the text gives one. */
function resolveSpeaker(reference: string, before: string): { author: string; role: string | null } | null {
  const people = peopleIn(before);
  const ref = reference.toLowerCase().replace(/\s+/g, ' ');
  if (ref === 'he' || ref === 'she') {
    const last = people[people.length - 1];
    return last ? { author: last.name, role: last.title } : null;
  }
  if (ref.startsWith('the ')) {
    const title = ref.replace(/^the\s+/, '').split(' ').pop()!;
    const match = [...people].reverse().find((p) => p.title?.toLowerCase().includes(title) || new RegExp(`\\b${title}\\b`, 'i').test(before.slice(Math.max(0, before.lastIndexOf(p.name) - 60), before.lastIndexOf(p.name) + p.name.length + 60)));
    return match ? { author: match.name, role: match.title } : null;
  }
  // A surname alone: the full name that ends with it.
  const full = [...people].reverse().find((p) => p.name.endsWith(` ${reference}`) || p.name === reference);
  if (full && full.name.includes(' ')) return { author: full.name, role: full.title };
  return reference.includes(' ') ? { author: reference, role: null } : null;
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Quotations attributed to a named person in one report's text, word for word as printed there. */
export function findQuotesIn(rawText: string): FoundQuote[] {
  const text = rawText.replace(/\s+/g, ' ');
  const found: FoundQuote[] = [];
  let previousSpeaker: { author: string; role: string | null; end: number } | null = null;
  for (const [start, end] of quotationSpans(text)) {
    const inner = text.slice(start, end).trim().replace(/[,]$/, '').trim();
    if (wordCount(inner) < MIN_QUOTE_WORDS) continue;
    const after = text.slice(end + 1, end + 1 + WINDOW);
    const before = text.slice(Math.max(0, start - 1 - WINDOW), start - 1);
    const context = text.slice(Math.max(0, start - 1 - CONTEXT), start - 1);
    let speaker: { author: string; role: string | null } | null = null;
    let m: RegExpExecArray | null;
    if ((m = AFTER_VERB_NAME.exec(after))) speaker = withName(m[1], m[2], context);
    if (!speaker && (m = AFTER_NAME_VERB.exec(after))) speaker = withName(m[1], m[2], context);
    if (!speaker && (m = AFTER_PRONOUN.exec(after))) speaker = resolveSpeaker(m[1] ?? m[2]!, context);
    const opensSentence = /(^|[.!?]["”]?\s*)$/.test(before);
    if (!speaker && !opensSentence && (m = BEFORE_NAME_VERB.exec(before))) speaker = withName(m[1], m[2], context);
    if (!speaker && opensSentence) {
      // "Doe said on Tuesday. "…"": the sentence before names the speaker, or the previous quotation's speaker goes on.
      const lastSentence = before.replace(/[.!?]["”]?\s*$/, '').split(/[.!?]\s+/).pop() ?? '';
      const s = SPEECH_SENTENCE.exec(lastSentence);
      if (s) speaker = withName(s[1], s[2], context);
      else if (previousSpeaker && start - previousSpeaker.end < 300) speaker = previousSpeaker;
    }
    // A fragment inside someone's sentence reads as a quotation only when it could stand alone.
    if (speaker && !/^[A-Z¿¡]/.test(inner) && wordCount(inner) < 8) continue;
    if (!speaker) continue;
    if (!found.some((q) => q.quote === inner)) found.push({ quote: inner, ...speaker });
    previousSpeaker = { ...speaker, end };
  }
  return found;
}

function withName(rawName: string | undefined, rawRole: string | undefined, context: string): { author: string; role: string | null } | null {
  const name = cleanName(rawName);
  if (!name) return null;
  const role = cleanRole(rawRole);
  const resolved = resolveSpeaker(name, context);
  if (resolved) return { author: resolved.author, role: role ?? resolved.role };
  return null;
}
