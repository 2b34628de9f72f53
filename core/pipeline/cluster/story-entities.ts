import { findEntities, splitSentences, stripDateline } from '../../nlp/analyse';
import type { Place } from '../../nlp/gazetteer';

/**
 * The names a report's title and lead mention, as keys the patterns stage counts for signals:
 * `place:{country}/{division}/{name}/{level}`, `person:…`, `org:…`, `law:…`, `name:…`. Clustering
 * does not use them (shared names are no evidence of one event); a story keeps the union of its items'.
 */
export function entityKeysOf(item: { title: string; summary: string; text: string }): string[] {
  // The lead is read from the top of the report only: a body can be a megabyte of anything.
  const lead = splitSentences(stripDateline(item.summary.trim().slice(0, 2_000) || item.text.slice(0, 2_000))).slice(0, 2);
  const title = splitSentences(item.title);
  const entities = findEntities(`${item.title}. ${lead.map((s) => s.text).join(' ')}`, [...title, ...lead]);
  const keys = new Set<string>();
  for (const p of entities.places) {
    keys.add(placeKey(p));
    // A parish or town also names its country.
    if (p.level !== 'country') keys.add(placeKey({ name: p.country, country: p.country, level: 'country' }));
  }
  for (const p of entities.people) keys.add(`person:${p.toLowerCase()}`);
  for (const o of entities.organisations) keys.add(`org:${o.toLowerCase()}`);
  for (const l of entities.laws) keys.add(`law:${l.toLowerCase().replace(/^the /, '')}`);
  for (const o of entities.other) keys.add(`name:${o.toLowerCase()}`);
  return [...keys].sort();
}

function placeKey(p: Place): string {
  return `place:${p.country.toLowerCase()}/${(p.division ?? '').toLowerCase()}/${p.name.toLowerCase()}/${p.level}`;
}
