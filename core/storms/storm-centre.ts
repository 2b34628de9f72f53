import type { Knex } from 'knex';
import { listLocalStories } from '../stories/story-repository';
import type { Story } from '../stories/story';
import { stormChanges, type StormChange } from './ingest-storms';
import { listActiveAlerts, listStorms, type Storm, type StormAlert } from './storm-repository';

/**
 * Everything the Storm Centre shows, from the storms tables: active storms with their tracks,
 * the alerts in force, and, island by island, its watches and warnings, what changed since the
 * previous advisory, and the local stories about it.
 */
export type TrackPoint = { lat: number; lng: number; at: string };
export type StormWithTrack = Storm & { track: TrackPoint[] };
/**
 * One change since the previous advisory: its kind and values, for a page to word in its reader's
 * language, and `text`, the English wording (the CLI and API readers).
 */
export type ImpactChange = {
  kind: 'category' | 'windSpeed' | 'classification' | 'threatLevel' | 'movement' | 'pressure' | 'alertIssued' | 'alertEnded';
  storm?: string;
  from?: string | number | null;
  to?: string | number | null;
  hazard?: string;
  alertType?: StormAlert['type'];
  area?: string;
  text: string;
};
export type IslandImpact = { region: string; alerts: StormAlert[]; changes: ImpactChange[]; stories: Story[] };
export type StormCentre = { storms: StormWithTrack[]; alerts: StormAlert[]; impact: IslandImpact[]; lastAdvisoryAt: string | null };

const STORM_WORDS = ['hurricane', 'tropical storm', 'storm', 'cyclone', 'flood', 'shelter', 'evacuation'];

export async function getStormCentre(db: Knex, now: Date): Promise<StormCentre> {
  const storms = await listStorms(db);
  const alerts = await listActiveAlerts(db, now, { limit: 200 });
  const tracks = await stormTracks(
    db,
    storms.map((s) => s.id),
  );
  const withTracks = storms.map((s) => ({ ...s, track: tracks.get(s.id) ?? [{ ...s.location, at: s.lastUpdate }] }));

  const changesByStorm = new Map<string, ImpactChange[]>();
  for (const storm of storms) changesByStorm.set(storm.id, impactChanges(storm, (await stormChanges(db, storm.id)).changes));
  const endedAlerts = await recentlyEndedAlerts(db, storms, now);

  const regions = [...new Set([...alerts.map((a) => a.region), ...endedAlerts.map((a) => a.region)])];
  const impact: IslandImpact[] = [];
  for (const region of regions) {
    const inForce = alerts.filter((a) => a.region === region);
    const stormIds = new Set([...inForce, ...endedAlerts.filter((a) => a.region === region)].map((a) => a.stormId));
    const changes: ImpactChange[] = [
      ...[...stormIds].flatMap((id) => changesByStorm.get(id) ?? []),
      ...inForce
        .filter((a) => isNewWithLatestAdvisory(a, storms))
        .map((a) => ({
          kind: 'alertIssued' as const,
          hazard: a.hazard,
          alertType: a.type,
          area: a.area,
          text: `${titleCase(a.hazard)} ${a.type} issued for ${a.area}.`,
        })),
      ...endedAlerts
        .filter((a) => a.region === region)
        .map((a) => ({
          kind: 'alertEnded' as const,
          hazard: a.hazard,
          alertType: a.type,
          area: a.area,
          text: `${titleCase(a.hazard)} ${a.type} for ${a.area} discontinued.`,
        })),
    ];
    const names = storms.filter((s) => stormIds.has(s.id)).map((s) => s.name);
    impact.push({ region, alerts: inForce, changes, stories: await listLocalStories(db, { place: region, words: [...names, ...STORM_WORDS], limit: 5 }) });
  }
  const lastAdvisoryAt = storms.reduce<string | null>((latest, s) => (!latest || s.lastUpdate > latest ? s.lastUpdate : latest), null);
  return { storms: withTracks, alerts, impact, lastAdvisoryAt };
}

async function stormTracks(db: Knex, ids: readonly string[]): Promise<Map<string, TrackPoint[]>> {
  const tracks = new Map<string, TrackPoint[]>();
  if (ids.length === 0) return tracks;
  const rows = await db('storm_advisories')
    .select('storm_id', 'issued_at', 'snapshot')
    .whereIn('storm_id', ids)
    .orderBy('issued_at', 'asc')
    .orderBy('id', 'asc');
  for (const row of rows as { storm_id: string; issued_at: Date | string; snapshot: unknown }[]) {
    const snapshot = (typeof row.snapshot === 'string' ? JSON.parse(row.snapshot) : row.snapshot) as { location: { lat: number; lng: number } };
    const list = tracks.get(row.storm_id) ?? [];
    list.push({ ...snapshot.location, at: new Date(row.issued_at).toISOString() });
    tracks.set(row.storm_id, list);
  }
  return tracks;
}

/** Alerts that a storm's latest advisory dropped (they expired at its issue time). */
async function recentlyEndedAlerts(db: Knex, storms: readonly Storm[], now: Date): Promise<StormAlert[]> {
  const ended: StormAlert[] = [];
  for (const storm of storms) {
    const rows = await db('storm_alerts')
      .select('*')
      .where('storm_id', storm.id)
      .where('expires_at', '=', storm.lastUpdate)
      .where('expires_at', '<=', now.toISOString());
    for (const r of rows)
      ended.push({
        id: String(r.id),
        stormId: storm.id,
        type: r.type,
        hazard: r.hazard,
        region: r.region,
        area: r.area,
        message: r.message,
        severity: r.severity,
        advisoryNumber: r.advisory_number,
        issuedAt: new Date(r.issued_at).toISOString(),
        expiresAt: new Date(r.expires_at).toISOString(),
      });
  }
  return ended;
}

function isNewWithLatestAdvisory(alert: StormAlert, storms: readonly Storm[]): boolean {
  const storm = storms.find((s) => s.id === alert.stormId);
  return Boolean(storm?.advisoryNumber && alert.advisoryNumber === storm.advisoryNumber && alert.issuedAt === storm.lastUpdate);
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The changes of one storm as ImpactChange values (its English wording in `text`). */
export function impactChanges(storm: Pick<Storm, 'name'>, changes: readonly StormChange[]): ImpactChange[] {
  const texts = describeChanges(storm, changes);
  const described = changes.filter((c) => ['category', 'windSpeed', 'classification', 'threatLevel', 'movement', 'pressure'].includes(c.field));
  return described.map((c, i) => ({ kind: c.field as ImpactChange['kind'], storm: storm.name, from: scalar(c.from), to: scalar(c.to), text: texts[i]! }));
}

function scalar(value: unknown): string | number | null {
  return typeof value === 'number' || typeof value === 'string' ? value : value === null || value === undefined ? null : JSON.stringify(value);
}

export function describeChanges(storm: Pick<Storm, 'name'>, changes: readonly StormChange[]): string[] {
  const out: string[] = [];
  for (const c of changes) {
    switch (c.field) {
      case 'category':
        if (Number(c.from) === 0) out.push(`${storm.name} became a category ${c.to} hurricane.`);
        else if (Number(c.to) === 0) out.push(`${storm.name} weakened below hurricane strength (was category ${c.from}).`);
        else out.push(`${storm.name} ${Number(c.to) > Number(c.from) ? 'strengthened' : 'weakened'} from category ${c.from} to ${c.to}.`);
        break;
      case 'windSpeed':
        out.push(`${storm.name}'s winds ${Number(c.to) > Number(c.from) ? 'rose' : 'fell'} from ${c.from} to ${c.to} mph.`);
        break;
      case 'classification':
        out.push(`${storm.name} is now a ${classificationName(String(c.to))} (was a ${classificationName(String(c.from))}).`);
        break;
      case 'threatLevel':
        out.push(`Threat level changed from ${c.from} to ${c.to}.`);
        break;
      case 'movement':
        out.push(`${storm.name} is now moving ${c.to} (was ${c.from}).`);
        break;
      case 'pressure':
        out.push(`Central pressure ${Number(c.to) < Number(c.from) ? 'fell' : 'rose'} from ${c.from} to ${c.to} mb.`);
        break;
      default:
        break;
    }
  }
  return out;
}

/** NHC classification codes in words. */
export function classificationName(code: string): string {
  const names: Record<string, string> = {
    HU: 'hurricane',
    TS: 'tropical storm',
    TD: 'tropical depression',
    STS: 'subtropical storm',
    SD: 'subtropical depression',
    PTC: 'potential tropical cyclone',
    PC: 'post-tropical cyclone',
    EX: 'extratropical cyclone',
    TY: 'typhoon',
    LO: 'low',
  };
  return names[code.toUpperCase()] ?? code;
}
