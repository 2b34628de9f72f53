import type { Knex } from 'knex';
import { foldText } from '../nlp/text-key';
import { searchableQuery } from '../stories/search-query';
import { englishSearchTerms } from '../stories/search-terms';
import type { ThreateningStorm } from '../stories/storm-news';
import { classificationName } from './storm-centre';
import { getStormContext } from './storm-threat';

/**
 * Search finds the Storm Centre: a query naming a threatening storm by its name, its type ("hurricane",
 * "tropical storm") or a country under its watch or warning, in any of the site's four languages
 * (core/stories/search-terms.ts), answers the storm with a link to the Storm Centre beside the stories.
 */

export type StormSearchHit = { id: string; name: string; type: string; countries: string[]; path: string };

export const STORM_CENTRE_PATH = '/storm-centre';

/** Whether every word the reader typed (outside quotes and exclusions) names the storm, its type or a country under watch. */
export function stormMatches(query: string, storm: Pick<ThreateningStorm, 'name' | 'classification' | 'regions'>): boolean {
  const cleaned = searchableQuery(query);
  if (!cleaned) return false;
  const words = foldText(
    englishSearchTerms(cleaned)
      .split(' ')
      .filter((w) => w !== 'or' && !w.startsWith('-'))
      .join(' '),
  )
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return false;
  // "storm" and "tropical" name any tropical cyclone's kind; the rest must be the storm's own words.
  const own = new Set(foldText([storm.name, classificationName(storm.classification), 'storm', ...storm.regions].join(' ')).split(' '));
  return words.every((w) => own.has(w));
}

export async function searchStorms(db: Knex, input: { q: string; now: Date }): Promise<StormSearchHit[]> {
  if (!searchableQuery(input.q.slice(0, 200))) return [];
  const { storms } = await getStormContext(db, input.now);
  return storms
    .filter((s) => stormMatches(input.q.slice(0, 200), s))
    .map((s) => ({ id: s.id, name: s.name, type: classificationName(s.classification), countries: s.regions, path: STORM_CENTRE_PATH }));
}
