import type { Knex } from 'knex';
import { query, sql } from '../db/sql';
import { REGION_COORDINATES, VISIBLE_REGIONS } from '../stories/regions';
import type { StormContext, ThreatAlert, ThreateningStorm } from '../stories/storm-news';
import { haversineKm } from './storm-rules';

/**
 * Which storms threaten the countries the site covers, read in one query (storms not inactive,
 * with their watches and warnings in force). The home page leads with them and ranks their
 * stories first; BREAKING follows them (core/stories/storm-news.ts).
 */

/** An advisory older than this means the feed has stopped: the storm no longer drives the home page. */
export const STALE_ADVISORY_HOURS = 12;

/** Places that name the whole region, not a country a storm can threaten. */
const GENERIC_REGIONS = new Set(['Caribbean', 'West Indies']);
export const COVERED_COUNTRIES: readonly string[] = VISIBLE_REGIONS.filter((r) => !GENERIC_REGIONS.has(r));

/** Country centres for the covered islands the map table (core/stories/regions.ts) does not hold. */
const MORE_COUNTRY_POINTS: Readonly<Record<string, { lat: number; lng: number }>> = {
  'Antigua and Barbuda': { lat: 17.0608, lng: -61.7964 },
  'Saint Lucia': { lat: 13.9094, lng: -60.9789 },
  Grenada: { lat: 12.1165, lng: -61.679 },
  'Saint Vincent and the Grenadines': { lat: 13.2528, lng: -61.1971 },
  Dominica: { lat: 15.415, lng: -61.371 },
  'Saint Kitts and Nevis': { lat: 17.3578, lng: -62.783 },
};

export function countryPoint(country: string): { lat: number; lng: number } | null {
  if (MORE_COUNTRY_POINTS[country]) return MORE_COUNTRY_POINTS[country]!;
  const key = Object.keys(REGION_COORDINATES).find((name) => name !== 'Caribbean' && country.toLowerCase().includes(name.toLowerCase()));
  return key ? REGION_COORDINATES[key]! : null;
}

export function isCoveredCountry(region: string): boolean {
  return COVERED_COUNTRIES.includes(region);
}

const TYPE_ORDER = { warning: 0, watch: 1 } as const;
const HAZARD_ORDER: Record<string, number> = { Hurricane: 0, 'Storm Surge': 1, 'Tropical Storm': 2 };

type StormRow = {
  id: string;
  name: string;
  classification: string;
  category: number;
  lat: number;
  lng: number;
  wind_speed_mph: number;
  threat_level: ThreateningStorm['threatLevel'];
  nearest_region: string | null;
  nearest_distance_km: number | null;
  advisory_number: string | null;
  last_update_at: Date | string;
  alerts: ThreatAlert[] | string;
};

/**
 * A storm threatens when a watch or warning is in force for a covered country, or when NHC's
 * position puts it at high threat to one (core/storms/storm-rules.ts threatLevel).
 */
export function toThreateningStorm(row: StormRow): ThreateningStorm | null {
  const raw = (typeof row.alerts === 'string' ? JSON.parse(row.alerts) : row.alerts) as ThreatAlert[];
  const alerts = raw
    .filter((a) => isCoveredCountry(a.region))
    .sort(
      (a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || (HAZARD_ORDER[a.hazard] ?? 9) - (HAZARD_ORDER[b.hazard] ?? 9) || a.region.localeCompare(b.region),
    );
  const unique = alerts.filter((a, i) => alerts.findIndex((b) => b.type === a.type && b.hazard === a.hazard && b.region === a.region) === i);
  const regions = [...new Set(unique.map((a) => a.region))];
  const highByDistance = row.threat_level === 'high' && row.nearest_region !== null && isCoveredCountry(row.nearest_region);
  if (regions.length === 0 && !highByDistance) return null;

  const location = { lat: Number(row.lat), lng: Number(row.lng) };
  let nearest: ThreateningStorm['nearest'] = null;
  for (const region of regions) {
    const point = countryPoint(region);
    if (!point) continue;
    const distanceKm = Math.round(haversineKm(location, point));
    if (!nearest || distanceKm < nearest.distanceKm) nearest = { region, distanceKm };
  }
  if (!nearest && row.nearest_region && row.nearest_distance_km !== null) nearest = { region: row.nearest_region, distanceKm: Number(row.nearest_distance_km) };

  return {
    id: row.id,
    name: row.name,
    classification: row.classification,
    category: Number(row.category),
    windSpeed: Number(row.wind_speed_mph),
    location,
    threatLevel: row.threat_level,
    advisoryNumber: row.advisory_number,
    advisoryAt: new Date(row.last_update_at).toISOString(),
    regions,
    alerts: unique,
    nearest,
  };
}

/** The threatening storms at `now`, nearest first. One query over the active storms and their alerts in force. */
export async function getStormContext(db: Knex, now: Date): Promise<StormContext> {
  const at = now.toISOString();
  const since = new Date(now.getTime() - STALE_ADVISORY_HOURS * 3_600_000).toISOString();
  const rows = await query<StormRow>(
    db,
    sql`
    select s.id, s.name, s.classification, s.category, s.lat, s.lng, s.wind_speed_mph, s.threat_level,
           s.nearest_region, s.nearest_distance_km, s.advisory_number, s.last_update_at,
           coalesce(json_agg(json_build_object('type', a.type, 'hazard', a.hazard, 'region', a.region)) filter (where a.id is not null), '[]') as alerts
      from storms s
      left join storm_alerts a on a.storm_id = s.id and a.issued_at <= ${at}::timestamptz and a.expires_at > ${at}::timestamptz
     where s.status <> 'inactive' and s.last_update_at > ${since}::timestamptz
     group by s.id
     order by s.last_update_at desc, s.id
     limit 10`,
  );
  const storms = rows.map(toThreateningStorm).filter((s): s is ThreateningStorm => s !== null);
  storms.sort((a, b) => (a.nearest?.distanceKm ?? Number.POSITIVE_INFINITY) - (b.nearest?.distanceKm ?? Number.POSITIVE_INFINITY) || a.id.localeCompare(b.id));
  return { storms };
}
