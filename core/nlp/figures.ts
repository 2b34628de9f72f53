import type { Sentence, Token } from './analyse';
import { ENGLISH_NUMBER_WORDS } from './numbers';

/**
 * Figures in a sentence: money, percentages and counts, with a value to compare across sources and a
 * label (the noun the figure counts or measures) so "300 jobs" in one outlet can be checked against
 * "250 jobs" in another. Years and numbers inside dates are not figures.
 */

export type FigureKind = 'money' | 'percent' | 'count';
export type Figure = { text: string; value: number; kind: FigureKind; label: string };

const SCALE: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, m: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };
// "zero" is no figure a report states.
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(Object.entries(ENGLISH_NUMBER_WORDS).filter(([word]) => word !== 'zero'));
const CURRENCY = new Set(['$', 'us$', 'j$', 'tt$', 'bds$', 'ec$', 'usd', 'jmd', 'ttd', 'bbd', 'xcd', 'bsd', 'gyd', '£', '€', 'us', 'j']);
const MONTHS = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*$/i;

function numberOf(token: Token): number | undefined {
  const cleaned = token.text.replace(/,/g, '').replace(/^(US|J|TT|BDS|EC)?\$/i, '');
  if (/^\d+(\.\d+)?$/.test(cleaned)) return Number(cleaned);
  return NUMBER_WORDS[token.lower];
}

export function findFigures(sentence: Sentence): Figure[] {
  const tokens = sentence.tokens;
  const dateTexts = sentence.entities.filter((e) => e.type === 'DATE' || e.type === 'TIME' || e.type === 'DURATION').map((e) => e.text.toLowerCase());
  const figures: Figure[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const value = numberOf(tokens[i]!);
    if (value === undefined) continue;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    // Dates: "November 18", "18 November", years on their own.
    if ((prev && MONTHS.test(prev.text)) || (next && MONTHS.test(next.text))) continue;
    if (Number.isInteger(value) && value >= 1900 && value <= 2100 && !(prev && CURRENCY.has(prev.lower))) continue;
    if (dateTexts.some((d) => d.includes(tokens[i]!.lower) && /\b(day|week|month|year|hour|minute|am|pm)s?\b/.test(d) && !/%/.test(d))) continue;
    let j = i;
    let scaled = value;
    if (tokens[j + 1] && SCALE[tokens[j + 1]!.lower]) {
      scaled *= SCALE[tokens[j + 1]!.lower]!;
      j++;
    }
    let kind: FigureKind = 'count';
    let start = i;
    if (prev && CURRENCY.has(prev.lower)) {
      kind = 'money';
      start = i - 1;
      if (tokens[i - 2] && CURRENCY.has(tokens[i - 2]!.lower)) start = i - 2;
    } else if (/^(US|J|TT|BDS|EC)?\$/i.test(tokens[i]!.text)) kind = 'money';
    if (tokens[j + 1] && (tokens[j + 1]!.text === '%' || tokens[j + 1]!.lower === 'percent' || tokens[j + 1]!.lower === 'per')) {
      kind = 'percent';
      j += tokens[j + 1]!.lower === 'per' ? 2 : 1;
    } else if (tokens[j + 1] && ['dollars', 'dollar', 'usd', 'jmd', 'ttd'].includes(tokens[j + 1]!.lower)) {
      kind = 'money';
      j++;
    }
    figures.push({
      text: tokens
        .slice(start, j + 1)
        .map((t) => t.text)
        .join(' ')
        .replace(/\s+([%])/g, '$1')
        .replace(/\$ /g, '$')
        .replace(/^(US|J|TT|BDS|EC) \$/i, '$1$$'),
      value: scaled,
      kind,
      label: labelFor(tokens, start, j, kind),
    });
    i = j;
  }
  return figures;
}

const LABEL_SYNONYMS: Record<string, string> = {
  house: 'home',
  dwelling: 'home',
  household: 'home',
  resident: 'people',
  person: 'people',
  passenger: 'visitor',
  tourist: 'visitor',
};

/** The noun a figure counts ("300 new jobs" → job) or, for amounts and rates, the noun it measures ("inflation of 5%"). */
function labelFor(tokens: readonly Token[], start: number, end: number, kind: FigureKind): string {
  for (let k = end + 1; k <= Math.min(tokens.length - 1, end + 3); k++) {
    const t = tokens[k]!;
    if (t.pos === 'NOUN') return LABEL_SYNONYMS[t.lemma] ?? t.lemma;
    if (t.pos === 'PUNCT' || t.pos === 'VERB' || t.pos === 'ADP') break;
  }
  for (let k = start - 1; k >= Math.max(0, start - 7); k--) {
    const t = tokens[k]!;
    if ((t.pos === 'NOUN' || (k === 0 && t.kind === 'word' && !t.stop)) && !['%', 'percent'].includes(t.lower)) return LABEL_SYNONYMS[t.lemma] ?? t.lemma;
  }
  return kind;
}

/** Same figure: equal within rounding (2.5 million and 2,500,000; 12% and 12.0%). */
export function sameValue(a: number, b: number): boolean {
  if (a === b) return true;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return Math.abs(a - b) <= scale * 0.005;
}

export function formatFigure(value: number, kind: FigureKind): string {
  const compact = (n: number) =>
    n >= 1e9 ? `${trim(n / 1e9)} billion` : n >= 1e6 ? `${trim(n / 1e6)} million` : n >= 1e4 ? Math.round(n).toLocaleString('en-US') : trim(n);
  if (kind === 'percent') return `${trim(value)}%`;
  if (kind === 'money') return `$${compact(value)}`;
  return compact(value);
}

function trim(n: number): string {
  return String(Math.round(n * 100) / 100);
}
