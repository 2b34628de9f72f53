import { contentWords, findEntities, splitSentences, stripDateline } from '../../nlp/analyse';
import { findFigures } from '../../nlp/figures';
import { normalisePlaceName, placesConflict, type Place } from '../../nlp/gazetteer';

/**
 * What clustering compares: an item's terms (title words count twice, then its lead: the summary, or
 * the first two sentences of its text, and the exact figures in them), its entities (places, people, organisations, other names) and
 * its time. Stories keep the same features summed over their items.
 */

export type ItemText = { title: string; summary: string; text: string; publishedAt: string | null; createdAt: string };
export type Features = { terms: Record<string, number>; entities: string[]; places: Place[]; time: number };

export function itemFeatures(item: ItemText): Features {
  const leadSource = stripDateline(item.summary.trim() || item.text);
  const leadSentences = splitSentences(leadSource).slice(0, 2);
  const titleSentences = splitSentences(item.title);
  const terms: Record<string, number> = {};
  for (const w of contentWords(titleSentences)) terms[w] = (terms[w] ?? 0) + 2;
  for (const w of contentWords(leadSentences)) terms[w] = (terms[w] ?? 0) + 1;
  // Exact figures (EC$0.15, 3,000 homes) are strong evidence of one event: they count as terms too.
  for (const f of [...titleSentences, ...leadSentences].flatMap(findFigures)) {
    if (!(f.kind === 'count' && Number.isInteger(f.value) && f.value < 10)) terms[`#${f.kind}:${f.value}`] = (terms[`#${f.kind}:${f.value}`] ?? 0) + 1;
  }
  const text = `${item.title}. ${leadSentences.map((s) => s.text).join(' ')}`;
  const entities = findEntities(text, [...titleSentences, ...leadSentences]);
  // Place names are compared as places (with the conflict rule), not as words: otherwise two
  // different events in one town look alike by their most repeated word.
  const placeWords = new Set(entities.places.flatMap((p) => normalisePlaceName(p.name).split(' ')));
  for (const t of Object.keys(terms)) if (placeWords.has(t)) delete terms[t];
  const keys = new Set<string>();
  for (const p of entities.places) {
    keys.add(placeKey(p));
    // A parish or town also names its country: two reports naming Castries and Saint Lucia share a place.
    if (p.level !== 'country') keys.add(placeKey({ name: p.country, country: p.country, level: 'country' }));
  }
  for (const p of entities.people) keys.add(`person:${p.toLowerCase()}`);
  for (const o of entities.organisations) keys.add(`org:${o.toLowerCase()}`);
  for (const l of entities.laws) keys.add(`law:${l.toLowerCase().replace(/^the /, '')}`);
  for (const o of entities.other) keys.add(`name:${o.toLowerCase()}`);
  return { terms, entities: [...keys].sort(), places: entities.places, time: new Date(item.publishedAt ?? item.createdAt).getTime() };
}

/** place:{country}/{division}/{name}: enough to rebuild the place for the conflict rule. */
export function placeKey(p: Place): string {
  return `place:${p.country.toLowerCase()}/${(p.division ?? '').toLowerCase()}/${p.name.toLowerCase()}/${p.level}`;
}

export function placesFromKeys(keys: readonly string[]): Place[] {
  return keys
    .filter((k) => k.startsWith('place:'))
    .map((k) => {
      const [country, division, name, level] = k.slice(6).split('/');
      return { country: country!, division: division || undefined, name: name!, level: (level ?? 'town') as Place['level'] };
    });
}

/**
 * Keys that find candidate stories by index. A story is indexed by its entities (except whole countries,
 * too common to narrow anything) and every term it keeps; an item looks it up by its entities and its
 * `topTerms` most distinctive terms, so two reports in different words still meet on a few of them.
 */
export function retrievalKeys(f: { entities: readonly string[]; terms: Record<string, number> }, idf: (term: string) => number, topTerms = 10): string[] {
  const entityKeys = f.entities.filter((k) => !(k.startsWith('place:') && k.endsWith('/country')));
  const terms = Object.keys(f.terms)
    .filter((t) => !t.startsWith('#'))
    .sort((a, b) => idf(b) * f.terms[b]! - idf(a) * f.terms[a]! || a.localeCompare(b))
    .slice(0, topTerms)
    .map((t) => `w:${t}`);
  return [...new Set([...entityKeys, ...terms])];
}

export function storyKeys(f: { entities: readonly string[]; terms: Record<string, number> }): string[] {
  const entityKeys = f.entities.filter((k) => !(k.startsWith('place:') && k.endsWith('/country')));
  return [...new Set([...entityKeys, ...Object.keys(f.terms).filter((t) => !t.startsWith('#')).map((t) => `w:${t}`)])];
}

export { placesConflict, stripDateline };
