import { findPlaces } from '../../nlp/gazetteer';

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
  'Prime Minister',
  'Deputy Prime Minister',
  'Minister',
  'Senator',
  'President',
  'Vice President',
  'Premier',
  'Governor',
  'Deputy Governor',
  'Commissioner',
  'Deputy Commissioner',
  'Superintendent',
  'Assistant Commissioner',
  'Inspector',
  'Sergeant',
  'Corporal',
  'Constable',
  'Judge',
  'Justice',
  'Chief Justice',
  'Mayor',
  'Councillor',
  'Council Member',
  'Bishop',
  'Ambassador',
  'Chairman',
  'Chairperson',
  'Director',
  'Director General',
  'Secretary-General',
  'Secretary General',
  'Opposition Leader',
  'Leader of the Opposition',
  'Chief Executive',
  'CEO',
  'Attorney General',
  'Speaker',
  'Captain',
  'Coach',
  'Dr',
  'Professor',
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
const BEFORE_NAME_VERB = new RegExp(
  String.raw`${NAME}${ROLE},?\s+${VERB}(?:\s+(?:on|at|in|during|yesterday|today|last)\b[^,:"“”]{0,40})?\s*(?:that\s+)?[,:]?\s*$`,
  'u',
);
const SPEECH_SENTENCE = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}`, 'u');
const SPEECH_SENTENCE_ALL = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}`, 'gu');
/** An attribution after the quotation, named or not ("…," said one analyst): the quotation is not the previous speaker's. */
const ANY_ATTRIBUTION = /^\s*,?\s*(?:[\p{L}'’-]+\s+){0,5}?(?:said|says|told|added|complained|explained|noted|asked|insisted|warned|stated)\b/iu;

const NOT_NAMES = new Set([
  'The',
  'A',
  'An',
  'It',
  'This',
  'That',
  'They',
  'We',
  'He',
  'She',
  'In',
  'On',
  'At',
  'But',
  'And',
  'Police',
  'Government',
  'Statement',
  'Officials',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Residents',
  'Analysts',
  'Sources',
]);
const ORG_WORDS =
  /\b(Bank|Ministry|Council|Authority|Corporation|Company|Limited|Association|Union|Force|Department|Agency|Commission|Board|Court|Parliament|Senate|House|Police|Service|Office|Committee|Government|Party|Group|Fund|Centre|Center|Institute|Network|Chamber|Federation|Organisation|Organization|Airport|International|Conference|Summit|Cup|League|Festival|Hotel|Hospital|School|University|College|Stadium|Observer|Gleaner|Express|Times|News|Star|Guardian|Nation|Today|Chronicle|Herald|Voice|Mirror|Wire|Journal|Post|Business)\b/;
const PARTICLES = new Set(['Da', 'De', 'Del', 'Della', 'Van', 'Von', 'Du', 'La', 'Le', 'St']);
const ONLY_TITLES = new RegExp(String.raw`^(?:(?:${TITLE}|${HONORIFIC})\s*)+$`, 'u');

function cleanName(raw: string | undefined): string | null {
  if (!raw) return null;
  const name = raw.replace(/\s+/g, ' ').trim();
  const first = name.split(' ')[0]!;
  if (NOT_NAMES.has(first) || ORG_WORDS.test(name) || /^[A-Z]{2,}$/.test(name) || ONLY_TITLES.test(name)) return null;
  // A place is not a speaker ("Rodney Bay", "St Ann's", "South America").
  if (findPlaces(name).some((p) => name.includes(p.name) || p.name.length >= name.length - 2)) return null;
  return name;
}

/** A person's name out of a run of capitals: titles and honorifics in front dropped, the last two words kept (three with a particle: "Kenroy Da Silva-Browne"). */
function personName(run: string): { name: string; title: string | null } {
  let words = run.split(/\s+/);
  let title: string | null = null;
  const leading = new RegExp(String.raw`^(?:(?:${WORD}\s+)?(${TITLE})|${HONORIFIC})$`, 'u');
  for (let n = Math.min(3, words.length - 2); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const m = leading.exec(head);
    if (m) {
      if (m[1]) title = head;
      words = words.slice(n);
      n = Math.min(3, words.length - 2) + 1;
    }
  }
  if (words.length > 2) {
    const keep = PARTICLES.has(words[words.length - 2]!) && words.length >= 3 ? 3 : 2;
    words = words.slice(-keep);
  }
  return { name: words.join(' '), title };
}

function cleanRole(raw: string | null | undefined): string | null {
  let role = raw
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/^the\s+/i, '');
  if (!role) return null;
  // "Dr" is not a role; "Jamaica President" is a president; "FINANCE Minister" is a finance minister.
  role = role.replace(new RegExp(String.raw`\s+${HONORIFIC}$`, 'u'), '');
  if (new RegExp(String.raw`^${HONORIFIC}$`, 'u').test(role)) return null;
  const first = role.split(' ')[0]!;
  if (role.includes(' ') && findPlaces(first).length > 0) role = role.slice(first.length + 1);
  if (/^[A-Z]{6,}\s/.test(role)) role = `${first.charAt(0)}${first.slice(1).toLowerCase()}${role.slice(first.length)}`;
  return role.slice(0, 90);
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
  const pattern = new RegExp(String.raw`${WORD}(?:\s+${WORD}){1,6}`, 'gu');
  for (const m of text.matchAll(pattern)) {
    if (ORG_WORDS.test(m[0])) continue; // "Private Sector Organisation of Jamaica" names no one
    const { name: raw, title } = personName(m[0]);
    const name = raw.includes(' ') ? cleanName(raw) : null;
    if (name) people.push({ name, title });
  }
  return people;
}

/** The person last reported speaking before a quotation ("Maharaj-Pierre said…"), for "she said" after it. */
function lastSpeaker(context: string): string | null {
  let last: string | null = null;
  for (const m of context.matchAll(SPEECH_SENTENCE_ALL)) last = m[1] ?? last;
  return last;
}

/** "he", "Doe", "the Governor": the full name of the person last named before the quotation, if the text gives one. */
function resolveSpeaker(reference: string, before: string): { author: string; role: string | null } | null {
  const people = peopleIn(before);
  const ref = reference.toLowerCase().replace(/\s+/g, ' ');
  if (ref === 'he' || ref === 'she') {
    // The person named in the sentence just before the quotation, else the last one reported speaking, else the last one named.
    const previous = peopleIn(
      before
        .replace(/[.!?]["”]?\s*$/, '')
        .split(/[.!?]["”]?\s+/)
        .pop() ?? '',
    );
    if (previous.length) return { author: previous[previous.length - 1]!.name, role: cleanRole(previous[previous.length - 1]!.title) };
    const speaker = cleanName(lastSpeaker(before) ?? undefined);
    if (speaker) return speaker.includes(' ') ? { author: personName(speaker).name, role: personName(speaker).title } : resolveSpeaker(speaker, before);
    const last = people[people.length - 1];
    return last ? { author: last.name, role: cleanRole(last.title) } : null;
  }
  if (ref.startsWith('the ')) {
    const title = ref
      .replace(/^the\s+/, '')
      .split(' ')
      .pop()!;
    const match = [...people]
      .reverse()
      .find(
        (p) =>
          p.title?.toLowerCase().includes(title) ||
          new RegExp(`\\b${title}\\b`, 'i').test(before.slice(Math.max(0, before.lastIndexOf(p.name) - 60), before.lastIndexOf(p.name) + p.name.length + 60)),
      );
    return match ? { author: match.name, role: cleanRole(match.title) } : null;
  }
  // A surname alone: the full name that ends with it.
  const full = [...people].reverse().find((p) => p.name.endsWith(` ${reference}`) || p.name === reference);
  if (full && full.name.includes(' ')) return { author: full.name, role: cleanRole(full.title) };
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
    if (!speaker && opensSentence && !ANY_ATTRIBUTION.test(after)) {
      // "Doe said on Tuesday. "…"": the sentence before names the speaker, or the previous quotation's speaker goes on.
      const lastSentence =
        before
          .replace(/[.!?]["”]?\s*$/, '')
          .split(/[.!?]\s+/)
          .pop() ?? '';
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
