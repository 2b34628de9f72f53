import type { Knex } from 'knex';

/**
 * All SQL about storms, their advisories and alerts. Rows map to the spec's shapes here:
 * Storm { id, name, category, location {lat, lng}, windSpeed (mph), pressure, movement, status,
 * threatLevel } and Storm alert { id, type, region, message, severity, issuedAt, expiresAt }.
 */

export type Storm = {
  id: string;
  name: string;
  classification: string;
  category: number;
  location: { lat: number; lng: number };
  windSpeed: number;
  windSpeedKt: number;
  pressure: number | null;
  movement: string | null;
  status: 'active' | 'developing' | 'inactive';
  threatLevel: 'high' | 'moderate' | 'low';
  nearestRegion: string | null;
  nearestDistanceKm: number | null;
  advisoryNumber: string | null;
  advisoryUrl: string | null;
  headline: string | null;
  lastUpdate: string;
  source: string;
};

export type StormAlert = {
  id: string;
  stormId: string;
  type: 'warning' | 'watch';
  hazard: string;
  region: string;
  area: string;
  message: string;
  severity: 'extreme' | 'moderate';
  advisoryNumber: string | null;
  issuedAt: string;
  expiresAt: string;
};

export type StormSnapshot = {
  name: string;
  classification: string;
  category: number;
  windSpeed: number;
  pressure: number | null;
  location: { lat: number; lng: number };
  movement: string | null;
  threatLevel: Storm['threatLevel'];
  advisoryNumber: string | null;
  lastUpdate: string;
};

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export function rowToStorm(row: Record<string, unknown>): Storm {
  return {
    id: String(row.id),
    name: String(row.name),
    classification: String(row.classification),
    category: Number(row.category),
    location: { lat: Number(row.lat), lng: Number(row.lng) },
    windSpeed: Number(row.wind_speed_mph),
    windSpeedKt: Number(row.wind_speed_kt),
    pressure: row.pressure_mb === null ? null : Number(row.pressure_mb),
    movement: (row.movement as string | null) ?? null,
    status: row.status as Storm['status'],
    threatLevel: row.threat_level as Storm['threatLevel'],
    nearestRegion: (row.nearest_region as string | null) ?? null,
    nearestDistanceKm: row.nearest_distance_km === null ? null : Number(row.nearest_distance_km),
    advisoryNumber: (row.advisory_number as string | null) ?? null,
    advisoryUrl: (row.advisory_url as string | null) ?? null,
    headline: (row.headline as string | null) ?? null,
    lastUpdate: iso(row.last_update_at),
    source: String(row.source),
  };
}

function rowToAlert(row: Record<string, unknown>): StormAlert {
  return {
    id: String(row.id),
    stormId: String(row.storm_id),
    type: row.type as StormAlert['type'],
    hazard: String(row.hazard),
    region: String(row.region),
    area: String(row.area),
    message: String(row.message),
    severity: row.severity as StormAlert['severity'],
    advisoryNumber: (row.advisory_number as string | null) ?? null,
    issuedAt: iso(row.issued_at),
    expiresAt: iso(row.expires_at),
  };
}

export function snapshotOf(storm: Storm): StormSnapshot {
  return {
    name: storm.name,
    classification: storm.classification,
    category: storm.category,
    windSpeed: storm.windSpeed,
    pressure: storm.pressure,
    location: storm.location,
    movement: storm.movement,
    threatLevel: storm.threatLevel,
    advisoryNumber: storm.advisoryNumber,
    lastUpdate: storm.lastUpdate,
  };
}

export async function getStorm(db: Knex, id: string): Promise<Storm | null> {
  const row = await db('storms').where('id', id).first();
  return row ? rowToStorm(row) : null;
}

/** Inserts or replaces a storm's current state; the caller has checked the data is not older. */
export async function saveStorm(db: Knex, storm: Storm, now: Date): Promise<void> {
  const row = {
    id: storm.id,
    name: storm.name,
    classification: storm.classification,
    category: storm.category,
    lat: storm.location.lat,
    lng: storm.location.lng,
    wind_speed_mph: storm.windSpeed,
    wind_speed_kt: storm.windSpeedKt,
    pressure_mb: storm.pressure,
    movement: storm.movement,
    status: storm.status,
    threat_level: storm.threatLevel,
    nearest_region: storm.nearestRegion,
    nearest_distance_km: storm.nearestDistanceKm,
    advisory_number: storm.advisoryNumber,
    advisory_url: storm.advisoryUrl,
    headline: storm.headline,
    last_update_at: storm.lastUpdate,
    source: storm.source,
    updated_at: now.toISOString(),
  };
  await db('storms').insert(row).onConflict('id').merge();
}

/** Records an advisory snapshot once per (storm, advisory); returns true when it was new. */
export async function recordAdvisory(db: Knex, storm: Storm): Promise<boolean> {
  const key = storm.advisoryNumber ? `adv:${storm.advisoryNumber}` : `at:${storm.lastUpdate}`;
  const rows = await db('storm_advisories')
    .insert({
      storm_id: storm.id,
      advisory_key: key,
      advisory_number: storm.advisoryNumber,
      issued_at: storm.lastUpdate,
      snapshot: JSON.stringify(snapshotOf(storm)),
    })
    .onConflict(['storm_id', 'advisory_key'])
    .merge({ snapshot: JSON.stringify(snapshotOf(storm)), issued_at: storm.lastUpdate })
    .returning(db.raw('(xmax = 0) as inserted'));
  return Boolean((rows[0] as { inserted?: boolean } | undefined)?.inserted);
}

/** Storms not in an authoritative current list become inactive, and their alerts expire now. */
export async function deactivateStormsExcept(db: Knex, activeIds: readonly string[], now: Date): Promise<number> {
  const q = db('storms').update({ status: 'inactive', updated_at: now.toISOString() }).whereNot('status', 'inactive').returning('id');
  if (activeIds.length) q.whereNotIn('id', activeIds);
  const rows: { id: string }[] = await q;
  if (rows.length)
    await db('storm_alerts')
      .update({ expires_at: now.toISOString(), updated_at: now.toISOString() })
      .whereIn(
        'storm_id',
        rows.map((r) => r.id),
      )
      .where('expires_at', '>', now.toISOString());
  return rows.length;
}

export type AlertInput = Omit<StormAlert, 'id'>;

/**
 * Applies one public advisory's alerts: each is inserted or renewed, and the storm's alerts that
 * this advisory no longer lists expire at its issue time. Returns counts.
 */
export async function applyAdvisoryAlerts(
  db: Knex,
  stormId: string,
  issuedAt: Date,
  alerts: readonly AlertInput[],
  now: Date,
): Promise<{ issued: number; expired: number }> {
  let issued = 0;
  const keep: string[] = [];
  for (const alert of alerts) {
    const [row] = await db('storm_alerts')
      .insert({
        storm_id: stormId,
        type: alert.type,
        hazard: alert.hazard,
        region: alert.region,
        area: alert.area,
        message: alert.message,
        severity: alert.severity,
        advisory_number: alert.advisoryNumber,
        issued_at: alert.issuedAt,
        expires_at: alert.expiresAt,
      })
      .onConflict(['storm_id', 'hazard', 'type', 'area'])
      .merge({
        region: alert.region,
        message: alert.message,
        severity: alert.severity,
        advisory_number: alert.advisoryNumber,
        issued_at: alert.issuedAt,
        expires_at: alert.expiresAt,
        updated_at: now.toISOString(),
      })
      .returning('id');
    keep.push(String(row.id));
    issued++;
  }
  const expire = db('storm_alerts')
    .update({ expires_at: issuedAt.toISOString(), updated_at: now.toISOString() })
    .where('storm_id', stormId)
    .where('expires_at', '>', issuedAt.toISOString())
    .where('issued_at', '<', issuedAt.toISOString());
  if (keep.length) expire.whereNotIn('id', keep);
  const expired = Number(await expire);
  return { issued, expired };
}

export async function latestAlertIssue(db: Knex, stormId: string): Promise<Date | null> {
  const row = await db('storm_alerts').max({ at: 'issued_at' }).where('storm_id', stormId).first();
  return row?.at ? new Date(row.at as string) : null;
}

export async function listStorms(db: Knex, options: { includeInactive?: boolean } = {}): Promise<Storm[]> {
  const q = db('storms').select('*').orderByRaw(`case threat_level when 'high' then 0 when 'moderate' then 1 else 2 end`).orderBy('last_update_at', 'desc');
  if (!options.includeInactive) q.whereNot('status', 'inactive');
  return (await q).map(rowToStorm);
}

/** Alerts in force at `now` (issued, not yet expired), most severe and newest first. */
export async function listActiveAlerts(db: Knex, now: Date, options: { stormId?: string; limit?: number } = {}): Promise<StormAlert[]> {
  const q = db('storm_alerts')
    .select('*')
    .where('expires_at', '>', now.toISOString())
    .where('issued_at', '<=', now.toISOString())
    .orderByRaw(`case severity when 'extreme' then 0 else 1 end`)
    .orderBy([{ column: 'type', order: 'asc' }])
    .orderByRaw(`case hazard when 'Hurricane' then 0 when 'Storm Surge' then 1 else 2 end`)
    .orderBy([{ column: 'issued_at', order: 'desc' }, { column: 'region' }])
    .limit(Math.min(500, options.limit ?? 200));
  if (options.stormId) q.where('storm_id', options.stormId);
  return (await q).map(rowToAlert);
}

/** The two latest advisories of a storm, newest first (for "what changed since the previous advisory"). */
export async function latestAdvisories(db: Knex, stormId: string): Promise<StormSnapshot[]> {
  const rows = await db('storm_advisories').select('snapshot').where('storm_id', stormId).orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(2);
  return rows.map((r: { snapshot: unknown }) => (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as StormSnapshot);
}
