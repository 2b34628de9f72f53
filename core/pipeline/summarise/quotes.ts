import { findPlaces } from '../../nlp/gazetteer';

/**
 * Quotations in a report, attributed to a named speaker, found in time linear in the text's length.
 *
 * A crafted feed of long quote-like runs once blocked the event loop for seconds, because regular
 * expressions with lazy quantifiers were run over the whole text from every quotation mark. Here one
 * pass pairs the marks (a quotation longer than MAX_QUOTE_CHARS is abandoned where it stands, never
 * rescanned), and attribution patterns only ever look at a bounded window beside each quotation.
 *
 * Attribution, as reporters write it (English, Spanish, French, Dutch):
 *   "…," said Jane Doe, the minister.        "…," Jane Doe said.        "…," Doe told the Senate.
 *   "…," said fire officer Jane Doe.         "…," the company's chief executive, Jane Doe, said.
 *   Jane Doe, the minister, said: "…"        Doe said "…"              According to Jane Doe, "…"
 *   «…», dijo el ministro, Juan Pérez.       « … », a déclaré Marie Joseph.     Selon Marie Joseph, « … »
 *   "…," he said. / "…," the Governor said.  (the person last named before it, with that title if one is given)
 *   "…," he said, "…"                        (a quotation split by its attribution: both parts)
 *   Doe said on Tuesday. "…"                 (a quotation opening a sentence, right after its speaker's sentence)
 *   Doe said the levy was "…"                (a partial quotation: kept when it could stand alone, 8 words or more)
 * A quotation over paragraphs (no closing mark, the next paragraph opening with one) is one quotation.
 * A quotation without a named person (a neighbour, the statement, his sister), with no closing mark,
 * scare quotes, titles and fragments too short to stand alone are left out.
 */

export type FoundQuote = { quote: string; author: string; role: string | null };

export const MAX_QUOTE_CHARS = 600;
const MIN_QUOTE_WORDS = 5;
/** A fragment inside the reporter's sentence ("called it "…"") must be this long to stand alone. */
const MIN_PARTIAL_WORDS = 8;
const WINDOW = 160;
const CONTEXT = 700;

const OPEN = new Set(['"', '“', '«', '„']);
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
  'Chief Secretary',
  'CEO',
  'MP',
  'Attorney General',
  'Speaker',
  'Captain',
  'Coach',
  'Dr',
  'Professor',
];
const TITLE = `(?:${TITLE_WORDS.map((t) => t.replace(/[-\s]/g, (c) => (c === ' ' ? '\\s+' : '-'))).join('|')})`;
const WORD = String.raw`\p{Lu}[\p{L}'’\-]+`;
/** A run of capitalised words that may hold a person's name ("Finance Minister Jane Doe", "María de la Cruz", "Doe"). */
const RUN = String.raw`${WORD}(?:\s+(?:(?:de|da|van|von|du|del|la|le|St\.?)\s+){0,2}${WORD}){0,4}`;
/** A person by name: "Jane Doe", "Jane Doe-Smith", "Dr Jane Doe", "Finance Minister Jane Doe", "Doe". */
const NAME = String.raw`(?:(?:${WORD}\s+)?${TITLE}\s+|${HONORIFIC}\s+)*(${WORD}(?:\s+(?:de|da|van|von|du|del|la)?\s*${WORD}){0,3})`;
const SAY_EN = String.raw`said|says|added|explained|noted|stated|declared|insisted|warned|asked|replied|recalled|continued|argued|admitted|conceded|cautioned|urged|wrote|told\s+[^,.;:"“”«»]{1,60}?`;
const SAY_ES = String.raw`dijo|afirmó|señaló|declaró|indicó|aseguró|explicó|añadió|agregó|sostuvo|manifestó|expresó|advirtió|contó|precisó|subrayó|destacó|apuntó`;
const SAY_FR = String.raw`a\s+(?:déclaré|dit|affirmé|annoncé|ajouté|expliqué|précisé|indiqué|souligné|prévenu|estimé|assuré|confié|lancé)`;
const SAY_NL = String.raw`zei|zegt|aldus|verklaarde`;
const VERB = `(?:${SAY_EN}|${SAY_ES}|${SAY_FR}|${SAY_NL})`;
/** Spanish and French need no pronoun: "«…», explicó." "« … », a-t-il dit." */
const BARE_VERB = String.raw`(?:${SAY_ES}|a-t-(?:il|elle)\s+(?:dit|ajouté|déclaré|expliqué|précisé|affirmé)|a\s+(?:dit|ajouté)-t-(?:il|elle))`;
/** Where a name after a speech verb ends: a stop, or what follows a name ("on Tuesday", "who…", "told…"). */
const NAME_END = String.raw`(?=\s*(?:[,.;:!?)]|$)|\s+(?:on|at|in|during|who|after|before|when|as|yesterday|today|last|this|told|to|from|while|durante|en|lors|à|au)\b)`;
/** Lower-case words describing a speaker before the name ("fire officer", "taxi operator", "Chamber president"). */
const DESCRIPTION = String.raw`((?:[\p{L}'’\-]+\s+){0,5}?)`;
const APPOSITIVE = String.raw`(?:,\s+([^,.;:"“”«»\n]{2,90}?),)?`;
const ROLE = String.raw`(?:,\s+((?:the|a|an|who|head|chair|president|minister|director|leader|chief|spokes|member|secretary|governor|mayor|el|la|le|un|una|une|presidente|presidenta|président|présidente|directeur|directora|director|ministre|ministro|ministra|alcalde|maire|gobernador)\b[^,.;:"“”«»\n]{2,90}))?`;
const PRONOUN = String.raw`(he|she|the\s+(?:[a-z]+\s+)?(?:minister|governor|prime\s+minister|president|commissioner|premier|mayor|chairman|chairperson|director|coach|senator|leader|superintendent|captain))`;
/** A described speaker and then the name: "the company's chief executive, Richard Byles", "el ministro de Educación, Ángel Hernández". */
const DESCRIBED = String.raw`((?:the|a|an|his|her|their|el|la|los|las|le|les|l'|un|una|une|[\p{L}]+['’]s)\s+[^,.;:"“”«»\n]{1,70}?),\s+(${RUN})`;

// Each is applied to a bounded window only (see the header).
const AFTER_VERB_NAME = new RegExp(String.raw`^\s*,?\s*(?:${VERB}|according\s+to|según|selon)\s+${DESCRIPTION}(${RUN})${NAME_END}${ROLE}`, 'u');
const AFTER_DESCRIBED = new RegExp(String.raw`^\s*,?\s*(?:${VERB}\s+${DESCRIBED}|${DESCRIBED},?\s+${VERB})`, 'u');
// "…," fire officer Dwayne Clarke said: a few lower-case words may describe the speaker first.
const AFTER_NAME_VERB = new RegExp(String.raw`^\s*,?\s*${DESCRIPTION}(${RUN})${APPOSITIVE},?\s+${VERB}`, 'u');
const AFTER_PRONOUN = new RegExp(String.raw`^\s*,?\s*(?:${PRONOUN}\s+${VERB}|${VERB}\s+${PRONOUN}\b|(${BARE_VERB})\s*[.;]|(${BARE_VERB})\s*$)`, 'iu');
const BEFORE_NAME_VERB = new RegExp(
  String.raw`(?:^|[\s(])${DESCRIPTION}(${RUN})${APPOSITIVE},?\s+${VERB}(?:\s+(?:on|at|in|during|yesterday|today|last|this|after|before|while)\b[^,:"“”«»]{0,50})?\s*(?:that\s+|que\s+)?[,:]?\s*$`,
  'u',
);
const BEFORE_PRONOUN = new RegExp(String.raw`\b(he|she)\s+(?:later\s+|also\s+)?(?:said|added|told\s+[^,.;:"“”]{1,40}?|replied|asked)\s*[,:]?\s*$`, 'iu');
const ACCORDING = new RegExp(String.raw`(?:according\s+to|según|selon)\s+(?:${DESCRIBED}|${DESCRIPTION}(${RUN}))${APPOSITIVE}\s*,?\s*$`, 'iu');
/** A partial quotation: its sentence, so far, names who speaks ("Green said the levy was "…"", "X called it "…""). */
const PARTIAL = new RegExp(
  String.raw`(?:^|[\s(])${DESCRIPTION}(${RUN})${APPOSITIVE},?\s+(?:${VERB}|called|described|dismissed|defended|criticised|criticized|branded|labelled|termed)\b`,
  'u',
);
const SPEECH_SENTENCE = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}`, 'u');
const SPEECH_SENTENCE_ALL = new RegExp(String.raw`${NAME}${ROLE},?\s+${VERB}`, 'gu');
/** An attribution after the quotation, named or not ("…," said one analyst): the quotation is not the previous speaker's. */
const ANY_ATTRIBUTION =
  /^\s*,?\s*(?:[\p{L}'’-]+\s+){0,5}?(?:said|says|told|added|complained|explained|noted|asked|insisted|warned|stated|dijo|a\s+dit|a\s+déclaré)\b/iu;

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
  'Vendors',
  'Parents',
  'Passengers',
  'Critics',
  'Lawyers',
  'Investigators',
  'Asked',
  'Later',
  'Meanwhile',
  'However',
  'According',
  'Según',
  'Selon',
  'Analysts',
  'Sources',
]);
const ORG_WORDS =
  /\b(Bank|Ministry|Council|Authority|Corporation|Company|Limited|Association|Union|Force|Department|Agency|Commission|Board|Court|Parliament|Senate|House|Police|Service|Office|Committee|Government|Party|Group|Fund|Centre|Center|Institute|Network|Chamber|Federation|Organisation|Organization|Airport|International|Conference|Summit|Cup|League|Festival|Hotel|Hospital|School|University|College|Stadium|Market|Observer|Gleaner|Express|Times|News|Star|Guardian|Nation|Today|Chronicle|Herald|Voice|Mirror|Wire|Journal|Post|Business)\b/;
const PARTICLES = new Set(['Da', 'De', 'Del', 'Della', 'Van', 'Von', 'Du', 'La', 'Le', 'St']);
const ONLY_RUN = new RegExp(String.raw`^${RUN}$`, 'u');
const ONLY_TITLES = new RegExp(String.raw`^(?:(?:${TITLE}|${HONORIFIC})\s*)+$`, 'u');

function cleanName(raw: string | undefined): string | null {
  if (!raw) return null;
  const name = raw.replace(/\s+/g, ' ').trim();
  const first = name.split(' ')[0]!;
  if (NOT_NAMES.has(first) || ORG_WORDS.test(name) || /^[A-Z]{2,}$/.test(name) || ONLY_TITLES.test(name)) return null;
  // A place is not a speaker ("Rodney Bay", "St Ann's", "South America"); a first name that is also a place is ("Virginia Albert-Poyotte").
  if (findPlaces(name).some((p) => p.name.length >= name.length - 2 || (name.includes(p.name) && !name.startsWith(`${p.name} `)))) return null;
  return name;
}

/** A person's name out of a run of capitals: titles and honorifics in front dropped, the last two words kept (three with a particle: "Kenroy Da Silva-Browne"). */
const LEADING_TITLE = new RegExp(String.raw`^(?:(?:${WORD}\s+)?(${TITLE})|${HONORIFIC})$`, 'u');

function personName(run: string, whole = false): { name: string; title: string | null } {
  let words = run.split(/\s+/);
  let title: string | null = null;
  for (let n = Math.min(3, words.length - 2); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const m = LEADING_TITLE.exec(head);
    if (m) {
      if (m[1]) title = head;
      words = words.slice(n);
      n = Math.min(3, words.length - 2) + 1;
    }
  }
  // Set off by commas (", Ramón Antonio Polanco,") the run is the whole name; else words before the last two describe ("Tobagonian").
  if (words.length > (whole ? 3 : 2)) {
    const keep = (PARTICLES.has(words[words.length - 2]!) && words.length >= 3 ? 3 : 2) + (whole ? 1 : 0);
    words = words.slice(-keep);
  }
  return { name: words.join(' '), title };
}

function cleanRole(raw: string | null | undefined): string | null {
  let role = raw
    ?.replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:the|el|la|le|les|l')\s+/i, '');
  if (!role) return null;
  // "Dr" is not a role; "Jamaica President" is a president; "FINANCE Minister" is a finance minister.
  role = role.replace(new RegExp(String.raw`\s+${HONORIFIC}$`, 'u'), '');
  if (new RegExp(String.raw`^${HONORIFIC}$`, 'u').test(role)) return null;
  const first = role.split(' ')[0]!;
  if (role.includes(' ') && findPlaces(first).length > 0) role = role.slice(first.length + 1);
  if (/^[A-Z]{6,}\s/.test(role)) role = `${first.charAt(0)}${first.slice(1).toLowerCase()}${role.slice(first.length)}`;
  return role.slice(0, 90);
}

/**
 * Pairs quotation marks in one pass: [start of inner text, end of inner text) for each quotation. A
 * quotation goes on over a paragraph break when the next paragraph opens with a mark (the reporters'
 * convention) or when its paragraph ended a sentence; an opening mark never closed is dropped there.
 */
function quotationSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (open >= 0 && i - open > MAX_QUOTE_CHARS) open = -1; // too long to be a quotation: abandoned where it stands
    if (ch === '\n') {
      if (open < 0) continue;
      if (OPEN.has(text[i + 1] ?? ''))
        i++; // the next paragraph goes on with the quotation
      else if (!/[.!?]\s*$/.test(text.slice(Math.max(open, i - 3), i))) open = -1;
      continue;
    }
    // A straight mark after a space, before a word, opens (an earlier one left unclosed is dropped).
    const opens = ch === '"' ? /^\s?$/.test(text[i - 1] ?? '') && /\S/.test(text[i + 1] ?? '') : OPEN.has(ch);
    if (open >= 0 && CLOSE.has(ch) && !(ch === '"' && (i === open || opens))) {
      spans.push([open, i]);
      open = -1;
    } else if (opens || (ch === '"' && open < 0)) open = i + 1;
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

type Speaker = { author: string; role: string | null };

/** "he", "Doe", "the Governor": the full name of the person last named before the quotation, if the text gives one. */
function resolveSpeaker(reference: string, before: string): Speaker | null {
  const people = peopleIn(before);
  const ref = reference.toLowerCase().replace(/\s+/g, ' ');
  if (ref === 'he' || ref === 'she' || ref === '') {
    // The first person named in the sentence just before the quotation (its subject), else the last one reported speaking, else the last one named.
    const previous = peopleIn(
      before
        .replace(/[.!?]["”»]?\s*$/, '')
        .split(/[.!?]["”»]?\s+/)
        .pop() ?? '',
    );
    if (previous.length) return { author: previous[0]!.name, role: cleanRole(previous[0]!.title) };
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

/** A speaker from a run of capitals with the words that describe it: "taxi operator" + "Everton Salmon", or a surname resolved in the context. */
function speakerOf(run: string | undefined, described: string | undefined, role: string | undefined, context: string, whole = false): Speaker | null {
  if (!run) return null;
  // "The Minister of Health, Terrence Deyalsingh, replied": the name is set off by commas, what comes before describes.
  if (role && ONLY_RUN.test(role.trim()) && !cleanName(personName(run.trim()).name)?.includes(' '))
    return speakerOf(role, undefined, [described?.trim(), run.trim()].filter(Boolean).join(' '), context, true);
  const { name: raw, title } = personName(run.replace(/\s+/g, ' ').trim(), whole);
  const name = cleanName(raw);
  if (!name) return null;
  const dropped = run
    .trim()
    .slice(0, Math.max(0, run.trim().length - raw.length))
    .trim();
  const describedBy = [described?.trim(), dropped].filter(Boolean).join(' ');
  const given = cleanRole(role) ?? cleanRole(title) ?? (describedBy && !/^(?:according\s+to|según|selon)$/i.test(describedBy) ? cleanRole(describedBy) : null);
  if (name.includes(' ')) return { author: name, role: given };
  const resolved = resolveSpeaker(name, context);
  return resolved ? { author: resolved.author, role: given ?? resolved.role } : null;
}

/** Quotations attributed to a named person in one report's text, word for word as printed there. */
export function findQuotesIn(rawText: string): FoundQuote[] {
  // Paragraph breaks are kept: a quotation's attribution does not reach over one.
  const text = rawText.replace(/[^\S\n]+/g, ' ').replace(/ ?\n[\s]*/g, '\n');
  const found: FoundQuote[] = [];
  const seen = new Set<string>();
  let previous: (Speaker & { end: number }) | null = null;
  for (const [start, end] of quotationSpans(text)) {
    const inner = text
      .slice(start, end)
      .replace(/\n["“«„]?\s*/g, ' ')
      .trim()
      .replace(/,$/, '')
      .trim();
    if (wordCount(inner) < MIN_QUOTE_WORDS) continue;
    const after = text.slice(end + 1, end + 1 + WINDOW).split('\n')[0]!;
    const before = text
      .slice(Math.max(0, start - 1 - WINDOW), start - 1)
      .split('\n')
      .pop()!;
    const context = text.slice(Math.max(0, start - 1 - CONTEXT), start - 1);
    // A quotation that ends its sentence inside the marks ("… now.") has no attribution after it.
    const closed = /\.$/.test(inner);
    let speaker: Speaker | null = null;
    let partial = false;
    let m: RegExpExecArray | null;
    if (!closed) {
      if ((m = AFTER_DESCRIBED.exec(after))) speaker = speakerOf(m[2] ?? m[4], undefined, m[1] ?? m[3], context, true);
      if (!speaker && (m = AFTER_VERB_NAME.exec(after))) speaker = speakerOf(m[2], m[1], m[3], context);
      if (!speaker && (m = AFTER_NAME_VERB.exec(after))) speaker = speakerOf(m[2], m[1], m[3], context);
      if (!speaker && (m = AFTER_PRONOUN.exec(after))) speaker = resolveSpeaker(m[1] ?? m[2] ?? '', context);
    }
    const opensSentence = /(^|[.!?]["”»]?\s*)$/.test(before);
    // "…," he said, "…": the second part of a split quotation is the first part's speaker's.
    const split = previous && start - previous.end < 80 && /^["”»]\s*,?[^.!?"“”«»\n]*,\s*$/.test(text.slice(previous.end, start - 1));
    if (!speaker && split) speaker = previous;
    if (!speaker && !opensSentence && (m = ACCORDING.exec(before))) speaker = speakerOf(m[2] ?? m[4], m[3], m[1] ?? m[5], context, Boolean(m[2]));
    if (!speaker && !opensSentence && (m = BEFORE_NAME_VERB.exec(before))) speaker = speakerOf(m[2], m[1], m[3], context);
    if (!speaker && !opensSentence && (m = BEFORE_PRONOUN.exec(before))) speaker = resolveSpeaker(m[1]!, context);
    if (!speaker && !opensSentence) {
      // A fragment inside the reporter's sentence: the sentence so far names who speaks.
      const sentence = before.split(/[.!?]["”»]?\s+/).pop() ?? '';
      if ((m = PARTIAL.exec(sentence))) {
        speaker = speakerOf(m[2], m[1], m[3], context);
        partial = true;
      }
    }
    if (!speaker && opensSentence && !ANY_ATTRIBUTION.test(after)) {
      // "Doe said on Tuesday. "…"": the sentence before names the speaker, or the previous quotation's speaker goes on.
      const lastSentence =
        before
          .replace(/[.!?]["”»]?\s*$/, '')
          .split(/[.!?]\s+/)
          .pop() ?? '';
      const s = SPEECH_SENTENCE.exec(lastSentence);
      if (s) speaker = speakerOf(s[1], undefined, s[2], context);
      else if (previous && start - previous.end < 300) speaker = previous;
    }
    if (!speaker) continue;
    // A fragment inside someone's sentence reads as a quotation only when it could stand alone.
    if (!split && !/^[\p{Lu}¿¡]/u.test(inner) && wordCount(inner) < MIN_PARTIAL_WORDS) continue;
    if (partial && wordCount(inner) < MIN_PARTIAL_WORDS) continue;
    if (!seen.has(inner)) found.push({ quote: inner, author: speaker.author, role: speaker.role });
    seen.add(inner);
    previous = { author: speaker.author, role: speaker.role, end };
  }
  return found;
}
