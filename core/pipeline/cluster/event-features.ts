import { stem } from '../../nlp/stem';
import { caribbeanCountries, findPlaces, lookupPlace, mainCountry, type Place } from '../../nlp/gazetteer';
import { isEnglishWord } from '../../nlp/wink';
import { meaningOf } from '../../nlp/word-vectors';
import { GENERIC_NAMES, INSTITUTIONS } from './institutions';
import { TRANSLATIONS } from './translations';

/**
 * What clustering compares, in any of the region's languages: an item's words (stemmed, title weighted
 * over lead over body), the institutions it names (one token per institution whatever it is called),
 * the figures it states (7.5%, 50 basis points, J$14.2 billion, 12,000 customers: exact values, read
 * with the decimal comma of Spanish, French and Dutch), its places, outlet and time. No NLP model is
 * needed, so a Spanish or Creole report is read as well as an English one.
 */

/** `outletRegion`: the outlet's home country from the registry ("Caribbean" for regional outlets). */
export type EventItem = {
  title: string;
  summary: string;
  text: string;
  outlet: string;
  outletRegion?: string | null;
  publishedAt: string | null;
  createdAt: string;
};
export type EventFeatures = {
  terms: Record<string, number>;
  figures: string[];
  /** Rates and amounts in the title: what the report leads on. */
  headline: string[];
  /** Places of the title and lead: where the event happened (the body also names places it only mentions). */
  places: Place[];
  country: string | undefined;
  /** The report speaks of the region (CARICOM, the OECS, the West Indies): the countries it names do not confine it. */
  regional: boolean;
  /** Names it uses (people, firms, villages, products: capitalised words inside sentences, folded): the rare ones outlets share tell one event. */
  names: string[];
  /** The title's words (stems, places left out): the news the report leads on. */
  titleWords?: string[];
  /** The lead's first sentence's words, read instead of a title that says nothing rare ("Business Highlights"). */
  leadWords?: string[];
  language: string;
  outlet: string;
  time: number;
  /** Every country the report names anywhere (title, lead and body): where it says the event touches. */
  mentions?: string[];
  /** The national currencies its amounts are in (`rupee`, `shilling`...; not the dollar, euro or pound, which many countries quote). */
  currencies?: string[];
  /** What the report is about, from the meanings of its words (see core/nlp/word-vectors.ts): one event in other words still points one way. */
  meaning?: number[];
};

/** Words of several languages that carry no event: articles, pronouns, auxiliaries, reporting verbs. */
const STOP = new Set(
  `a about above after again against all also am an and any are as at be been before being below between both but by can could did do does doing
  down during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most my
  no nor not now of off on once only or other our out over own same she should so some such than that the their them then there these they
  this those through to too under until up very was we were what when where which while who whom why will with would you your yesterday today
  tomorrow monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october
  november december said says say told according week weeks year years day days month months new one two three mr mrs ms dr hon st per cent
  percent morning afternoon evening night last next first time people including since around while however among us
  el la los las un una unos unas de del al y o en por para con sin sobre entre que se su sus es son fue ser ha han este esta estos estas lo le
  les como mas pero tras desde hasta segun dijo este ano dia
  le la les un une des du de et ou en dans par pour avec sans sur que qui se sa son ses est sont ete a au aux ce cette ces il elle ils elles
  selon apres plus pas ne lors jeudi lundi mardi mercredi vendredi samedi dimanche
  de het een en van in op met voor door dat die is zijn werd wordt aan bij naar om ook als maar niet
  yo li nan ak pou ki se te pa lan sou mwen nou ou`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words outlets use for one action: "lifts", "hikes", "raises" and "increases" a rate are one act;
 * "gunned down" and "shot dead" one outcome. Stems on the left, what they read as on the right.
 */
const SYNONYMS: Record<string, string> = {
  rais: 'rise',
  hike: 'rise',
  lift: 'rise',
  increas: 'rise',
  climb: 'rise',
  rose: 'rise',
  jump: 'rise',
  boost: 'rise',
  higher: 'rise',
  up: 'rise',
  cut: 'fall',
  lower: 'fall',
  reduc: 'fall',
  slash: 'fall',
  drop: 'fall',
  declin: 'fall',
  fell: 'fall',
  eas: 'fall',
  trim: 'fall',
  murder: 'kill',
  slain: 'kill',
  slay: 'kill',
  gun: 'kill',
  homicid: 'kill',
  dead: 'kill',
  death: 'kill',
  die: 'kill',
  fatal: 'kill',
  blaze: 'fire',
  inferno: 'fire',
  gut: 'fire',
  burn: 'fire',
  flame: 'fire',
  blackout: 'outag',
  'power-cut': 'outag',
  cop: 'polic',
};

/** Words that name a scale after a number, in English, Spanish, French and Dutch. */
const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  mil: 1e3,
  mion: 1e6,
  miyon: 1e6,
  million: 1e6,
  millions: 1e6,
  m: 1e6,
  mn: 1e6,
  mln: 1e6,
  millon: 1e6,
  millones: 1e6,
  miljoen: 1e6,
  billion: 1e9,
  billions: 1e9,
  bn: 1e9,
  b: 1e9,
  milliard: 1e9,
  milliards: 1e9,
  miljard: 1e9,
  biyon: 1e9,
  trillion: 1e12,
};
const PERCENT = /^(%|per\s?cent|percent|por\s?ciento|pour\s?cent|procent|pour\s?cents)/i;
const BASIS_POINTS = /^(basis\s+points?|bps|bp|puntos\s+basicos|points\s+de\s+base)/i;
const CURRENCY_BEFORE = /(US\$|USD|J\$|JMD|TT\$|TTD|EC\$|XCD|BDS\$|BD\$|BBD|RD\$|G\$|GYD|B\$|\$|€|£|US\s?\$)\s*$/i;

export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Number written in any of the region's styles: 7.5, 7,5, 1,200, 1.200, 150 000. */
function parseNumber(raw: string): number {
  const s = raw.replace(/\s/g, '');
  // A separator followed by exactly three digits groups thousands; otherwise it is a decimal point.
  const grouped = s.replace(/[.,](?=\d{3}(?:[.,]|$))/g, '');
  return Number(grouped.replace(',', '.'));
}

const NUMBER_RE = /(\d{1,3}(?:[ ,.]\d{3})+|\d+(?:[.,]\d+)?)/g;

/**
 * An amount's kind: pounds and euros apart from dollars, so that one fee told as £70m by one outlet and
 * as €81m by another is not read as two different amounts; the dollars of the region and the world are
 * one kind, as outlets drop the prefix.
 */
function amountKind(before: string): string {
  const symbol = before.trimEnd().slice(-1);
  return symbol === '£' || symbol === '€' ? symbol : '$';
}

/** Exact figures of a text, as language-free keys: `%:7.5`, `bp:50`, `$:14200000000`, `£:70000000`, `#:12000`. */
export function findEventFigures(text: string): string[] {
  const keys = new Set<string>();
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  for (const m of folded.matchAll(NUMBER_RE)) {
    const start = m.index!;
    const before = folded.slice(Math.max(0, start - 6), start);
    const after = folded.slice(start + m[0].length).replace(/^[\s-]+/, '');
    // Parts of dates and times (18 November, 2026, 10:30) and of words (COVID-19) are not figures.
    if (/[:/\w-]$/.test(before) && !CURRENCY_BEFORE.test(before)) continue;
    if (/^[:/]\d/.test(after) || /^(am|pm|h\d)/i.test(after)) continue;
    let value = parseNumber(m[0]);
    if (!Number.isFinite(value)) continue;
    const scaleWord = /^([a-z]+)/i.exec(after)?.[1]?.toLowerCase();
    const scale = scaleWord ? SCALE[scaleWord] : undefined;
    if (PERCENT.test(after)) keys.add(`%:${round(value)}`);
    else if (BASIS_POINTS.test(after)) keys.add(`bp:${round(value)}`);
    else if (CURRENCY_BEFORE.test(before)) keys.add(`${amountKind(before)}:${round(value * (scale ?? 1))}`);
    else {
      if (scale) value *= scale;
      else if (Number.isInteger(value) && value >= 1900 && value <= 2100)
        continue; // a year
      else if (
        /^(de\s+)?(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|january|february|march|april|may|june|july|august|september|october|november|december|oktober|januari|februari|maart|mei|juni|juli|augustus)\b/i.test(
          after,
        )
      )
        continue;
      else if (
        /(january|february|march|april|may|june|july|august|september|october|november|december|\bjan|\bfeb|\bmar|\bapr|\bjun|\bjul|\baug|\bsep|\boct|\bnov|\bdec)\.?\s*$/i.test(
          folded.slice(Math.max(0, start - 12), start),
        )
      )
        continue;
      // Small counts (two people, 5 homes) recur in unrelated stories; they identify nothing.
      if (value < 10 && Number.isInteger(value)) continue;
      keys.add(`#:${round(value)}`);
    }
  }
  return [...keys].sort();
}

/**
 * Amounts in a national currency place a report as surely as a place name: a petrol price rise in
 * rupees and one in shillings are two countries' news, though neither report names its own country
 * (a national outlet seldom does). Written as outlets write them, symbol or code before the figure, or
 * the currency's name after it; the dollar, the euro and the pound are quoted everywhere and place
 * nothing. Currencies of several countries (the rupee, the peso) are one name: they can only fail to
 * tell two countries apart, never split one event.
 */
const CURRENCIES: readonly [string, RegExp][] = [
  ['rupee', /(?:\bRs\.?|₹|\b(?:INR|PKR|LKR|NPR)\s?)\s?\d|\d\s*(?:crore|lakh)?\s*rupees?\b|\brupias?\b/i],
  ['shilling', /\b(?:K?Sh|Ksh|KES|UGX|TZS)\.?\s?\d|\d\s*(?:million|billion|bn)?\s*shillings?\b/i],
  ['naira', /₦\s?\d|\bN\d[\d.,]*\s?(?:bn|billion|trillion|tn|m|million)\b|\bNGN\s?\d|\d\s*(?:million|billion|trillion)?\s*naira\b/i],
  ['rand', /\bR\d[\d.,]*\s?(?:bn|billion|trillion|m|million)\b|\bZAR\s?\d|\d\s*(?:million|billion)?\s*rand\b/],
  ['cedi', /GH₵\s?\d|\bGHS\s?\d|\d\s*(?:million|billion)?\s*cedis?\b/i],
  ['peso', /\b(?:MXN|COP|ARS|CLP|PHP|UYU)\s?\d|₱\s?\d|\d\s*(?:mil\s+)?(?:millones\s+de\s+|million\s+|billion\s+)?pesos\b/i],
  ['real', /\bR\$\s?\d|\bBRL\s?\d|\d\s*(?:milhões\s+de\s+|millones\s+de\s+|million\s+|billion\s+)?(?:reais|reales)\b/i],
  ['yen', /¥\s?\d|\bJPY\s?\d|\d\s*(?:million|billion|trillion)?\s*yen\b/i],
  ['won', /₩\s?\d|\bKRW\s?\d|\d\s*(?:million|billion|trillion)\s*won\b/i],
  ['yuan', /\b(?:RMB|CNY)\s?\d|\d\s*(?:million|billion|trillion)?\s*(?:yuan|renminbi)\b/i],
  ['rupiah', /\bRp\.?\s?\d|\bIDR\s?\d|\d\s*(?:million|billion|trillion)?\s*rupiah\b/i],
  ['baht', /฿\s?\d|\bTHB\s?\d|\d\s*(?:million|billion)?\s*baht\b/i],
  ['ringgit', /\bRM\s?\d|\bMYR\s?\d|\d\s*(?:million|billion)?\s*ringgit\b/i],
  ['taka', /৳\s?\d|\bTk\.?\s?\d|\bBDT\s?\d|\d\s*(?:crore|lakh|million|billion)?\s*taka\b/i],
  ['dong', /₫|\bVND\s?\d|\d\s*(?:million|billion|trillion)?\s*dong\b/i],
  ['dirham', /\b(?:AED|Dh|Dhs|MAD)\.?\s?\d|\d\s*(?:million|billion)?\s*(?:dirhams?|dirhams)\b/i],
  ['riyal', /\b(?:SAR|SR|QAR|QR|OMR)\s?\d|\d\s*(?:million|billion)?\s*(?:riyals?|rials?)\b/i],
  ['lira', /₺\s?\d|\bTRY\s?\d|\d\s*(?:million|billion)?\s*(?:lira|liras)\b/i],
  ['egyptian pound', /\b(?:EGP|LE|E£)\s?\d|\d\s*(?:million|billion)?\s*Egyptian\s+pounds?\b/i],
  ['franc cfa', /\b(?:FCFA|XOF|XAF)\b|\d\s*(?:millions?\s+de\s+|milliards?\s+de\s+)?francs\s+CFA\b/i],
  ['zloty', /\bPLN\s?\d|\d\s*(?:million|billion|mln|mld)?\s*(?:zloty|złoty|zł)/i],
  ['krona', /\b(?:SEK|NOK|DKK|ISK)\s?\d|\d\s*(?:million|billion)?\s*(?:kronor|kroner|krona|krone)\b/i],
];

export function findCurrencies(text: string): string[] {
  return CURRENCIES.filter(([, re]) => re.test(text)).map(([name]) => name);
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

type InstitutionIndex = { acronyms: Map<string, string>; names: { re: RegExp; key: string }[]; generic: { re: RegExp; kind: string }[] };
let index: InstitutionIndex | undefined;

const isAcronym = (name: string) => /^[A-Z&][A-Za-z&]{1,7}$/.test(name) && name !== name[0] + name.slice(1).toLowerCase();
const wordPattern = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u');

/** Built once: acronyms match in capitals on the text as written, full names in any case on the folded text. */
function institutionIndex(): InstitutionIndex {
  if (index) return index;
  const acronyms = new Map<string, string>();
  const names: InstitutionIndex['names'] = [];
  for (const inst of INSTITUTIONS) {
    for (const name of inst.names) {
      if (isAcronym(name)) acronyms.set(name, inst.key);
      else names.push({ re: wordPattern(fold(name)), key: inst.key });
    }
  }
  const generic = Object.entries(GENERIC_NAMES).flatMap(([kind, list]) => list.map((n) => ({ re: wordPattern(n), kind })));
  index = { acronyms, names, generic };
  return index;
}

/** Institutions a text names, as `@key` tokens, with the text's generic names ("the central bank") read as its country's. */
export function findInstitutions(text: string, country: string | undefined): string[] {
  const { acronyms, names, generic } = institutionIndex();
  const found = new Set<string>();
  for (const m of text.matchAll(/(?<![\p{L}\p{N}&])[A-Z][A-Za-z&]{1,7}(?![\p{L}\p{N}&])/gu)) {
    const key = acronyms.get(m[0]);
    if (key) found.add(`@${key}`);
  }
  const folded = fold(text);
  for (const { re, key } of names) if (re.test(folded)) found.add(`@${key}`);
  if (country) for (const { re, kind } of generic) if (re.test(folded)) found.add(`@${kind}:${fold(country)}`);
  return [...found];
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** French and Italian elided articles and pronouns ("l'État", "d'Haïti", "qu'il"): the word is what follows. */
const ELISION = /^(?:l|d|j|m|n|s|t|c|qu|lorsqu|puisqu|jusqu)['’](?=\p{L})/iu;

/** Stemmed content words of a text, synonyms read as one. */
export function eventWords(text: string): string[] {
  const words: string[] = [];
  for (const m of fold(text).matchAll(/[\p{L}]+(?:['’][\p{L}]+)?/gu)) {
    const raw = m[0]
      .replace(ELISION, '')
      .replace(/['’]s$/, '')
      .replace(/['’]/g, '');
    const w = TRANSLATIONS.get(raw) ?? raw;
    if (w.length < 3 || STOP.has(w)) continue;
    const s = stem(w);
    words.push(SYNONYMS[s] ?? s);
  }
  return words;
}

const REGIONAL = /\b(CARICOM|Caricom|OECS|ECCB|ECCU|CDEMA|CARPHA|West Indies|Windies|Caribbean Community|Eastern Caribbean|regional|region's|Member States)\b/;

const LANGUAGE_WORDS: Record<string, readonly string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'for', 'on', 'with', 'was', 'after', 'said'],
  es: ['el', 'los', 'las', 'del', 'en', 'por', 'para', 'con', 'una', 'que', 'tras', 'según'],
  fr: ['le', 'les', 'des', 'du', 'dans', 'pour', 'avec', 'une', 'est', 'sur', 'après', 'selon'],
  nl: ['de', 'het', 'een', 'van', 'op', 'voor', 'met', 'zijn', 'wordt', 'naar', 'ook', 'niet'],
  pap: ['di', 'e', 'ku', 'pa', 'riba', 'lo', 'ta', 'a', 'den', 'su', 'nan', 'tambe'],
  ht: ['nan', 'ak', 'pou', 'yo', 'li', 'te', 'pa', 'ki', 'sou', 'moun', 'gen', 'yon'],
};

/** The language of a short text by its commonest function words: enough to tell a translation from a second report. */
export function guessLanguage(text: string): string {
  const words = fold(text).split(/[^\p{L}]+/u);
  let best = 'en';
  let bestCount = 0;
  for (const [lang, list] of Object.entries(LANGUAGE_WORDS)) {
    const n = words.filter((w) => list.includes(w)).length;
    if (n > bestCount) [best, bestCount] = [lang, n];
  }
  return best;
}

/** Capitalised words that are not names: titles, days, months, words that open quotes or clauses. */
const NOT_NAMES = new Set(
  `the a an in on at of for and but or to by with from as after before over under new this that these those it its he she they we you his her
  their our mr mrs ms dr sir hon prof gen col capt sgt cpl insp supt president prime minister ministry police government state national
  says said according monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
  october november december breaking update live watch video photos exclusive analysis opinion explainer report news first second last
  more most when where what why how who while some many all one two three there here if not no yes el la los las del le les des du de et
  bank court council ministry university company party union association army department agency authority commission office service
  services corporation group club league house senate parliament assembly committee board fund hospital school college airport port
  station street road church cabinet opposition central federal national international north south east west northern southern eastern
  western city county province district island islands republic kingdom united`
    .split(/\s+/)
    .filter(Boolean),
);
const MAX_NAMES = 60;

/**
 * Names a text uses: words written with a capital inside a sentence (or in capitals anywhere), folded.
 * Outlets that tell one event in different words still name its people, firm, village or product; a
 * headline written in title case gives its rare words, which is what its names are.
 */
export function findNames(text: string): string[] {
  const capitalised = new Set<string>();
  const openers = new Set<string>();
  const lower = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?:;"”])\s+|\n+/)) {
    let k = 0;
    for (const m of sentence.matchAll(/[\p{L}][\p{L}\p{N}'’-]*/gu)) {
      const w = m[0].replace(ELISION, '').replace(/['’]s$/u, '');
      const first = k++ === 0;
      if (!/^\p{Lu}/u.test(w)) {
        lower.add(fold(w).replace(/['’]/g, ''));
        continue;
      }
      const raw = fold(w).replace(/['’]/g, '');
      // Places are compared as places (a shared country is no evidence; two countries are a conflict).
      // The world list's countries stay names too: outside the region the country two reports share is some
      // evidence, by its English name whatever the report's language (Liban, Kenia: Lebanon, Kenya).
      const places = lookupPlace(w);
      if (raw.length < 3 || NOT_NAMES.has(raw) || STOP.has(raw) || places.some((p) => !p.world)) continue;
      const f = places.length > 0 ? fold(places[0]!.country) : raw;
      if (first && !/^\p{Lu}{2,}$/u.test(w)) openers.add(f);
      else capitalised.add(f);
    }
  }
  // A capitalised word is a name when the text never writes it in lower case: a headline in title case
  // ("Engineers Strike, Stranding Daily Riders") and a sentence's first word ("Several ...") are not names
  // when the body uses the same words plainly; a headline alone keeps its rare words, which are its names.
  const out: string[] = [];
  for (const f of [...capitalised, ...openers]) if (!lower.has(f) && !out.includes(f) && out.length < MAX_NAMES) out.push(f);
  return out;
}

/** The outlet's own name ("Reuters", "told Daily Maverick") and wire datelines say nothing of the event. */
function withoutOutlet(names: string[], outlet: string): string[] {
  const own = new Set([...fold(outlet).split(/[^\p{L}\p{N}]+/u), 'gmt', 'utc', 'afp', 'reuters', 'efe']);
  return names.filter((n) => !own.has(n));
}

/**
 * Towns and departments whose names are also common words: "the Crown", "Penal reform", "Linden" the
 * surname, and Haiti's departments named for the compass ("SUD-Rail", "le Grand Nord", "les Canaries").
 */
const WORD_TOWNS = new Set(['crown', 'penal', 'linden', 'nord', 'sud', 'ouest', 'nord-est', 'sud-est', 'canaries']);

// Each place's pattern, made once (a place is looked for in thousands of reports; the gazetteer's names are fixed).
const placePatterns = new Map<string, RegExp>();
function placePattern(name: string): RegExp {
  let pattern = placePatterns.get(name);
  if (!pattern) placePatterns.set(name, (pattern = new RegExp(`(?<![\\p{L}])${escape(fold(name))}(?![\\p{L}])`, 'gu')));
  return pattern;
}

/**
 * Places a text names, written as names: never a lowercase word ("the penal code"), and a town whose
 * name is also a common word only beside its country's name. Aliases the gazetteer maps to a canonical
 * name are kept as found.
 */
function placesNamed(text: string, titleLength = 0): Place[] {
  // Matched on the folded text (same length for Latin letters), so "irán" (they will go) is seen in lower case and is not Iran.
  const lower = fold(text);
  const folded = lower.length === text.length ? lower : text;
  return findPlaces(text).filter((p) => {
    const all = [...folded.matchAll(placePattern(p.name))];
    // "Singapore-based", "Dublin-born": where a firm or a person is from, not where the event is.
    const found = all
      .filter((m) => !ORIGIN.test(folded.slice(m.index + m[0].length, m.index + m[0].length + 20)))
      // Past the title, a country of the wider world before a common noun names a thing, not the event's
      // place: "the Sudan strain", "the Ethiopia unit's losses", "near Bahrain bazaar" (a town in Swat).
      // A state still places it ("the Kerala government").
      .filter((m) => !p.world || p.level === 'division' || m.index < titleLength || !modifies(text.slice(m.index + m[0].length, m.index + m[0].length + 30)))
      .filter((m) => p.level !== 'town' || !personOrStreet(text.slice(m.index + m[0].length, m.index + m[0].length + 30)))
      // "the Puebla-Orizaba highway", "a Bihar-Delhi bus": two places joined name a route, not where it happened.
      .filter(
        (m) =>
          !/^[-–]\p{Lu}/u.test(text.slice(m.index + m[0].length, m.index + m[0].length + 2)) &&
          !/\p{Lu}[\p{L}]*[-–]$/u.test(text.slice(Math.max(0, m.index - 30), m.index)),
      )
      .map((m) => ({ 0: text.slice(m.index, m.index + m[0].length) }));
    if (all.length > 0 && found.length === 0) return false;
    if (found.length === 0) return true;
    // "the Crown", "Penal reform": such a town counts only beside a name of its own country.
    if (WORD_TOWNS.has(fold(p.name)) && !findPlaces(text).some((q) => q.level === 'country' && q.country === p.country)) return false;
    return found.some((m) => /^\p{Lu}/u.test(m[0]));
  });
}

/** Words after a town's name that make it a street's: "Washington Road", "Albert Street". */
const STREET_WORDS = new Set(['road', 'street', 'avenue', 'drive', 'lane', 'boulevard', 'way', 'square', 'crescent', 'terrace', 'close', 'highway']);
/**
 * A town's name followed by a surname or a street word names a person or a street, not where the event
 * is: "Sofia Lindgren" (a player, not Bulgaria's capital), "the Washington Road plant" (in Sunderland).
 * A following word that is English ("Adelaide Hills", "Kingston Harbour") or a place leaves it a place.
 */
function personOrStreet(after: string): boolean {
  const next = /^ (\p{Lu}[\p{L}'’-]+)/u.exec(after)?.[1];
  if (!next) return false;
  const word = fold(next);
  return STREET_WORDS.has(word) || (!NOT_NAMES.has(word) && !STOP.has(word) && lookupPlace(next).length === 0 && !isEnglishWord(word));
}

/** The text after a name starts with a common noun it qualifies ("strain", "unit's"), not a function word or a clause. */
function modifies(after: string): boolean {
  const next = /^ (\p{Ll}+)/u.exec(after)?.[1];
  return next !== undefined && !STOP.has(next) && !PLACE_FOLLOWERS.has(next);
}
/** Words that follow a place named as a place ("Kenya on Monday", "Pakistan where", "Uganda declared"). */
const PLACE_FOLLOWERS = new Set(['where', 'whose', 'which', 'declared', 'announced', 'confirmed', 'reported', 'recorded', 'saw', 'has', 'had']);

const CARIBBEAN = new Set(caribbeanCountries());
const ORIGIN = /^-(based|born|listed|owned|headquartered|registered|flagged|made|bound)\b/;

const DATELINE = /^[\p{Lu}][\p{Lu} .'’-]{1,40}(?:,[^()\n]{1,40})?\s*\((?:Reuters|AP|AFP|Bloomberg|EFE|CMC|CANA|dpa|Xinhua|PTI|IANS|Anadolu)\)\s*[-–—]+\s*/u;

const TITLE_WEIGHT = 3;
const LEAD_WEIGHT = 2;
const BODY_WEIGHT = 1;
/** The body is read up to this many characters: the top of a report says what happened. */
const BODY_CHARS = 2_000;

/** A title or a summary past these lengths is a feed's mistake (the whole article in its description): only its top is read. */
const TITLE_CHARS = 300;
const LEAD_CHARS = 1_000;

/** A lead's first sentence, where a report states its news (a lead without full stops is read to 300 characters). */
function firstSentence(lead: string): string {
  return lead.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0]!.slice(0, 300);
}

export function eventFeatures(input: EventItem): EventFeatures {
  // Work per item stays bounded whatever a feed sends (a 1 MB description is read as its first thousand characters).
  const item = {
    ...input,
    title: input.title.slice(0, TITLE_CHARS),
    summary: input.summary.slice(0, LEAD_CHARS),
    text: input.text.slice(0, BODY_CHARS + LEAD_CHARS),
  };
  // A wire dateline ("LONDON, April 22 (Reuters) -") says where the copy was filed, not where the event happened.
  const body = item.text.trim().replace(DATELINE, '');
  const lead = item.summary.trim() || body.slice(0, 400);
  const rest = body.slice(item.summary.trim() ? 0 : 400, BODY_CHARS);
  // A local outlet's report that names no place at all is about the outlet's own country.
  const home = item.outletRegion && lookupPlace(item.outletRegion).some((p) => p.level === 'country') ? item.outletRegion : undefined;
  // A town of the region alone places a report only for the region's own outlets: elsewhere "San Nicolas"
  // is as likely a town of the Philippines as of Aruba, so the country or one of its divisions must be named too.
  const regionOutlet = item.outletRegion === 'Caribbean' || (home !== undefined && CARIBBEAN.has(home));
  const [titled, mentioned] = [placesNamed(`${item.title}. ${lead}`, item.title.length), placesNamed(rest)];
  const vouched = (p: Place) =>
    regionOutlet || p.level !== 'town' || !CARIBBEAN.has(p.country) || [...titled, ...mentioned].some((q) => q.country === p.country && q.level !== 'town');
  // A city of the wider world places a report from its title only: a lead's "bound for Patna", "felt in
  // Tokyo" or "diverted to Entebbe" names where people were going or the news reached, not where it happened.
  const inTitle = new Set(placesNamed(item.title, item.title.length).map((p) => p.name));
  const named = titled.filter((p) => vouched(p) && (!p.city || inTitle.has(p.name)));
  const inBody = mentioned.filter(vouched);
  const bodyCountry = mainCountry(inBody);
  const country = mainCountry(named) ?? bodyCountry ?? home;
  // A title and lead that name no place still happen somewhere: the region's country the body names (a
  // report from elsewhere names other countries in passing: the quake of 2023 in Morocco, the filing
  // desk in London), else the local outlet's own.
  const placed = bodyCountry && CARIBBEAN.has(bodyCountry) ? bodyCountry : home;
  const places = named.length > 0 || !placed ? named : [{ name: placed, country: placed, level: 'country' as const }];
  const terms: Record<string, number> = {};
  const add = (tokens: readonly string[], w: number) => {
    for (const t of tokens) terms[t] = (terms[t] ?? 0) + w;
  };
  // Place names are compared as places (with the conflict rule), not as words: otherwise two events in
  // one town look alike by their most repeated words.
  const placeWords = new Set([...titled, ...mentioned].filter((p) => !p.world).flatMap((p) => eventWords(p.name)));
  for (const [text, w] of [
    [item.title, TITLE_WEIGHT],
    [lead, LEAD_WEIGHT],
    [rest, BODY_WEIGHT],
  ] as const) {
    const words = eventWords(text).filter((x) => !placeWords.has(x));
    add(words, w);
    // Word pairs ("bus park", "policy rate", "free movement") tell one event's reports from its look-alikes
    // in the same town or meeting far better than the single words they share.
    add(
      words.slice(1).map((x, i) => `${words[i]}_${x}`),
      w,
    );
    add(findInstitutions(text, country), w);
  }
  const figures = findEventFigures(`${item.title}\n${lead}\n${rest}`);
  const headline = findEventFigures(item.title).filter((f) => !f.startsWith('#'));
  const regional = REGIONAL.test(`${item.title}\n${lead}`);
  return {
    terms,
    names: withoutOutlet(findNames(`${item.title}\n${lead}\n${rest}`), item.outlet),
    titleWords: [...new Set(eventWords(item.title).filter((x) => !placeWords.has(x)))],
    leadWords: [...new Set(eventWords(firstSentence(lead)).filter((x) => !placeWords.has(x)))],
    figures,
    headline,
    places,
    country,
    regional,
    mentions: [...new Set([...named, ...inBody].filter((p) => !p.ambiguous).map((p) => p.country))].sort(),
    currencies: findCurrencies(`${item.title}\n${lead}\n${rest}`),
    meaning: meaningOf(`${item.title}.\n${lead}\n${rest}`),
    language: guessLanguage(`${item.title} ${lead}`),
    outlet: item.outlet,
    time: new Date(item.publishedAt ?? item.createdAt).getTime(),
  };
}
