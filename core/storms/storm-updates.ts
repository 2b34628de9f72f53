import type { Knex } from 'knex';
import { auditEntry, type Layer, type Story } from '../stories/story';
import { insertStory, rowToStory, updateStory } from '../stories/story-repository';
import type { ThreatAlert, ThreateningStorm } from '../stories/storm-news';
import { classificationName } from './storm-centre';
import { getStorm, type Storm } from './storm-repository';
import { getStormContext } from './storm-threat';

/**
 * Storm updates: while a watch or warning is in force for a covered country, C360 publishes a short
 * story written from the National Hurricane Center's advisory alone, so the storm is covered before any
 * outlet has written about it. The text says where it comes from ("From the National Hurricane
 * Center's advisory 17, issued ..."); the story is updated in place with each newer advisory (never
 * from an older one), links to its storm (the Storm Centre and BREAKING follow the storm link), and
 * names the countries under watch or warning in its title, so search finds it by the storm's name, its
 * type and those countries.
 */

export const NHC = 'National Hurricane Center';
/** Tag that marks a storm update (one per storm). */
export const STORM_UPDATE_TAG = 'storm-update';
const ACTOR = 'pipeline:storms';

type AdvisoryRef = { number: string | null; at: string };

const WORDS: Record<ThreatAlert['type'], string> = { warning: 'warning', watch: 'watch' };

/** "Jamaica", "Jamaica and Haiti", "Jamaica, Haiti and the Dominican Republic". */
function countryList(countries: readonly string[]): string {
  const named = countries.map((c) =>
    /^(Dominican Republic|Bahamas|Cayman Islands|Turks and Caicos Islands|British Virgin Islands)$/.test(c) ? `the ${c}` : c,
  );
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}

/** Each kind of alert ("hurricane warning") with the covered countries it is in force for, warnings first. */
function alertLines(alerts: readonly ThreatAlert[]): { kind: string; countries: string[] }[] {
  const byKind = new Map<string, string[]>();
  for (const a of alerts) {
    const kind = `${a.hazard.toLowerCase()} ${WORDS[a.type]}`;
    byKind.set(kind, [...new Set([...(byKind.get(kind) ?? []), a.region])]);
  }
  return [...byKind].map(([kind, countries]) => ({ kind, countries }));
}

/** "Hurricane", "Tropical Storm": the storm's type as a name is written. */
function typeName(storm: Pick<Storm, 'classification'>): string {
  return classificationName(storm.classification).replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

function utcTime(iso: string): string {
  const d = new Date(iso);
  return `${d.toISOString().slice(11, 16)} UTC on ${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`;
}

/** The update's words, all from the advisory: title, summary and its layers. */
export function stormUpdateText(storm: Storm, threat: ThreateningStorm): { title: string; summary: string; layers: Layer[] } {
  const name = `${typeName(storm)} ${storm.name}`;
  const lines = alertLines(threat.alerts);
  const lead = lines[0]!;
  const title = `${name}: ${lead.kind} for ${countryList(lead.countries)}`;
  const position = `${Math.abs(storm.location.lat).toFixed(1)}°${storm.location.lat >= 0 ? 'N' : 'S'} ${Math.abs(storm.location.lng).toFixed(1)}°${storm.location.lng >= 0 ? 'E' : 'W'}`;
  const source = `From the ${NHC}'s advisory${storm.advisoryNumber ? ` ${storm.advisoryNumber}` : ''}, issued at ${utcTime(storm.lastUpdate)}`;
  const state = [
    `${name} was centred near ${position} with maximum sustained winds of ${storm.windSpeed} mph`,
    storm.movement ? `, moving ${storm.movement}` : '',
    storm.pressure ? ` (minimum pressure ${storm.pressure} mb)` : '',
    '.',
  ].join('');
  const alertsText = lines.map((l) => `A ${l.kind} is in force for ${countryList(l.countries)}.`);
  const summary = `${source}: ${state} ${alertsText.join(' ')}`;
  const happened = [state, ...alertsText, ...(storm.headline ? [`The centre's headline: ${storm.headline.replace(/\s+/g, ' ').trim()}`] : [])];
  return {
    title,
    summary,
    layers: [
      { layerType: 'short_version', content: summary },
      {
        layerType: 'what_happened',
        content: happened.join('\n'),
        timeline: [{ date: storm.lastUpdate, event: `${NHC} advisory${storm.advisoryNumber ? ` ${storm.advisoryNumber}` : ''}` }],
      },
    ],
  };
}

function isWritable(storm: Storm): boolean {
  return (
    [storm.location?.lat, storm.location?.lng, storm.windSpeed].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    Number.isFinite(new Date(storm.lastUpdate).getTime()) &&
    Boolean(storm.name?.trim())
  );
}

function advisoryOf(story: Story): AdvisoryRef | null {
  const source = story.sources.find((s) => s.outlet === NHC);
  return source && typeof source.advisory_at === 'string' ? { number: (source.advisory_number as string | null) ?? null, at: source.advisory_at } : null;
}

/**
 * Writes or refreshes the storm update of every storm with a watch or warning in force for a covered
 * country. Returns how many updates were published or refreshed.
 */
export async function publishStormUpdates(db: Knex, now: Date): Promise<number> {
  let written = 0;
  for (const threat of (await getStormContext(db, now)).storms) {
    if (threat.alerts.length === 0) continue;
    const storm = await getStorm(db, threat.id);
    // A storm whose advisory left its position, strength or time unreadable gets no update: nothing is written from a guess.
    if (!storm || !isWritable(storm)) continue;
    const existingRow = await db('synced_content').where('storm_id', storm.id).whereRaw('? = any(tags)', [STORM_UPDATE_TAG]).first();
    const existing = existingRow ? rowToStory(existingRow) : null;
    const advisory: AdvisoryRef = { number: storm.advisoryNumber, at: new Date(storm.lastUpdate).toISOString() };
    const previous = existing ? advisoryOf(existing) : null;
    // An update is only ever rewritten from a newer advisory (a replayed or late older product changes nothing).
    if (previous && new Date(previous.at).getTime() >= new Date(advisory.at).getTime()) continue;
    const text = stormUpdateText(storm, threat);
    const fields = {
      ...text,
      region: threat.regions[0] ?? 'Caribbean',
      tags: ['weather', STORM_UPDATE_TAG],
      storm_id: storm.id,
      storm_name: storm.name,
      storm_type: typeName(storm),
      // Published when the advisory was issued: the story is as fresh as its newest advisory.
      published_at: advisory.at,
      pipeline_stage: 'published' as const,
      status: 'published',
      source_count: 1,
      source_list: [NHC],
      sources: [
        {
          outlet: NHC,
          url: storm.advisoryUrl,
          kind: 'official',
          independent: true,
          counted_as: 'official source',
          advisory_number: advisory.number,
          advisory_at: advisory.at,
        },
      ],
      ai_risk_level: 'low' as const,
      flag_reason: null,
    };
    const details = `advisory ${advisory.number ?? '?'} of ${advisory.at}`;
    if (existing) await updateStory(db, existing.id, fields, auditEntry('storm_update_refreshed', ACTOR, now, { details }));
    else await insertStory(db, { ...fields, audit_log: [auditEntry('storm_update_published', ACTOR, now, { details })] });
    written++;
  }
  return written;
}
