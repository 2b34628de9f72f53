/**
 * Numbers as the region's outlets write them, in English, Spanish, French and Dutch: digits with
 * either convention of separators ("1,200", "28.000", "5,75", "320 000"), and numbers in words
 * ("three million", "forty-five", "veintiocho mil", "quatre-vingt-dix", "vijfentwintig"). A table
 * per language, applied only to text of that language ("once" is eleven in Spanish, "sept" a
 * month in English). A written number that cannot be read one way ("1,2,3,4") or that overflows is
 * no number at all: never guessed.
 */

export type Language = 'en' | 'es' | 'fr' | 'nl';

/** Past this a figure in a news report is an error or an attack, not a quantity. */
export const MAX_NUMBER = 1e15;

/** Folded as the matcher reads words: accents stripped, lower case. */
export function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The value of a number written in digits, or undefined when its separators allow no single reading.
 * A comma or a dot before exactly three digits groups thousands; before one or two it is the decimal
 * mark; "1.200" reads as a thousand and two hundred only outside English.
 */
export function parseDigits(text: string, language: Language = 'en'): number | undefined {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  let value: number | undefined;
  if (/^\d+$/.test(t)) value = Number(t);
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) value = Number(t.replace(/,/g, ''));
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(t) && (language !== 'en' || /\..*\./.test(t) || t.includes(','))) {
    value = Number(t.replace(/\./g, '').replace(',', '.'));
  } else if (/^\d+\.\d+$/.test(t)) value = Number(t);
  else if (/^\d+,\d{1,2}$/.test(t)) value = Number(t.replace(',', '.'));
  if (value === undefined || !Number.isFinite(value) || value > MAX_NUMBER) return undefined;
  return value;
}

type Table = { units: Record<string, number>; hundreds: Record<string, number>; scales: Record<string, number>; joiners: Set<string>; articles: Set<string> };

const EN: Table = {
  units: {
    zero: 0,
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    sixty: 60,
    seventy: 70,
    eighty: 80,
    ninety: 90,
    dozen: 12,
  },
  hundreds: { hundred: 100 },
  scales: { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 },
  joiners: new Set(['and']),
  articles: new Set(['a', 'an']),
};

/** English number words and their values ("twenty", "dozen", "hundred"): one list for every reader of figures. */
export const ENGLISH_NUMBER_WORDS: Readonly<Record<string, number>> = { ...EN.units, ...EN.hundreds };

const ES: Table = {
  units: {
    cero: 0,
    uno: 1,
    dos: 2,
    tres: 3,
    cuatro: 4,
    cinco: 5,
    seis: 6,
    siete: 7,
    ocho: 8,
    nueve: 9,
    diez: 10,
    once: 11,
    doce: 12,
    trece: 13,
    catorce: 14,
    quince: 15,
    dieciseis: 16,
    diecisiete: 17,
    dieciocho: 18,
    diecinueve: 19,
    veinte: 20,
    veintiuno: 21,
    veintiun: 21,
    veintidos: 22,
    veintitres: 23,
    veinticuatro: 24,
    veinticinco: 25,
    veintiseis: 26,
    veintisiete: 27,
    veintiocho: 28,
    veintinueve: 29,
    treinta: 30,
    cuarenta: 40,
    cincuenta: 50,
    sesenta: 60,
    setenta: 70,
    ochenta: 80,
    noventa: 90,
    cien: 100,
    ciento: 100,
    doscientos: 200,
    doscientas: 200,
    trescientos: 300,
    trescientas: 300,
    cuatrocientos: 400,
    cuatrocientas: 400,
    quinientos: 500,
    quinientas: 500,
    seiscientos: 600,
    seiscientas: 600,
    setecientos: 700,
    setecientas: 700,
    ochocientos: 800,
    ochocientas: 800,
    novecientos: 900,
    novecientas: 900,
  },
  hundreds: {},
  scales: { mil: 1e3, millon: 1e6, millones: 1e6, billon: 1e12, billones: 1e12 },
  joiners: new Set(['y']),
  articles: new Set(['un', 'una']),
};

const FR: Table = {
  units: {
    zero: 0,
    deux: 2,
    trois: 3,
    quatre: 4,
    cinq: 5,
    six: 6,
    sept: 7,
    huit: 8,
    neuf: 9,
    dix: 10,
    onze: 11,
    douze: 12,
    treize: 13,
    quatorze: 14,
    quinze: 15,
    seize: 16,
    vingt: 20,
    vingts: 20,
    trente: 30,
    quarante: 40,
    cinquante: 50,
    soixante: 60,
  },
  hundreds: { cent: 100, cents: 100 },
  scales: { mille: 1e3, million: 1e6, millions: 1e6, milliard: 1e9, milliards: 1e9 },
  joiners: new Set(['et']),
  articles: new Set(['un', 'une']),
};

const NL_UNITS: Record<string, number> = { een: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9 };
const NL_TENS: Record<string, number> = { twintig: 20, dertig: 30, veertig: 40, vijftig: 50, zestig: 60, zeventig: 70, tachtig: 80, negentig: 90 };
const NL: Table = {
  units: {
    nul: 0,
    ...Object.fromEntries(Object.entries(NL_UNITS).filter(([w]) => w !== 'een')),
    tien: 10,
    elf: 11,
    twaalf: 12,
    dertien: 13,
    veertien: 14,
    vijftien: 15,
    zestien: 16,
    zeventien: 17,
    achttien: 18,
    negentien: 19,
    ...NL_TENS,
  },
  hundreds: { honderd: 100 },
  scales: { duizend: 1e3, miljoen: 1e6, miljard: 1e9 },
  joiners: new Set(['en']),
  articles: new Set(['een']),
};

const TABLES: Record<Language, Table> = { en: EN, es: ES, fr: FR, nl: NL };

/** Scale words that may follow digits ("1.5 million", "28 mil", "1,5 miljard"). */
export const SCALE_WORDS: Record<Language, Record<string, number>> = {
  en: { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12, bn: 1e9, mn: 1e6, mln: 1e6 },
  es: { mil: 1e3, millon: 1e6, millones: 1e6, mm: 1e6 },
  fr: { mille: 1e3, million: 1e6, millions: 1e6, milliard: 1e9, milliards: 1e9, md: 1e9 },
  nl: { duizend: 1e3, miljoen: 1e6, miljard: 1e9, mln: 1e6, mld: 1e9 },
};

/** The value of one number word of the language, with compounds ("vijfentwintig", "veintiocho"). */
function wordValue(word: string, table: Table, language: Language): number | undefined {
  if (word in table.units) return table.units[word];
  if (language === 'nl') {
    const m = /^(een|twee|drie|vier|vijf|zes|zeven|acht|negen)(?:en|ën|e?n)(twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)$/.exec(word);
    if (m) return NL_UNITS[m[1]!]! + NL_TENS[m[2]!]!;
  }
  return undefined;
}

export type ReadNumber = { value: number; end: number };

/**
 * Reads a number in words starting at words[start] (folded words, hyphens already split), returning
 * its value and the index after its last word, or undefined. Articles ("a", "un", "een") count as
 * one only before a hundred or a scale word ("a million", "un millón"), never alone.
 */
export function readNumberWords(words: readonly string[], start: number, language: Language): ReadNumber | undefined {
  const table = TABLES[language];
  let total = 0;
  let current = 0;
  let seen = false;
  let end = start;
  let lastScale = Number.POSITIVE_INFINITY;
  for (let i = start; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const small = wordValue(w, table, language);
    if (small !== undefined) {
      // "quatre-vingt(s)": four twenties.
      if (language === 'fr' && w === 'quatre' && (next === 'vingt' || next === 'vingts')) {
        current += 80;
        i++;
      } else current += small;
      seen = true;
      end = i + 1;
      continue;
    }
    if (table.articles.has(w) && next !== undefined && (next in table.hundreds || next in table.scales) && !seen) {
      current = 1;
      seen = true;
      end = i + 1;
      continue;
    }
    if (w in table.hundreds && seen) {
      current = (current || 1) * table.hundreds[w]!;
      end = i + 1;
      continue;
    }
    if (w in table.hundreds && !seen && language === 'fr') {
      current = 100;
      seen = true;
      end = i + 1;
      continue;
    }
    if (w in table.scales) {
      if (!seen && !(language === 'es' && w === 'mil') && !(language === 'fr' && w === 'mille')) break;
      const scale = table.scales[w]!;
      // "mil millones": a scale after a smaller one multiplies all that came before.
      if (scale > lastScale && current === 0) total = (total || 1) * scale;
      else total += (current || 1) * scale;
      current = 0;
      lastScale = scale;
      seen = true;
      end = i + 1;
      continue;
    }
    // "one and a half billion", "two hundred and fifty", "treinta y cinco", "vingt et un".
    if (seen && table.joiners.has(w) && next !== undefined) {
      if (language === 'en' && next === 'a' && words[i + 2] === 'half') {
        current += 0.5;
        i += 2;
        end = i + 1;
        continue;
      }
      if (wordValue(next, table, language) !== undefined) continue;
    }
    break;
  }
  if (!seen) return undefined;
  const value = total + current;
  if (!Number.isFinite(value) || value > MAX_NUMBER) return undefined;
  return { value, end };
}
