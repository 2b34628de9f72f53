import { foldText } from '../nlp/text-key';
import { REGION_CODES } from './regions';

/**
 * Search in the site's four languages over an index written in English (the stories' text and the
 * storm updates are English, and PostgreSQL's 'english' configuration stems them): a reader's words for
 * a storm's type and for the countries under watch, in Spanish, French or Dutch, are read as the English
 * words the index holds. "huracán Haití" searches "hurricane Haiti"; "tempête tropicale" searches
 * "tropical storm"; "République dominicaine" searches "Dominican Republic". Pure, so the storm search
 * reads the same words.
 */

/** Storm types, longest first (a phrase before its words). Folded: no accents, lower case. */
const STORM_WORDS: readonly [string, string][] = [
  ['tormenta tropical', 'tropical storm'],
  ['tormentas tropicales', 'tropical storm'],
  ['tempete tropicale', 'tropical storm'],
  ['tempetes tropicales', 'tropical storm'],
  ['tropische storm', 'tropical storm'],
  ['tropische stormen', 'tropical storm'],
  ['depresion tropical', 'tropical depression'],
  ['depression tropicale', 'tropical depression'],
  ['tropische depressie', 'tropical depression'],
  ['huracan', 'hurricane'],
  ['huracanes', 'hurricane'],
  ['ouragan', 'hurricane'],
  ['ouragans', 'hurricane'],
  ['orkaan', 'hurricane'],
  ['orkanen', 'hurricane'],
  ['tormenta', 'storm'],
  ['tormentas', 'storm'],
  ['tempete', 'storm'],
  ['tempetes', 'storm'],
  ['stormen', 'storm'],
];

const LANGUAGES = ['es', 'fr', 'nl'] as const;
let terms: { map: Map<string, string>; maxWords: number } | undefined;

/** The folded foreign name → English words; country names as Intl names them, as the site shows them to readers. */
function termMap(): { map: Map<string, string>; maxWords: number } {
  if (terms) return terms;
  const map = new Map<string, string>(STORM_WORDS);
  for (const [english, code] of Object.entries(REGION_CODES)) {
    for (const language of LANGUAGES) {
      const name = new Intl.DisplayNames([language], { type: 'region' }).of(code);
      if (!name) continue;
      const folded = foldText(name);
      // Leading articles are left off as readers type them ("la República Dominicana" → "republica dominicana").
      // Also a name spelt as in English but for its accents ("Haïti", "Haití"): the index has no accents to match.
      for (const key of [folded, folded.replace(/^(la|le|les|l|el|de|het) /, '')]) if (key && !map.has(key)) map.set(key, english);
    }
  }
  terms = { map, maxWords: Math.max(...[...map.keys()].map((k) => k.split(' ').length)) };
  return terms;
}

const plain = (token: string) => token !== 'or' && !token.startsWith('-') && !token.includes('"');

/**
 * A searchable query (core/stories/search-query.ts) with the foreign words for storm types and
 * countries replaced by the English ones; quoted phrases, "or" and "-word" are left as typed.
 */
export function englishSearchTerms(query: string): string {
  const { map, maxWords } = termMap();
  const tokens = query.split(' ').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    let matched = false;
    for (let n = Math.min(maxWords, tokens.length - i); n >= 1 && plain(tokens[i]!); n--) {
      const words = tokens.slice(i, i + n);
      if (!words.every(plain)) continue;
      const english = map.get(foldText(words.join(' ')));
      if (english) {
        out.push(english);
        i += n;
        matched = true;
        break;
      }
    }
    if (!matched) out.push(tokens[i++]!);
  }
  return out.join(' ');
}
