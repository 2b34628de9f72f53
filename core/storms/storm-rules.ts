import { REGION_COORDINATES, VISIBLE_REGIONS } from '../stories/regions';

/**
 * Rules that turn NHC's numbers into the spec's Storm and Storm alert shapes. Pure, table-tested.
 */

export type StormStatus = 'active' | 'developing';
export type ThreatLevel = 'high' | 'moderate' | 'low';

/** NHC gives intensity in knots and rounds miles per hour to the nearest 5 in its advisories. */
export function knotsToMph(knots: number): number {
  return Math.round((knots * 1.15078) / 5) * 5;
}

/** Saffir–Simpson hurricane wind scale, on one-minute sustained wind in knots (NHC's thresholds). */
export function saffirSimpsonCategory(knots: number): 0 | 1 | 2 | 3 | 4 | 5 {
  if (knots >= 137) return 5;
  if (knots >= 113) return 4;
  if (knots >= 96) return 3;
  if (knots >= 83) return 2;
  if (knots >= 64) return 1;
  return 0;
}

const HURRICANE_CLASSES = new Set(['HU', 'MH', 'TY', 'STY']);

/** Category 1–5 for hurricanes by wind; 0 for depressions, storms and anything not a hurricane. */
export function stormCategory(classification: string, knots: number): number {
  return HURRICANE_CLASSES.has(classification.toUpperCase()) ? Math.max(1, saffirSimpsonCategory(knots)) : 0;
}

/**
 * "developing" for systems not yet a storm: tropical and subtropical depressions, and potential
 * tropical cyclones (advisories issued before a system forms). Named storms, hurricanes and
 * post-tropical cyclones still carrying advisories are "active".
 */
export function stormStatus(classification: string, name: string): StormStatus {
  const c = classification.toUpperCase();
  if (c === 'TD' || c === 'STD' || c === 'PC') return 'developing';
  if (c === 'PTC' && /potential/i.test(name)) return 'developing';
  return 'active';
}

const CLASS_LABELS: Record<string, string> = {
  HU: 'Hurricane',
  MH: 'Major Hurricane',
  TS: 'Tropical Storm',
  TD: 'Tropical Depression',
  STS: 'Subtropical Storm',
  STD: 'Subtropical Depression',
  PTC: 'Post-Tropical Cyclone',
  PC: 'Potential Tropical Cyclone',
};

export function classificationLabel(classification: string): string {
  return CLASS_LABELS[classification.toUpperCase()] ?? classification;
}

/** NHC's RSS summary gives the type in words ("HURRICANE", "Tropical Storm"): back to the code. */
export function classificationFromType(type: string): string {
  const t = type.trim().toLowerCase();
  if (t.includes('potential')) return 'PC';
  if (t.includes('post-tropical') || t.includes('post tropical')) return 'PTC';
  if (t.includes('subtropical') && t.includes('storm')) return 'STS';
  if (t.includes('subtropical') && t.includes('depression')) return 'STD';
  if (t.includes('hurricane')) return 'HU';
  if (t.includes('storm')) return 'TS';
  if (t.includes('depression')) return 'TD';
  return type.trim().toUpperCase().slice(0, 10);
}

export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The nearest of the region coordinates the site uses (core/stories/regions.ts). The generic
 * "Caribbean" point lies in open sea, so it is not a place a storm can threaten and is skipped.
 */
export function nearestRegion(position: { lat: number; lng: number }): { region: string; distanceKm: number } {
  let best = { region: 'Caribbean', distanceKm: Number.POSITIVE_INFINITY };
  for (const [region, coords] of Object.entries(REGION_COORDINATES)) {
    if (region === 'Caribbean') continue;
    const distanceKm = haversineKm(position, coords);
    if (distanceKm < best.distanceKm) best = { region, distanceKm };
  }
  return { region: best.region, distanceKm: Math.round(best.distanceKm) };
}

export const HIGH_THREAT_KM = 500;
export const MODERATE_THREAT_KM = 1_500;

/**
 * Threat by distance from the nearest Caribbean region: high within 500 km (750 km for a major
 * hurricane, whose wind field is wider), moderate within 1,500 km (a few days' travel at typical
 * speeds), low beyond. The spec's sample shows high and moderate; low is the far-away case its
 * badge styles already provide for.
 */
export function threatLevel(distanceKm: number, category: number): ThreatLevel {
  if (distanceKm <= (category >= 3 ? 750 : HIGH_THREAT_KM)) return 'high';
  if (distanceKm <= MODERATE_THREAT_KM) return 'moderate';
  return 'low';
}

const COMPASS = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];

export function compassPoint(degrees: number): string {
  return COMPASS[Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16]!;
}

export function movementText(directionDegrees: number | null, speedMph: number | null): string | null {
  if (directionDegrees === null || speedMph === null) return null;
  if (speedMph <= 1) return 'Stationary';
  return `${compassPoint(directionDegrees)} at ${Math.round(speedMph)} mph`;
}

/**
 * The site region an alert area names, else the area itself. The first region named wins ("The
 * southern coast of Haiti from the border with the Dominican Republic…" is Haiti); at one position
 * the longer name wins (Dominican Republic over Dominica).
 */
export function alertRegion(area: string): string {
  const lower = area.toLowerCase();
  let best: { name: string; at: number } | null = null;
  for (const name of VISIBLE_REGIONS) {
    const at = lower.indexOf(name.toLowerCase());
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && name.length > best.name.length)) best = { name, at };
  }
  return best?.name ?? area;
}
