import { conceptOf } from './concepts';
import { findPlaces, lookupPlace, type Place } from './gazetteer';
import { foldWord, parseDigits, readNumberWords, SCALE_WORDS, type Language } from './numbers';

/**
 * A statement (a claim, or a sentence of a report) read for comparison with another, in English,
 * Spanish, French or Dutch: its language, the concepts it speaks of (words folded, stemmed and mapped
 * to shared concepts, so "lifted" and "raised" are one), its quantities (value, kind, currency or
 * unit, and the thing counted), the calendar days and months it names (resolved against the date its
 * report was published), its acronyms and its places. Text in a language the rules do not know is
 * read as such (language undefined): it is never taken to state anything.
 */

export type QuantityKind = 'count' | 'money' | 'percent';
export type Quantity = {
  value: number;
  kind: QuantityKind;
  /** ISO-like currency code for money ('USD', 'XCD', …) or undefined for a bare "$". */
  currency?: string;
  /** A unit of measure ('mph', 'mm', 'lb', 'age', 'year', 'magnitude', …) for counts. */
  unit?: string;
  /** The concept the figure counts or measures, when one is near it. */
  label?: string;
  /** Fractions in words ("a third") are approximate. */
  approximate?: boolean;
  /** A lower bound ("more than doubled"): any value at least this states it. */
  atLeast?: boolean;
  /** A change worked out from a figure and the one it replaced ("600 an hour, up from 250": +140%). */
  derived?: boolean;
  /**
   * A span of time that frames another fact ("in the first ten months", "over the next three years"),
   * as against a duration that is the fact ("built in 14 months", "owed for 14 months").
   */
  frame?: boolean;
  /**
   * The other side of a tally or a score, read as one figure ("21-3", "by 21 votes to 3", "21 voix
   * contre 3": value 21, against 3; unit 'tally'). Two tallies are the same when they hold the same two
   * numbers, either way round ("won 2-1" and "lost 1-2" tell one result).
   */
  against?: number;
  text: string;
};
export type Statement = {
  text: string;
  language: Language | undefined;
  items: Set<string>;
  /** Acronyms written in the text and the initials of its capitalised names ("Bank of Jamaica" → boj). */
  acronyms: Set<string>;
  initials: Map<string, string[]>;
  quantities: Quantity[];
  days: Set<string>;
  months: Set<string>;
  years: Set<string>;
  /** Weekdays named (0 = Sunday): a day resolved from a weekday alone depends on the tense, so two same weekdays never differ. */
  weekdays: Set<number>;
  /** A day written as a date ("20 November", "yesterday"), not only a weekday. */
  datedDays: number;
  /**
   * The mornings a night named runs into ("Wednesday night": Thursday's date) and the days named by
   * their early hours ("Thursday morning", "early Thursday"): one outlet's "Wednesday night" is
   * another's "early Thursday", not another day.
   */
  nightInto: Set<string>;
  earlyDays: Set<string>;
  /** Figures and dates written so that they cannot be read ("1,2,3,4", an overflow, "31 February"): what states them is not checkable. */
  unreadable: number;
  /** Items from names (capitalised words inside a sentence, places): the setting, where the other items say what happened. */
  names: Set<string>;
  places: Place[];
};

/** dash: joined to the token before by a hyphen or a dash ("21-3", "21 – 3"), which is no token of its own. */
type Token = { raw: string; f: string; type: 'cur' | 'num' | 'pct' | 'word' | 'punct'; cap: boolean; dash?: boolean };

const TOKEN = /([A-Z]{0,3}\$|€|£)|(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d+(?:[.,]\d+)*)|(%)|([\p{L}\p{M}]+(?:['’&][\p{L}\p{M}]+)*)|([.!?;:,()"“”«»/])/gu;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let after = 0;
  for (const m of text.matchAll(TOKEN)) {
    const dash = out.length > 0 && /^ ?[-\u2010\u2011\u2013] ?$/u.test(text.slice(after, m.index));
    after = m.index + m[0].length;
    const count = out.length;
    if (m[1]) out.push({ raw: m[1], f: m[1].toLowerCase(), type: 'cur', cap: false });
    else if (m[2]) out.push({ raw: m[2], f: m[2], type: 'num', cap: false });
    else if (m[3]) out.push({ raw: '%', f: '%', type: 'pct', cap: false });
    else if (m[4]) {
      let raw = m[4].replace(/['’]s$/i, '');
      // French and Dutch elisions: l'essence, d'Haïti, qu'il.
      const elided = /^(l|d|qu|n|s|j|c)['’](.+)$/i.exec(raw);
      if (elided) raw = elided[2]!;
      out.push({ raw, f: foldWord(raw), type: 'word', cap: /^\p{Lu}/u.test(raw) });
    } else if (m[5]) out.push({ raw: m[5], f: m[5], type: 'punct', cap: false });
    if (dash && out.length > count) out[out.length - 1]!.dash = true;
  }
  return out;
}

const FUNCTION_WORDS: Record<Language, readonly string[]> = {
  en: [
    'the',
    'of',
    'and',
    'to',
    'is',
    'was',
    'were',
    'on',
    'for',
    'with',
    'by',
    'has',
    'have',
    'will',
    'its',
    'from',
    'at',
    'after',
    'said',
    'that',
    'be',
    'per',
    'are',
    'been',
    'an',
    'than',
    'into',
    'this',
    'over',
    'since',
    'would',
    'new',
    'got',
    'not',
    'but',
    'they',
    'their',
    'it',
    'as',
    'had',
    'about',
    'who',
    'which',
  ],
  es: [
    'el',
    'los',
    'las',
    'del',
    'y',
    'que',
    'por',
    'con',
    'se',
    'una',
    'su',
    'sus',
    'para',
    'segun',
    'tras',
    'fue',
    'es',
    'al',
    'ha',
    'dejo',
    'unos',
    'unas',
    'fueron',
    'han',
    'son',
    'durante',
    'desde',
    'hasta',
    'entre',
    'sobre',
    'como',
    'pero',
    'este',
    'esta',
  ],
  fr: [
    'le',
    'les',
    'des',
    'du',
    'et',
    'est',
    'une',
    'au',
    'aux',
    'pour',
    'sur',
    'par',
    'dans',
    'selon',
    'ont',
    'ete',
    'sont',
    'qui',
    'fait',
    'depuis',
    'ces',
    'cette',
    'mais',
    'leur',
    'aussi',
    'avait',
    'sera',
    'pres',
    'plus',
    'avec',
  ],
  nl: [
    'het',
    'een',
    'van',
    'op',
    'met',
    'voor',
    'is',
    'naar',
    'heeft',
    'wordt',
    'werd',
    'bij',
    'dat',
    'zijn',
    'uit',
    'ook',
    'vorig',
    'vanaf',
    'gaat',
    'krijgt',
    'worden',
    'hebben',
    'niet',
    'maar',
    'nog',
    'deze',
    'dit',
    'die',
    'om',
    'tot',
    'zal',
  ],
};

/** Words several languages share count a little for each ("in", "a", "la", "de", "en"). */
const SHARED_WORDS: Record<string, Partial<Record<Language, number>>> = {
  in: { en: 0.5, nl: 0.5 },
  a: { en: 0.5, es: 0.4, fr: 0.3 },
  la: { es: 0.5, fr: 0.5 },
  de: { es: 0.4, fr: 0.4, nl: 0.4 },
  en: { es: 0.4, fr: 0.4, nl: 0.4 },
};
/** Spelling cues when function words are few: Spanish and French accents, Dutch "ij", English possessives and -ed. */
const CUES: [RegExp, Language, number][] = [
  [/[ñ¿¡]|\p{L}(?:ción|ó)(?!\p{L})/giu, 'es', 0.6],
  [/[èêçàùœ]|\p{L}é(?!\p{L})/giu, 'fr', 0.6],
  [/\p{L}ij\p{L}|\b\p{L}+aa\p{L}+\b/giu, 'nl', 0.4],
  [/\p{L}['’]s\b|\b\p{L}{3,}ed\b/giu, 'en', 0.4],
];

/** The language by its function words (and spelling cues); undefined when none of the four is clearly there. */
export function detectLanguage(text: string): Language | undefined {
  const words = tokenize(text)
    .filter((t) => t.type === 'word')
    .map((t) => t.f);
  const score: Record<Language, number> = { en: 0, es: 0, fr: 0, nl: 0 };
  for (const language of Object.keys(FUNCTION_WORDS) as Language[]) {
    const set = new Set(FUNCTION_WORDS[language]);
    score[language] += words.filter((w) => set.has(w)).length;
  }
  for (const w of words) for (const [language, weight] of Object.entries(SHARED_WORDS[w] ?? {})) score[language as Language] += weight;
  score.fr += (text.match(/\b[ldLD]['’]\p{L}/gu) ?? []).length;
  for (const [pattern, language, weight] of CUES) score[language] += Math.min(2, (text.match(pattern) ?? []).length * weight);
  const ranked = (Object.entries(score) as [Language, number][]).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first![1] >= 0.9 && first![1] - second![1] >= 0.5 ? first![0] : undefined;
}

const STOP = new Set(
  (
    'the a an of in on at to for by and or with from is are was were be been being has have had will would shall can could may might its it this that these those as ' +
    'per cent percent pct compared said says say told according after before about some nearly almost around over under than also their his her they he she we our which who ' +
    'what when where while into out new first second third now just only all every each one other another there here not no went going gone go goes got still since ' +
    'between because despite during against within across through amid via leaving left left whose how why per same ' +
    'last next week weeks month months year years day days night morning evening afternoon today yesterday tomorrow time times expected plans plan aims wants set due ' +
    'el la los las lo un una unos unas de del al y o en con por para que se su sus es son fue fueron ha han segun tras como mas este esta ese esa entre sobre hasta desde le les ya mes ano anos ' +
    'du et ou dans au aux pour par sur selon est sont ete ont avec qui ce cette ces son sa ses plus depuis leur dernier derniere an ans mois ' +
    'het een van op met voor zijn werd wordt heeft hebben naar bij dat die dit deze te om aan uit ook als door tot vanaf gaat zal er haar hun vorig vorige jaar maand'
  ).split(' '),
);

const WEEKDAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  domingo: 0, lunes: 1, martes: 2, miercoles: 3, jueves: 4, viernes: 5, sabado: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
  zondag: 0, maandag: 1, dinsdag: 2, woensdag: 3, donderdag: 4, vrijdag: 5, zaterdag: 6,
}; // prettier-ignore
const MONTH_NAMES: Record<string, number> = {};
[
  ['january', 'jan', 'enero', 'janvier', 'januari'],
  ['february', 'feb', 'febrero', 'fevrier', 'februari'],
  ['march', 'mar', 'marzo', 'mars', 'maart'],
  ['april', 'apr', 'abril', 'avril'],
  ['may', 'mayo', 'mai', 'mei'],
  ['june', 'jun', 'junio', 'juin', 'juni'],
  ['july', 'jul', 'julio', 'juillet', 'juli'],
  ['august', 'aug', 'agosto', 'aout', 'augustus'],
  ['september', 'sep', 'sept', 'septiembre', 'setiembre', 'septembre'],
  ['october', 'oct', 'octubre', 'octobre', 'oktober'],
  ['november', 'nov', 'noviembre', 'novembre'],
  ['december', 'dec', 'diciembre', 'decembre'],
].forEach((names, i) => names.forEach((n) => (MONTH_NAMES[n] = i)));

const SHORT_MONTHS = new Set(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mars', 'mai']);
const DAY_MS = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const DAYS_IN_MONTH = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** A calendar day, or undefined when there is no such day ("31 February"). A date without a year more than six months ahead is last year's. */
export function calendarDay(day: number, month: number, year: number | undefined, reference: Date): string | undefined {
  let y = year ?? reference.getUTCFullYear();
  if (!Number.isInteger(day) || day < 1 || month < 0 || month > 11) return undefined;
  if (year === undefined && Date.UTC(y, month, Math.min(day, 28)) - reference.getTime() > 183 * DAY_MS) y--;
  if (day > DAYS_IN_MONTH(y, month)) return undefined;
  return iso(new Date(Date.UTC(y, month, day)));
}

const FUTURE =
  /\b(will|would|shall|'ll|expects?|expected|is to|are to|set to|going to|due to|next|upcoming|sera|seran|va a|van a|proximo|prochain|seront|zal|zullen|gaat|volgende)\b/;

const PERCENT_AFTER: readonly (readonly string[])[] = [
  ['per', 'cent'],
  ['percent'],
  ['pct'],
  ['por', 'ciento'],
  ['pour', 'cent'],
  ['procent'],
  ['percentage', 'points'],
  ['percentage', 'point'],
];
const CURRENCY_SYMBOL: Record<string, string | undefined> = {
  $: undefined, 'us$': 'USD', 'ec$': 'XCD', 'j$': 'JMD', 'tt$': 'TTD', 'bds$': 'BBD', 'bd$': 'BBD', 'g$': 'GYD', 'rd$': 'DOP', 'bz$': 'BZD', 'b$': 'BSD', 'ci$': 'KYD', '€': 'EUR', '£': 'GBP',
}; // prettier-ignore
const CURRENCY_WORD_BEFORE: Record<string, string> = {
  srd: 'SRD',
  afl: 'AWG',
  usd: 'USD',
  xcd: 'XCD',
  jmd: 'JMD',
  ttd: 'TTD',
  bbd: 'BBD',
  gyd: 'GYD',
  eur: 'EUR',
  ang: 'AWG',
  dop: 'DOP',
};
/** Words naming a currency after the figure ("eight Eastern Caribbean dollars"): qualifier words, then the unit. */
const DOLLAR_QUALIFIERS: Record<string, string> = {
  us: 'USD', american: 'USD', 'eastern caribbean': 'XCD', ec: 'XCD', barbados: 'BBD', barbadian: 'BBD', bds: 'BBD', guyana: 'GYD', guyanese: 'GYD', jamaican: 'JMD',
  jamaica: 'JMD', tt: 'TTD', 'trinidad and tobago': 'TTD', belize: 'BZD', bahamian: 'BSD', cayman: 'KYD', estadounidenses: 'USD', americains: 'USD',
}; // prettier-ignore
const CURRENCY_WORDS: Record<string, string | undefined> = {
  dollar: undefined, dollars: undefined, dolares: undefined, dolar: undefined, euro: 'EUR', euros: 'EUR', florin: 'AWG', florins: 'AWG', gulden: 'AWG', guilders: 'AWG',
  pesos: 'DOP', peso: 'DOP', usd: 'USD', xcd: 'XCD', jmd: 'JMD', ttd: 'TTD', bbd: 'BBD', gyd: 'GYD', srd: 'SRD',
}; // prettier-ignore
const CENT_WORDS = new Set(['cents', 'cent', 'centimes', 'centime', 'centavos', 'centavo', 'eurocent']);
const UNITS: Record<string, string> = {
  mph: 'mph', kph: 'kph', mm: 'mm', millimetres: 'mm', millimeters: 'mm', millimetre: 'mm', milimetros: 'mm', millimetres_: 'mm', cm: 'cm', centimetres: 'cm', centimeters: 'cm',
  km: 'km', kilometres: 'km', kilometers: 'km', kilometre: 'km', kilometros: 'km', kilometer: 'km', lb: 'lb', lbs: 'lb', pounds: 'lb', pound: 'lb', kg: 'kg', kilos: 'kg',
  kilograms: 'kg', kilogramos: 'kg', tonnes: 't', tons: 't', toneladas: 't', ton: 't', tonne: 't', barrels: 'barrel', barriles: 'barrel', barils: 'barrel', vaten: 'barrel',
  litre: 'litre', litres: 'litre', liter: 'litre', liters: 'litre', litros: 'litre', hectares: 'ha', acres: 'acre', points: 'point', puntos: 'point', punten: 'point',
  metres: 'm', meters: 'm', metros: 'm', magnitude: 'magnitude', magnitud: 'magnitude', grados: 'magnitude', degrees: 'degree', years: 'year', year: 'year', anos: 'year',
  ans: 'year', jaar: 'year', months: 'month', month: 'month', meses: 'month', mois: 'month', maanden: 'month', days: 'day', dias: 'day', jours: 'day', dagen: 'day',
  hours: 'hour', horas: 'hour', heures: 'hour', uur: 'hour', decade: 'decade', wickets: 'wicket', wicket: 'wicket', seats: 'seat',
}; // prettier-ignore
const MODIFIERS = new Set([
  'more',
  'new',
  'additional',
  'extra',
  'other',
  'of',
  'de',
  'del',
  'des',
  'van',
  'the',
  'its',
  'their',
  'its',
  'nuevos',
  'nouveaux',
  'nieuwe',
  'local',
  'registered',
  'stay',
  'over',
  'some',
  'about',
]);

/** Fractions in words, as a share in per cent, and verbs that state a share ("halved", "doubled"). */
const FRACTIONS: Record<string, number> = {
  half: 50, quarter: 25, third: 100 / 3, fifth: 20, tenth: 10, quarters: 75, thirds: 200 / 3,
  mitad: 50, cuarto: 25, tercio: 100 / 3, quinto: 20, decimo: 10, moitie: 50, quart: 25, tiers: 100 / 3, cinquieme: 20, dixieme: 10, helft: 50, kwart: 25, derde: 100 / 3, vijfde: 20, tiende: 10,
}; // prettier-ignore
const SHARE_VERBS: Record<string, number> = {
  halved: 50, halve: 50, halving: 50, doubled: 100, doubles: 100, double: 100, twice: 100, tripled: 200, gehalveerd: 50, verdubbeld: 100, duplico: 100, duplicar: 100, double_: 100, doublé: 100,
}; // prettier-ignore
const FRACTION_OK_BEFORE = new Set(['by', 'a', 'one', 'in', 'la', 'un', 'una', 'de', 'een', 'en', 'por', 'of', 'the']);
const FRACTION_OK_AFTER = new Set([
  'less',
  'more',
  'fewer',
  'lower',
  'higher',
  'of',
  'off',
  'down',
  'up',
  'in',
  'on',
  'since',
  'from',
  'to',
  'compared',
  'between',
  'last',
  'this',
  'over',
  'at',
  'by',
  'de',
  'del',
  'minder',
  'meer',
]);
/** Period words after an ordinal ("the first quarter", "second half"): a period, not a share. */
const ORDINALS = new Set([
  'first',
  'second',
  'third',
  'fourth',
  'last',
  'this',
  'next',
  'primer',
  'segundo',
  'premier',
  'deuxieme',
  'eerste',
  'tweede',
  'derde',
]);

const PHRASES: [readonly string[], string][] = [
  [['called', 'off'], 'cancel'],
  [['call', 'off'], 'cancel'],
  [['calls', 'off'], 'cancel'],
  [['lay', 'off'], 'layoff'],
  [['laid', 'off'], 'layoff'],
  [['went', 'up'], 'raise'],
  [['going', 'up'], 'raise'],
  [['go', 'up'], 'raise'],
  [['came', 'ashore'], 'landfall'],
  [['made', 'landfall'], 'landfall'],
  [['ran', 'aground'], 'aground'],
  [['went', 'aground'], 'aground'],
  [['sent', 'back'], 'deport'],
  // A chamber, not a cut or a rise: "the lower house voted".
  [['lower', 'house'], 'parliament'],
  [['upper', 'house'], 'parliament'],
  [['prime', 'minister'], 'pm'],
  [['primer', 'ministro'], 'pm'],
  [['premier', 'ministre'], 'pm'],
  [['west', 'indies'], 'windies'],
  [['united', 'nations'], 'un'],
  [['nations', 'unies'], 'un'],
  [['naciones', 'unidas'], 'un'],
  [['verenigde', 'naties'], 'un'],
  [['onu'], 'un'],
  [['united', 'states'], 'usa'],
  [['estados', 'unidos'], 'usa'],
  [['etats', 'unis'], 'usa'],
  [['american'], 'usa'],
  [['marijuana'], 'marijuana'],
  [['ganja'], 'marijuana'],
  [['cannabis'], 'marijuana'],
  [['marihuana'], 'marijuana'],
  [['power', 'grid'], 'grid'],
  [['sistema', 'electrico'], 'grid'],
];

/** A folded word as an item: its concept, else a crude stem (plural s dropped, first five letters) shared by inflections and other languages' cognates. */
export function itemOf(folded: string): string {
  const concept = conceptOf(folded);
  if (concept) return concept;
  let w = folded;
  if (w.length > 4 && w.endsWith('s')) w = w.slice(0, -1);
  return w.slice(0, 5);
}

function initialsOf(words: readonly Token[]): string {
  return words
    .filter((w) => !STOP.has(w.f) && w.f !== '&' && w.f !== 'for')
    .map((w) => w.f[0])
    .join('');
}

export function readStatement(text: string, published: Date, language: Language | undefined = detectLanguage(text)): Statement {
  const tokens = tokenize(text);
  const statement: Statement = {
    text,
    language,
    items: new Set(),
    acronyms: new Set(),
    initials: new Map(),
    quantities: [],
    days: new Set(),
    months: new Set(),
    years: new Set(),
    weekdays: new Set(),
    datedDays: 0,
    nightInto: new Set(),
    earlyDays: new Set(),
    unreadable: 0,
    names: new Set(),
    places: [],
  };
  if (!language) return statement;
  const used = new Set<number>();
  const lower = foldWord(text);
  const future = FUTURE.test(lower);
  const reference = new Date(Date.UTC(published.getUTCFullYear(), published.getUTCMonth(), published.getUTCDate()));
  readDates(tokens, reference, future, statement, used);
  readQuantities(tokens, language, statement, used);
  // Items: phrases first, then each remaining content word.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'word' || used.has(i)) continue;
    const phrase = PHRASES.find(([words]) => words.every((w, k) => tokens[i + k]?.f === w));
    if (phrase) {
      statement.items.add(phrase[1]);
      i += phrase[0].length - 1;
      continue;
    }
    if (/^[A-Z]{2,6}$/.test(t.raw)) statement.acronyms.add(t.f);
    if (STOP.has(t.f) || t.f.length < 2 || t.f in WEEKDAYS || t.f in MONTH_NAMES) continue;
    const item = itemOf(t.f);
    statement.items.add(item);
    const opening = i === 0 || tokens[i - 1]?.f === '.';
    if ((t.cap && (!opening || tokens[i + 1]?.cap)) || /^[A-Z]{2,}/.test(t.raw)) statement.names.add(item);
    // "non-oil economy" is not the economy.
    if (t.f === 'non' && tokens[i + 1]?.type === 'word') {
      statement.items.add(`non-${itemOf(tokens[i + 1]!.f)}`);
      i++;
    }
  }
  // Capitalised names of two or more words, by their initials ("Central Bank of Trinidad and Tobago" → cbtt).
  for (let i = 0; i < tokens.length; i++) {
    if (!(tokens[i]!.type === 'word' && tokens[i]!.cap)) continue;
    const run: Token[] = [tokens[i]!];
    let j = i + 1;
    while (j < tokens.length) {
      const t = tokens[j]!;
      if (t.type === 'word' && t.cap) run.push(t);
      else if (t.type === 'word' && ['of', 'and', 'the', 'de', 'la', 'del', 'for', 'van'].includes(t.f) && tokens[j + 1]?.cap) run.push(t);
      else break;
      j++;
    }
    if (run.length >= 2) {
      const words = run.filter((w) => w.cap && !STOP.has(w.f)).map((w) => itemOf(w.f));
      const initials = initialsOf(run);
      if (initials.length >= 2) statement.initials.set(initials, words);
    }
    i = j - 1;
  }
  statement.places = findPlaces(text);
  for (const p of statement.places) {
    statement.items.add(`place:${p.country.toLowerCase()}`);
    statement.names.add(`place:${p.country.toLowerCase()}`);
  }
  return statement;
}

/** Verbs of saying: the day after one ("the ministry said on Monday") is when it was said, not when the fact happened. */
const SAYING = new Set(['said', 'says', 'told', 'added', 'stated', 'dijo', 'afirmo', 'declaro', 'dit', 'declare', 'zei', 'verklaarde']);

function readDates(tokens: readonly Token[], reference: Date, future: boolean, s: Statement, used: Set<number>): void {
  // "said on Monday", "told reporters on Monday", "a déclaré lundi": the attribution's day (up to three words back, within the clause).
  const saidAt = (i: number) => {
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const t = tokens[k]!;
      if (t.type !== 'word') return false;
      if (SAYING.has(t.f)) return true;
    }
    return false;
  };
  const dayNumber = (t: Token | undefined) => (t && t.type === 'num' && /^\d{1,2}$/.test(t.f) ? Number(t.f) : undefined);
  const yearAt = (i: number) => (tokens[i]?.type === 'num' && /^(19|20)\d\d$/.test(tokens[i]!.f) ? Number(tokens[i]!.f) : undefined);
  const ordinalSuffix = (i: number) => ['st', 'nd', 'rd', 'th', 'er', 'e', 'de', 'ste'].includes(tokens[i]?.f ?? '');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    // Short month names ("may", "mar", "sep") are months only beside a day: "May 3", "3 Mar".
    const beside =
      dayNumber(tokens[i + 1]) !== undefined || dayNumber(tokens[i - 1]) !== undefined || ordinalSuffix(i - 1) || ['of', 'de'].includes(tokens[i - 1]?.f ?? '');
    if (t.type === 'word' && t.f in MONTH_NAMES && (beside || !SHORT_MONTHS.has(t.f))) {
      const month = MONTH_NAMES[t.f]!;
      // "20 November", "1er décembre", "19 de noviembre", "20th of November"
      let k = i - 1;
      if (['of', 'de'].includes(tokens[k]?.f ?? '')) k--;
      if (ordinalSuffix(k)) k--;
      let day = dayNumber(tokens[k]);
      let dayAt = k;
      // "November 20", "Nov 20th"
      if (day === undefined && dayNumber(tokens[i + 1]) !== undefined) {
        day = dayNumber(tokens[i + 1]);
        dayAt = i + 1;
      }
      const yearIndex = dayAt > i ? dayAt + 1 + (ordinalSuffix(dayAt + 1) ? 1 : 0) : i + 1;
      const year = yearAt(yearIndex) ?? (tokens[yearIndex]?.f === ',' ? yearAt(yearIndex + 1) : undefined);
      if (year !== undefined) used.add(tokens[yearIndex]?.f === ',' ? yearIndex + 1 : yearIndex);
      used.add(i);
      if (day !== undefined) {
        used.add(dayAt);
        const resolved = calendarDay(day, month, year, reference);
        if (resolved) {
          s.days.add(resolved);
          s.datedDays++;
        } else s.unreadable++;
        // "from 25 to 27 June", "June 25 to 27"
        const other = dayAt < i ? dayAt - 2 : dayAt + 2;
        if (['to', 'and', 'y', 'au', 'tot', 'al', '-'].includes(tokens[(dayAt + other) / 2]?.f ?? '') && dayNumber(tokens[other]) !== undefined) {
          used.add(other);
          const second = calendarDay(dayNumber(tokens[other])!, month, year, reference);
          if (second) s.days.add(second);
        }
      } else {
        let y = year ?? reference.getUTCFullYear();
        if (year === undefined && month > reference.getUTCMonth() + 2) y--;
        s.months.add(`${y}-${String(month + 1).padStart(2, '0')}`);
      }
      continue;
    }
    if (t.type !== 'word') continue;
    if (t.f in WEEKDAYS) {
      const weekday = WEEKDAYS[t.f]!;
      if (saidAt(i)) {
        used.add(i);
        continue;
      }
      const back = (reference.getUTCDay() - weekday + 7) % 7;
      const forward = (weekday - reference.getUTCDay() + 7) % 7;
      const day = new Date(reference.getTime() + (future ? forward : -back) * DAY_MS);
      s.days.add(iso(day));
      s.weekdays.add(weekday);
      if (['night', 'overnight'].includes(tokens[i + 1]?.f ?? '') || tokens[i - 1]?.f === 'late') s.nightInto.add(iso(new Date(day.getTime() + DAY_MS)));
      if (tokens[i + 1]?.f === 'morning' || tokens[i - 1]?.f === 'early') s.earlyDays.add(iso(day));
      used.add(i);
      continue;
    }
    if (['yesterday', 'ayer', 'gisteren'].includes(t.f) || (t.f === 'hier' && s.language === 'fr')) s.days.add(iso(new Date(reference.getTime() - DAY_MS)));
    else if (['today', 'hoy', 'vandaag', 'tonight'].includes(t.f)) s.days.add(iso(reference));
    else if (t.f === 'tomorrow' || t.f === 'demain') s.days.add(iso(new Date(reference.getTime() + DAY_MS)));
    else if (t.f === 'month' && tokens[i - 1]?.f === 'last') {
      const d = new Date(Date.UTC(reference.getUTCFullYear(), reference.getUTCMonth() - 1, 1));
      s.months.add(iso(d).slice(0, 7));
    }
  }
  // Years: "in 2025", "by 2030", "the 2027 budget" are when, not how many (unless money, a share or a unit follows).
  for (let i = 0; i < tokens.length; i++) {
    const year = yearAt(i);
    if (year === undefined || used.has(i) || tokens[i - 1]?.type === 'cur') continue;
    const next = tokens[i + 1];
    if (next && (next.type === 'pct' || next.f in UNITS || next.f in CURRENCY_WORDS || next.f in SCALE_WORDS.en)) continue;
    used.add(i);
    s.years.add(String(year));
  }
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!.f, tokens[i + 1]!.f];
    if (b === 'year' && (a === 'last' || a === 'this')) s.years.add(String(reference.getUTCFullYear() - (a === 'last' ? 1 : 0)));
    if ((a === 'ano' && b === 'pasado') || (a === 'vorig' && b === 'jaar') || (a === 'an' && b === 'dernier') || (a === 'l' && b === 'an'))
      s.years.add(String(reference.getUTCFullYear() - 1));
  }
}

function matchesAt(tokens: readonly Token[], i: number, words: readonly string[]): boolean {
  return words.every((w, k) => tokens[i + k]?.f === w);
}

const TIME_SPAN_UNITS = new Set(['year', 'month', 'day', 'hour', 'week']);
/** Words before a span of time that make it the frame of another fact: "the first ten months", "over the next three years", "within 48 hours". */
const FRAME_WORDS = new Set(
  (
    'first last past previous next coming recent the over within during ' +
    'primeros primeras ultimos ultimas proximos proximas premiers premieres derniers dernieres prochains prochaines eerste laatste afgelopen komende volgende'
  ).split(' '),
);

function readQuantities(tokens: readonly Token[], language: Language, s: Statement, used: Set<number>): void {
  const starts = new Map<Quantity, number>();
  readTallies(tokens, language, s, used);
  readFigures(tokens, language, s, used, starts);
  // "600 passengers an hour, up from 250": the change is stated too, as a share ("more than doubles").
  const figures = s.quantities.filter((q) => starts.has(q) && q.kind !== 'percent');
  figures.forEach((old, k) => {
    const at = starts.get(old)!;
    const from = tokens[at - 1]?.f === 'from' && ['up', 'down'].includes(tokens[at - 2]?.f ?? '');
    const latest = figures[k - 1];
    if (!from || !latest || old.value === 0 || latest.kind !== old.kind || latest.unit !== old.unit || latest.currency !== old.currency) return;
    const change = (Math.abs(latest.value - old.value) / old.value) * 100;
    s.quantities.push({ value: Math.round(change * 10) / 10, kind: 'percent', label: latest.label, derived: true, text: `${latest.text}, from ${old.text}` });
  });
}

/**
 * A pair of numbers is a tally or a score beside a word of voting or of a result: before it ("voted
 * 21-3", "passes the amendment 21 to 3", "beat Haiti 2-1") or after it ("a 21-3 vote", "a 2-1 Nations
 * League win"). Without one, "20-30 people" and "5 to 7" are ranges, read as two figures as before.
 */
const TALLY_BEFORE = new Set(
  (
    'vote votes voted voting pass passes passed approve approves approved adopt adopts adopted reject rejects rejected carried defeated ' +
    'beat beats won win wins lost lose loses defeat defeats edge edges edged drew draw thrashed trounced downed routed whipped ' +
    'voto votaron aprobo aprobada aprobado rechazo gano vencio derroto perdio empato adopte adoptee rejete battu gagne remporte perdu ' +
    'stemde stemden aangenomen verworpen versloeg verloor'
  ).split(' '),
);
const TALLY_AFTER = new Set(
  'vote votes win victory defeat loss draw margin majority decision verdict result scoreline triumph votacion victoria derrota victoire defaite stemming overwinning nederlaag'.split(
    ' ',
  ),
);
/** What the numbers of "21 votes to 3" count: kept as the sentence's words, since they say what happened. */
const TALLY_NOUNS = new Set(['vote', 'votes', 'voto', 'votos', 'voix', 'stemmen', 'goal', 'goals', 'gol', 'goles', 'but', 'buts']);
/** "X votes to Y", "21 voix contre 3", "21 votos contra 3". */
const TALLY_VERSUS = new Set(['to', 'against', 'contre', 'contra', 'tegen']);
/** "X in favour and Y against", "21 for, 3 against", "21 votos a favor y 3 en contra", "21 voix pour et 3 contre". */
const TALLY_FOR: readonly (readonly string[])[] = [['in', 'favour'], ['in', 'favor'], ['a', 'favor'], ['for'], ['pour'], ['voor']];
const TALLY_AGAINST: readonly (readonly string[])[] = [['against'], ['en', 'contra'], ['contra'], ['contre'], ['tegen']];
const TALLY_JOINERS = new Set([',', 'and', 'with', 'y', 'et', 'en', 'to']);
/** Words before a pair of numbers that make it a range ("from 5 to 7", "between 20-30"), whatever follows. */
const RANGE_BEFORE = new Set(['from', 'between', 'de', 'desde', 'entre', 'van', 'tussen', 'aged', 'ages', 'up']);

/**
 * Tallies and scores (Quantity.against), each read as one figure, so "21-3" and "by 21 votes to 3"
 * state the same vote and "20-4" another tally of it. One rule for votes and sports scores alike.
 */
function readTallies(tokens: readonly Token[], language: Language, s: Statement, used: Set<number>): void {
  const words = tokens.map((t) => (t.type === 'word' ? t.f : `\u0000${t.f}`));
  const free = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (used.has(k)) return false;
    return true;
  };
  // A whole number in digits ("21") or in words ("twenty-one"), never a share, a sum or a measure.
  const numberAt = (k: number, wordsToo: boolean): { value: number; end: number } | undefined => {
    const t = tokens[k];
    if (!t || used.has(k) || tokens[k - 1]?.type === 'cur') return undefined;
    let read: { value: number; end: number } | undefined;
    if (t.type === 'num' && /^\d{1,4}$/.test(t.f)) read = { value: Number(t.f), end: k + 1 };
    else if (t.type === 'word' && wordsToo) read = readNumberWords(words, k, language);
    if (!read || !Number.isInteger(read.value) || !free(k, read.end)) return undefined;
    const next = tokens[read.end];
    if (next && (next.type === 'pct' || next.f in UNITS || next.f in CURRENCY_WORDS || next.f in SCALE_WORDS[language] || CENT_WORDS.has(next.f)))
      return undefined;
    if (next && PERCENT_AFTER.some((p) => matchesAt(tokens, read.end, p))) return undefined;
    return read;
  };
  const near = (from: number, step: 1 | -1, reach: number, set: ReadonlySet<string>) => {
    for (let k = from, n = 0; n < reach && k >= 0 && k < tokens.length; k += step, n++) {
      const t = tokens[k]!;
      if (t.type === 'punct' || t.type === 'num') return false;
      if (set.has(t.f)) return true;
    }
    return false;
  };
  const inContext = (start: number, end: number) => near(start - 1, -1, 6, TALLY_BEFORE) || near(end, 1, 4, TALLY_AFTER);
  const matchAny = (k: number, forms: readonly (readonly string[])[]) => forms.find((f) => matchesAt(tokens, k, f))?.length ?? 0;
  for (let i = 0; i < tokens.length; i++) {
    const first = numberAt(i, true);
    if (!first || RANGE_BEFORE.has(tokens[i - 1]?.f ?? '')) continue;
    let k = first.end;
    let noun: number | undefined;
    let second: { value: number; end: number } | undefined;
    let end = k;
    const digits = tokens[i]!.type === 'num';
    if (digits && tokens[k]?.dash && !tokens[i]!.dash) {
      // "21-3", "21–3": not a date's or a code's run of numbers ("2026-11-18").
      const b = numberAt(k, false);
      if (b && !tokens[b.end]?.dash && inContext(i, b.end)) [second, end] = [b, b.end];
    } else {
      if (TALLY_NOUNS.has(tokens[k]?.f ?? '')) noun = k++;
      const favour = matchAny(k, TALLY_FOR);
      if (favour > 0) {
        // "21 votes in favour and 3 against": the second number, then the word against.
        k += favour;
        while (TALLY_JOINERS.has(tokens[k]?.f ?? '')) k++;
        const b = numberAt(k, true);
        if (b) {
          let after = b.end;
          if (TALLY_NOUNS.has(tokens[after]?.f ?? '')) after++;
          const against = matchAny(after, TALLY_AGAINST);
          if (against > 0) [second, end] = [b, after + against];
        }
      } else if (TALLY_VERSUS.has(tokens[k]?.f ?? '') && (noun !== undefined || tokens[k]!.f === 'to')) {
        // "by 21 votes to 3", "21 voix contre 3"; a bare "21 to 3" only beside a vote and before no noun of its own.
        const b = numberAt(k + 1, true);
        const next = b && tokens[b.end];
        const bare = noun === undefined;
        if (b && (!bare || (digits && inContext(i, b.end) && (!next || next.type === 'punct' || STOP.has(next.f) || TALLY_AFTER.has(next.f)))))
          [second, end] = [b, b.end];
      }
    }
    if (!second) continue;
    for (let j = i; j < end; j++) if (j !== noun) used.add(j);
    s.quantities.push({
      value: first.value,
      against: second.value,
      kind: 'count',
      unit: 'tally',
      label: noun !== undefined ? itemOf(tokens[noun]!.f) : labelOf(tokens, i, end, used),
      text: tokens
        .slice(i, end)
        .map((t) => (t.dash ? `-${t.raw}` : ` ${t.raw}`))
        .join('')
        .trim()
        .replace(/ ,/g, ','),
    });
    i = end - 1;
  }
}

function readFigures(tokens: readonly Token[], language: Language, s: Statement, used: Set<number>, starts: Map<Quantity, number>): void {
  const words = tokens.map((t) => (t.type === 'word' ? t.f : `\u0000${t.f}`));
  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i)) continue;
    const t = tokens[i]!;
    let value: number | undefined;
    let end = i + 1;
    let start = i;
    let currency: string | undefined;
    let money = false;
    let approximate = false;
    let kind: QuantityKind = 'count';
    if (t.type === 'cur' && tokens[i + 1]?.type === 'num' && !used.has(i + 1)) {
      money = true;
      currency = CURRENCY_SYMBOL[t.f];
      value = parseDigits(tokens[i + 1]!.f, language);
      end = i + 2;
      if (value === undefined) {
        s.unreadable++;
        used.add(i + 1);
        i++;
        continue;
      }
    } else if (t.type === 'num') {
      value = parseDigits(t.f, language);
      if (value === undefined) {
        s.unreadable++;
        continue;
      }
      const at = tokens[i - 1]?.f === '.' ? i - 2 : i - 1;
      const before = tokens[at];
      if (before?.type === 'word' && before.f in CURRENCY_WORD_BEFORE) {
        money = true;
        currency = CURRENCY_WORD_BEFORE[before.f];
        start = at;
      }
    } else if (t.type === 'word') {
      // Shares in words: "a quarter", "by half", "halved", "la mitad", "een kwart".
      if (t.f in SHARE_VERBS) {
        used.add(i);
        const atLeast = tokens[i - 2]?.f === 'more' && tokens[i - 1]?.f === 'than';
        s.quantities.push({ value: SHARE_VERBS[t.f]!, kind: 'percent', text: t.raw, label: labelOf(tokens, i, i + 1, used), ...(atLeast ? { atLeast } : {}) });
        continue;
      }
      // "a decade", "a dozen"
      if (t.f === 'decade' && ['a', 'one', 'une', 'un', 'een'].includes(tokens[i - 1]?.f ?? '')) {
        used.add(i);
        s.quantities.push({ value: 10, kind: 'count', unit: 'year', text: `a ${t.raw}` });
        continue;
      }
      if (t.f in FRACTIONS) {
        const prev = tokens[i - 1];
        const next = tokens[i + 1];
        const many = prev?.type === 'word' ? readNumberWords(words, i - 1, language) : undefined;
        const okBefore = prev && (FRACTION_OK_BEFORE.has(prev.f) || (many && many.end === i));
        const period = prev && ORDINALS.has(prev.f);
        const okAfter = !next || next.type !== 'word' || FRACTION_OK_AFTER.has(next.f) || next.f === 'a';
        if (okBefore && !period && okAfter) {
          // "half a dollar", "half a million": a fraction of what follows.
          if (next?.f === 'a' && tokens[i + 2]?.type === 'word') {
            const unit = tokens[i + 2]!.f;
            if (unit in CURRENCY_WORDS) {
              s.quantities.push({ value: FRACTIONS[t.f]! / 100, kind: 'money', currency: CURRENCY_WORDS[unit], text: `${t.raw} a ${tokens[i + 2]!.raw}` });
              used.add(i + 2);
              i += 2;
              continue;
            }
            const scale = SCALE_WORDS[language][unit];
            if (scale) {
              value = (FRACTIONS[t.f]! / 100) * scale;
              end = i + 3;
            }
          }
          if (value === undefined) {
            const times = many && many.end === i && FRACTIONS[t.f]! !== 75 ? many.value : 1;
            used.add(i);
            s.quantities.push({ value: FRACTIONS[t.f]! * times, kind: 'percent', approximate: true, text: t.raw, label: labelOf(tokens, i, i + 1, used) });
            continue;
          }
        }
      }
      if (value === undefined) {
        const read = readNumberWords(words, i, language);
        if (!read) continue;
        value = read.value;
        end = read.end;
        approximate = false;
      }
    } else continue;
    if (value === undefined) continue;
    // Scale words after digits: "1.5 million", "28 mil", "US$50 mn", "1,5 miljard".
    while (tokens[end]?.type === 'word') {
      const scale = SCALE_WORDS[language][tokens[end]!.f] ?? SCALE_WORDS.en[tokens[end]!.f] ?? (money && tokens[end]!.f === 'm' ? 1e6 : undefined);
      if (!scale) break;
      value *= scale;
      end++;
    }
    // Percent, currency words, cents, units.
    const pct = tokens[end]?.type === 'pct' ? ['%'] : PERCENT_AFTER.find((p) => matchesAt(tokens, end, p));
    if (pct) {
      kind = 'percent';
      end += pct.length;
    }
    let unit: string | undefined;
    if (kind !== 'percent') {
      const qualifier = [3, 2, 1].map((n) => tokens.slice(end, end + n).map((x) => x.f)).find((ws) => ws.join(' ') in DOLLAR_QUALIFIERS && ws.length > 0);
      const q = qualifier ? qualifier.length : 0;
      const unitWord = tokens[end + q]?.f ?? '';
      if (unitWord in CURRENCY_WORDS && (q > 0 || !money)) {
        money = true;
        currency = qualifier ? DOLLAR_QUALIFIERS[qualifier.join(' ')] : (CURRENCY_WORDS[unitWord] ?? currency);
        end += q + 1;
        // "three dollars and fifty cents"
        if (['and', 'y', 'et', 'en'].includes(tokens[end]?.f ?? '')) {
          const cents =
            tokens[end + 1]?.type === 'num' ? { value: parseDigits(tokens[end + 1]!.f, language), end: end + 2 } : readNumberWords(words, end + 1, language);
          if (cents?.value !== undefined && CENT_WORDS.has(tokens[cents.end]?.f ?? '')) {
            value += cents.value / 100;
            end = cents.end + 1;
          }
        }
      } else if (CENT_WORDS.has(unitWord) && q === 0) {
        money = true;
        value /= 100;
        end += 1;
      } else if (!money) {
        const w = tokens[end]?.f ?? '';
        if (w === 'miles' && tokens[end + 1]?.f === 'per' && tokens[end + 2]?.f === 'hour') {
          unit = 'mph';
          end += 3;
        } else if (w === 'year' && tokens[end + 1]?.f === 'old') {
          unit = 'age';
          end += 2;
        } else if (w === 'basis' && tokens[end + 1]?.f === 'points') {
          unit = 'bp';
          end += 2;
        } else if (w === 'km' && tokens[end + 1]?.f === '/' && tokens[end + 2]?.f === 'h') {
          unit = 'kph';
          end += 3;
        } else if (w in UNITS) {
          unit = UNITS[w];
          end += 1;
          if (unit === 'decade') [unit, value] = ['year', value * 10];
          if ((unit === 'year' && ['old', 'de'].includes(tokens[end]?.f ?? '')) || (unit === 'year' && tokens[start - 1]?.f === 'aged')) unit = 'age';
        } else if (['magnitude', 'magnitud'].includes(tokens[start - 1]?.f ?? '')) unit = 'magnitude';
        else if (tokens[start - 1]?.f === 'aged') unit = 'age';
      }
    }
    if (money) kind = kind === 'percent' ? 'percent' : 'money';
    for (let k = start; k < end; k++) used.add(k);
    const frame = unit !== undefined && TIME_SPAN_UNITS.has(unit) && FRAME_WORDS.has(tokens[start - 1]?.f ?? '');
    const quantity: Quantity = {
      value,
      kind,
      ...(money && kind === 'money' ? { currency } : {}),
      ...(unit ? { unit } : {}),
      ...(approximate ? { approximate } : {}),
      ...(frame ? { frame } : {}),
      label: labelOf(tokens, start, end, used),
      text: tokens
        .slice(start, end)
        .map((x) => x.raw)
        .join(' '),
    };
    s.quantities.push(quantity);
    starts.set(quantity, start);
    i = end - 1;
  }
}

const DIRECTIONS = new Set(['raise', 'cut', 'keep']);

/** What a figure counts: the first content word right after it ("300 jobs", "pounds of marijuana"), else the nearest before it ("rate to 7.5%"); places are the setting, not the thing. */
function labelOf(tokens: readonly Token[], start: number, end: number, used: ReadonlySet<number>): string | undefined {
  const qualified = (k: number, item: string) => ([tokens[k - 1]?.f, tokens[k - 2]?.f].includes('non') ? `non-${item}` : item);
  for (let k = end; k < Math.min(tokens.length, end + 4); k++) {
    const t = tokens[k]!;
    if (t.type !== 'word' || used.has(k)) break;
    if (MODIFIERS.has(t.f)) continue;
    if (STOP.has(t.f)) break;
    const item = itemOf(t.f);
    if (DIRECTIONS.has(item)) break;
    return qualified(k, item);
  }
  for (let k = start - 1; k >= Math.max(0, start - 6); k--) {
    const t = tokens[k]!;
    if (t.type !== 'word' || used.has(k) || STOP.has(t.f) || MODIFIERS.has(t.f)) continue;
    const item = itemOf(t.f);
    if (DIRECTIONS.has(item) || t.f in WEEKDAYS || lookupPlace(t.raw).length > 0) continue;
    return qualified(k, item);
  }
  return undefined;
}
