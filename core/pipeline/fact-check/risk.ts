import type { RiskLevel } from '../../stories/story';

/**
 * The risk level follows what could mislead a reader, not the number of outlets alone. Each rule that
 * applies gives a level and a reason; the highest level wins and every reason is kept (stored in the
 * audit and in flag_reason at high or critical, for editors):
 *   - a claim another source contradicts → high; critical when the figure is on casualties, health,
 *     money or a disaster ("sensitive figures")
 *   - an outlet the registry marks unreliable that the story rests on (one of fewer than 2 independent
 *     voices) → high; critical with sensitive figures
 *   - one independent voice that cites no named source ("sources said", "reportedly") → high;
 *     critical with sensitive figures
 *   - sensitive figures that only one voice states → high when the story has one voice, medium when
 *     others cover the story but not that figure
 *   - one independent voice otherwise → low, said as a reason (the publish gate still waits for a
 *     second source or an editor); on a sensitive topic (deaths, violence, elections, …) → medium
 *   - claims several voices cover but none corroborates → medium
 *   - quotes turned into reported speech, or over 25% of factual sentences traced to no source → medium
 */

export type RiskInput = {
  independentSources: number;
  /** The claims as weighed: verdict (corroborated, contradicted, …, or an editor's confirmed or disputed), whether resolved, and whether its figures are sensitive. */
  panel: readonly { verdict?: string; resolved: boolean; sensitiveFigure?: boolean; claim?: string }[];
  sensitive: string[];
  quotesReported: number;
  factualSentences: number;
  sourcedSentences: number;
  /** The story's only independent voice cites no named source (anonymous sources, "reportedly"). */
  unnamedSource?: boolean;
  /** Outlets the registry marks unreliable among the story's independent voices. */
  unreliableOutlets?: readonly string[];
};

export type RiskReason = { level: RiskLevel; reason: string };

const ORDER: readonly RiskLevel[] = ['low', 'medium', 'high', 'critical'];

export function assessRisk(input: RiskInput): { level: RiskLevel; reasons: string[] } {
  let level: RiskLevel = 'low';
  const reasons: string[] = [];
  const raise = (to: RiskLevel, reason: string) => {
    if (ORDER.indexOf(to) > ORDER.indexOf(level)) level = to;
    reasons.push(`${to}: ${reason}`);
  };
  const single = input.independentSources < 2;
  const weighed = input.panel.filter((p) => p.verdict !== 'confirmed' && p.verdict !== 'dismissed');
  const contradicted = weighed.filter((p) => p.verdict === 'contradicted' || p.verdict === 'disputed');
  const soloSensitive = weighed.filter((p) => p.sensitiveFigure && (p.verdict === 'single source' || p.verdict === 'unsupported'));
  const sensitiveFigures = input.panel.some((p) => p.sensitiveFigure);
  const unresolved = weighed.filter((p) => !p.resolved);
  const sensitive = input.sensitive.length > 0;
  const quote = (p: { claim?: string }) => (p.claim ? ` ("${p.claim.length > 80 ? `${p.claim.slice(0, 77)}...` : p.claim}")` : '');
  for (const p of contradicted) {
    raise(
      p.sensitiveFigure ? 'critical' : 'high',
      `a claim another source contradicts${p.sensitiveFigure ? ', on casualties, health, money or a disaster' : ''}${quote(p)}`,
    );
  }
  const unreliable = input.unreliableOutlets ?? [];
  if (unreliable.length > 0 && single) {
    raise(sensitiveFigures ? 'critical' : 'high', `rests on ${unreliable.join(', ')}, marked unreliable in the registry`);
  } else if (unreliable.length > 0) raise('medium', `${unreliable.join(', ')} (marked unreliable) is among the sources`);
  if (single && input.unnamedSource) {
    raise(sensitiveFigures ? 'critical' : 'high', 'one outlet, citing no named source');
  }
  for (const p of soloSensitive) {
    raise(single ? 'high' : 'medium', `a figure on casualties, health, money or a disaster that only one outlet reports${quote(p)}`);
  }
  if (single)
    raise(sensitive ? 'medium' : 'low', `one independent source${sensitive ? ` on a sensitive topic (${input.sensitive.slice(0, 3).join(', ')})` : ''}`);
  else if (unresolved.length > 0 && contradicted.length === 0) raise('medium', `${unresolved.length} of ${weighed.length} claim(s) not corroborated`);
  if (input.panel.length === 0) raise('low', 'no checkable claims');
  if (input.quotesReported > 0) raise('medium', `${input.quotesReported} quote(s) not found verbatim in a source, shown as reported speech`);
  if (input.factualSentences > 0 && input.sourcedSentences / input.factualSentences < 0.75) {
    raise('medium', `${input.factualSentences - input.sourcedSentences} of ${input.factualSentences} factual sentence(s) traced to no source`);
  }
  return { level, reasons };
}

/** Claims whose figures are on casualties, health, money or disasters: a wrong one misleads most. */
const SENSITIVE_FIGURE_WORDS =
  /\b(dead|deaths?|died|dies|drown(?:ed|ing|s)?|killed|kill(?:s|ing)?|murders?|homicides?|injur(?:ed|ies|y)|wounded|victims?|bodies|missing|shot|casualt(?:y|ies)|cases?|infect(?:ed|ions?)|outbreak|hospitali[sz]ed|patients?|dengue|cholera|covid|disease|vaccines?|hurricane|storm|flood(?:s|ed|ing)?|earthquake|quake|evacuat(?:ed|ion|e)|homeless|displaced|damage[sd]?|destroyed|landslide|muertos?|muri[oó]|murieron|muertes?|fallecid[oa]s|fallecieron|tu[ée]s?|d[ée]c[eè]s|omgekomen|verdronken|heridos|morts?|bless[ée]s|doden|gewonden|inondations?|inundaci[oó]n(?:es)?|sismo|s[ée]isme|d[ée]plac[ée]s|desplazados)\b/i;

export function isSensitiveFigureClaim(text: string, quantities: readonly { kind: string }[]): boolean {
  if (quantities.length === 0) return false;
  return quantities.some((q) => q.kind === 'money') || SENSITIVE_FIGURE_WORDS.test(text);
}

/** A voice that cites no one by name: anonymous sources, "reportedly", rumours on social media. */
const UNNAMED =
  /\b(sources? (?:said|say|says|close to|familiar with|told)|according to (?:sources|a source|insiders|unconfirmed|reports on social media|social media)|a source|an insider|insiders|reportedly|it is understood|unconfirmed reports?|rumou?rs?|anonymity|anonymous|posts? on social media|seg[uú]n fuentes|fuentes (?:cercanas|consultadas)|selon (?:des|nos) sources|de source s[uû]re|volgens bronnen|ingewijden)\b/i;
/** Who said it, by name or office: a person's or an organisation's word followed or preceded by a reporting verb. */
const NAMED =
  /\b(?:said|says|told|announced|confirmed|stated|according to|reported by)\b[^.]{0,60}\b(?:[A-Z][a-z]+|police|ministry|minister|government|council|department|agency|authority|centre|center|bank|commission|service|brigade|spokesman|spokeswoman|spokesperson|office|company|hospital|court|union)\b|\b(?:police|ministry|minister|government|council|department|agency|authority|centre|center|bank|commission|service|brigade|spokesman|spokeswoman|spokesperson|office|company|hospital|court|union|[A-Z][a-z]+ [A-Z][a-z]+)\b[^.]{0,40}\b(?:said|says|told|announced|confirmed|stated|reported)\b/;

/** Whether a report rests on an unnamed source: it says so, and names no one who said it. */
export function citesNoNamedSource(text: string): boolean {
  if (!UNNAMED.test(text)) return false;
  // The clause that cites the unnamed source is not a named one ("…at the hospital, a source told us").
  const rest = text.replace(new RegExp(`[^,;.]*${UNNAMED.source}[^,;.]*`, 'gi'), ' ');
  return !NAMED.test(rest);
}

/**
 * Scores (0-1). fact_check_score: the share of claims corroborated. truth_score: 0.4 × that share
 * + 0.2 × independence (1 at 3 or more independent sources) + 0.2 × the share of factual sentences
 * traced to a source + 0.2 when no claim is contradicted.
 */
export function scoreStory(input: RiskInput): { factCheckScore: number; truthScore: number } {
  const corroborated = input.panel.filter((p) => p.verdict === 'corroborated').length;
  const factCheckScore = input.panel.length === 0 ? 0 : corroborated / input.panel.length;
  const independence = Math.min(1, Math.max(0, (input.independentSources - 1) / 2));
  const traced = input.factualSentences === 0 ? 0 : input.sourcedSentences / input.factualSentences;
  const noContradiction = input.panel.some((p) => p.verdict === 'contradicted') ? 0 : 1;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { factCheckScore: round(factCheckScore), truthScore: round(0.4 * factCheckScore + 0.2 * independence + 0.2 * traced + 0.2 * noContradiction) };
}
