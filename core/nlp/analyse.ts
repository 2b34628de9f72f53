import type { ItemSentence } from 'wink-nlp';
import { findPlaces, type Place } from './gazetteer';
import { engine } from './wink';

/**
 * Text analysis on wink-nlp with its packaged English model (no network, deterministic): sentences,
 * tokens with lemma and part of speech, wink's own entities (DATE, MONEY, PERCENT, CARDINAL, …), and the
 * entities the model lacks: places from our gazetteer, and people and organisations from runs of
 * proper nouns (titles and organisation words decide which).
 */

export type Token = { text: string; lower: string; lemma: string; pos: string; stop: boolean; kind: string };
export type WinkEntity = { text: string; type: string };
export type Sentence = { text: string; tokens: Token[]; entities: WinkEntity[]; sentiment: number };
export type Names = { people: string[]; organisations: string[]; laws: string[]; other: string[] };

/** wink-nlp's tokeniser is quadratic in a token's length ("a.a.a…", 100 kB in 12 s): longer runs without a space are cut up. */
const MAX_RUN = 64;

export function splitSentences(text: string): Sentence[] {
  const clean = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\S{65,}/g, (run) => run.replace(new RegExp(`\\S{${MAX_RUN}}`, 'g'), '$& '));
  if (!clean) return [];
  const doc = engine().readDoc(clean);
  const its = engine().its;
  const out: Sentence[] = [];
  doc.sentences().each((s: ItemSentence) => {
    const tokens = s.tokens();
    const values = tokens.out(its.value) as string[];
    const lemmas = tokens.out(its.lemma as never) as unknown as string[];
    const pos = tokens.out(its.pos) as string[];
    const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
    const kinds = tokens.out(its.type) as string[];
    out.push({
      text: s.out(),
      tokens: values.map((value, i) => ({
        text: value,
        lower: value.toLowerCase(),
        lemma: (lemmas[i] ?? value).toLowerCase(),
        pos: pos[i] ?? 'X',
        stop: Boolean(stops[i]),
        kind: kinds[i] ?? 'word',
      })),
      entities: (s.entities().out(its.detail) as unknown as { value: string; type: string }[]).map((e) => ({ text: e.value, type: e.type })),
      sentiment: Number(s.out(its.sentiment)) || 0,
    });
  });
  return out;
}

const STOP_EXTRA = new Set([
  'say',
  'said',
  'says',
  'also',
  'would',
  'could',
  'one',
  'two',
  'new',
  'year',
  'yesterday',
  'today',
  'tomorrow',
  'week',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'accord',
  'report',
  'reported',
  'told',
  'tell',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'us',
]);

/** Content words (lemmas, lower case) of a text: no stop words, punctuation or numbers. */
export function contentWords(sentences: readonly Sentence[]): string[] {
  const words: string[] = [];
  for (const s of sentences) {
    for (const t of s.tokens) {
      if (t.kind !== 'word' || t.stop || t.lemma.length < 2 || STOP_EXTRA.has(t.lemma)) continue;
      if (!['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM', 'X'].includes(t.pos)) continue;
      words.push(t.lemma.replace(/[^a-z0-9\-']/g, ''));
    }
  }
  return words.filter(Boolean);
}

const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'dr.',
  'mr.',
  'mrs.',
  'ms.',
  'prof',
  'professor',
  'sir',
  'dame',
  'minister',
  'senator',
  'president',
  'premier',
  'commissioner',
  'superintendent',
  'inspector',
  'sergeant',
  'corporal',
  'constable',
  'judge',
  'justice',
  'chief',
  'mayor',
  'councillor',
  'bishop',
  'reverend',
  'rev',
  'pastor',
  'ambassador',
  'governor',
  'general',
  'captain',
  'deputy',
  'prime',
  'opposition',
  'leader',
  'ceo',
  'chairman',
  'chairperson',
]);
const ORG_WORDS = new Set([
  'ministry',
  'bank',
  'council',
  'authority',
  'corporation',
  'company',
  'limited',
  'ltd',
  'inc',
  'party',
  'association',
  'union',
  'force',
  'department',
  'agency',
  'commission',
  'board',
  'court',
  'parliament',
  'senate',
  'house',
  'police',
  'hospital',
  'university',
  'college',
  'school',
  'airport',
  'airline',
  'airlines',
  'chamber',
  'fund',
  'trust',
  'group',
  'services',
  'office',
  'committee',
  'federation',
  'foundation',
  'institute',
  'network',
  'centre',
  'center',
  'organisation',
  'organization',
  'society',
  'cabinet',
  'government',
  'secretariat',
  'caricom',
  'imf',
  'cdb',
  'oecs',
  'nht',
  'jps',
  'jcf',
  'tstt',
  'digicel',
  'flow',
  'bureau',
  'tribunal',
  'port',
  'utility',
  'utilities',
  'club',
  'league',
  'team',
  'brigade',
  'agency',
  'assembly',
]);
const CONNECTORS = new Set(['of', 'and', 'for', 'the', '&', 'de', 'la']);
const CALENDAR_WORDS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'the',
  'a',
  'an',
  'this',
  'that',
  'it',
  'he',
  'she',
  'they',
  'we',
  'i',
]);

function isCapitalised(token: Token): boolean {
  return /^[A-Z][\p{L}'’.-]*$/u.test(token.text) || /^[A-Z]{2,}$/.test(token.text);
}

/** Runs of capitalised proper nouns (with "of", "and", "the" inside), split into people, organisations and other names. */
export function findNames(sentences: readonly Sentence[]): Names {
  const people = new Set<string>();
  const organisations = new Set<string>();
  const laws = new Set<string>();
  const other = new Set<string>();
  for (const s of sentences) {
    const tokens = s.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (!(isCapitalised(t) && (t.pos === 'PROPN' || (t.pos === 'NOUN' && i > 0)))) continue;
      // A capital at the start of a sentence is only a name when the tagger says so.
      if (i === 0 && t.pos !== 'PROPN') continue;
      let j = i;
      while (j + 1 < tokens.length) {
        const next = tokens[j + 1]!;
        if (isCapitalised(next) && (['PROPN', 'NOUN', 'ADJ'].includes(next.pos) || next.lower === 'act' || next.lower === 'bill')) j++;
        else if (CONNECTORS.has(next.lower) && j + 2 < tokens.length && isCapitalised(tokens[j + 2]!) && next.lower !== 'and') j += 2;
        else break;
      }
      const words = tokens.slice(i, j + 1).map((w) => w.text);
      i = j;
      const lowerWords = words.map((w) => w.toLowerCase().replace(/\.$/, ''));
      let start = 0;
      let titled = false;
      while (start < words.length - 1 && TITLES.has(lowerWords[start]!)) {
        start++;
        titled = true;
      }
      const precededByTitle = i - words.length >= 0 && TITLES.has(tokens[i - words.length]?.lower.replace(/\.$/, '') ?? '');
      const name = words.slice(start).join(' ');
      if (lowerWords.every((w) => CALENDAR_WORDS.has(w))) continue;
      if (name.length < 2 || (findPlaces(name).length > 0 && findPlaces(name)[0]!.name.length >= name.length - 1)) continue;
      const last = lowerWords[lowerWords.length - 1]!;
      if ((last === 'act' || last === 'bill') && words.length >= 2) laws.add(words.join(' '));
      else if (lowerWords.some((w) => ORG_WORDS.has(w))) organisations.add(words.join(' '));
      else if ((titled || precededByTitle) && words.length - start <= 3) people.add(name);
      else if (words.length - start >= 2 && words.length - start <= 3 && !lowerWords.some((w) => STOP_EXTRA.has(w))) people.add(name);
      else if (!(i - words.length + 1 === 0 && words.length === 1)) other.add(name); // a lone capital at a sentence start is just a word
    }
  }
  return { people: [...people], organisations: [...organisations], laws: [...laws], other: [...other] };
}

export type Entities = Names & { places: Place[] };

export function findEntities(text: string, sentences: readonly Sentence[] = splitSentences(text)): Entities {
  return { ...findNames(sentences), places: findPlaces(text) };
}

/** Lower-case keys for entity overlap: places by name, people by surname-aware full name, organisations. */
export function entityKeys(entities: Entities): string[] {
  const keys = new Set<string>();
  for (const p of entities.places) keys.add(`place:${p.name.toLowerCase()}`);
  for (const p of entities.people) keys.add(`person:${p.toLowerCase()}`);
  for (const o of entities.organisations) keys.add(`org:${o.toLowerCase()}`);
  for (const l of entities.laws) keys.add(`law:${l.toLowerCase()}`);
  for (const o of entities.other) keys.add(`name:${o.toLowerCase()}`);
  return [...keys];
}

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Wire datelines ("CASTRIES (Antilles Wire) — ") say where the reporter filed from, not what happened. */
export function stripDateline(text: string): string {
  return text.replace(/^\s*[A-Z][A-Z'’.\- ]{1,40}(?:,\s*[A-Z][\w .]{1,30})?\s*(?:\([^)]{1,40}\))?\s*[—–-]{1,2}\s+/, '');
}
