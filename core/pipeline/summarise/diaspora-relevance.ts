import { splitSentences, type Sentence } from '../../nlp/analyse';
import { findPlaces, type Place } from '../../nlp/gazetteer';
import { DIASPORA_CONCERNS } from '../../nlp/lexicons';

/**
 * A story's relevance to the region's people abroad (0-100), from the concerns they follow
 * (DIASPORA_CONCERNS: remittances, papers, travel home, elections and disasters at home, the
 * diaspora's own events). A concern the headline names, or the text names twice, counts fully; one
 * named once in passing counts half. The strongest concern gives its weight, a second one half of
 * its own, a place abroad 10 more; a story touching none stays at the base, however many taxes,
 * fines or investments it mentions (a traffic-ticket portal is not diaspora news).
 */

export const BASE_RELEVANCE = 10;
/** Where people from the region live abroad: a story set there is closer to them. */
const DIASPORA_COUNTRIES = new Set(['United States', 'Canada', 'United Kingdom', 'France', 'Netherlands', 'Spain']);
const ABROAD_BONUS = 10;

export type DiasporaEvidence = { titleLemmas: readonly string[]; bodyLemmas: readonly string[]; places: readonly Place[] };

/** A capitalised word keeps its plural as its lemma ("Remittances", "Floods" in a headline). */
const singular = (lemma: string) => (lemma.length > 3 && lemma.endsWith('s') && !lemma.endsWith('ss') ? lemma.slice(0, -1) : lemma);

/** How often each of the words (lemmas or phrases of lemmas) occurs in the lemmas. */
function hits(lemmas: readonly string[], words: readonly string[]): number {
  const single = new Set(words.filter((w) => !w.includes(' ')));
  const phrases = words.filter((w) => w.includes(' '));
  let count = lemmas.filter((l) => single.has(l) || single.has(singular(l))).length;
  if (phrases.length > 0) {
    const joined = ` ${lemmas.map(singular).join(' ')} `;
    for (const phrase of phrases) count += joined.split(` ${phrase} `).length - 1;
  }
  return count;
}

export function diasporaRelevance(evidence: DiasporaEvidence): number {
  const strengths = Object.values(DIASPORA_CONCERNS)
    .map(({ weight, words }) => {
      const inTitle = hits(evidence.titleLemmas, words);
      const inBody = hits(evidence.bodyLemmas, words);
      return inTitle > 0 || inBody >= 2 ? weight : inBody === 1 ? weight / 2 : 0;
    })
    .sort((a, b) => b - a);
  const abroad = evidence.places.some((p) => DIASPORA_COUNTRIES.has(p.country));
  const score = BASE_RELEVANCE + strengths[0]! + strengths[1]! / 2 + (abroad ? ABROAD_BONUS : 0);
  return Math.min(100, Math.round(score));
}

const lemmasOf = (sentences: readonly Sentence[]) => sentences.flatMap((s) => s.tokens.map((t) => t.lemma));

/** The same from plain text (a title and its report). */
export function diasporaRelevanceOfText(title: string, body: string): number {
  return diasporaRelevance({
    titleLemmas: lemmasOf(splitSentences(title)),
    bodyLemmas: lemmasOf(splitSentences(body)),
    places: findPlaces(`${title}. ${body}`),
  });
}
