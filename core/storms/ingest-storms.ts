import type { Knex } from 'knex';
import { publishStormUpdates } from './storm-updates';
import type { Logger } from '../logger';
import { isCurrentStormsJson, parseAdvisoryRss, parseCurrentStorms, type AdvisoryAlert, type PublicAdvisory, type StormObservation } from './nhc-products';
import { alertRegion, classificationLabel, knotsToMph, movementText, nearestRegion, stormCategory, stormStatus, threatLevel } from './storm-rules';
import {
  applyAdvisoryAlerts,
  deactivateStormsExcept,
  getStorm,
  latestAdvisories,
  latestAlertIssue,
  recordAdvisory,
  saveStorm,
  type AlertInput,
  type Storm,
  type StormSnapshot,
} from './storm-repository';

/**
 * Reads NHC products into storms, advisories and alerts. Only Atlantic-basin systems are kept (the
 * Caribbean is in it). An older product never overwrites newer data, so re-reading a file or a
 * late mirror is harmless. CurrentStorms.json is the authoritative list of what is active: a storm
 * missing from it becomes inactive and its alerts expire.
 */

/** NHC issues a complete public advisory every 6 h; an alert not renewed within 7 h has lapsed. */
export const ALERT_LIFETIME_MS = 7 * 3_600_000;

export type StormDocument = { label: string; text: string };
export type StormIngestResult = {
  documents: number;
  storms: number;
  newAdvisories: number;
  alertsIssued: number;
  alertsExpired: number;
  deactivated: number;
  /** Storm updates published or refreshed from the advisories (core/storms/storm-updates.ts). */
  stormUpdates: number;
  skipped: string[];
};

export function toStorm(observation: StormObservation, source: string, previous?: Storm | null): Storm {
  const windSpeed = knotsToMph(observation.windKt);
  const category = stormCategory(observation.classification, observation.windKt);
  const nearest = nearestRegion({ lat: observation.lat, lng: observation.lng });
  return {
    id: observation.id,
    name: observation.name,
    classification: observation.classification,
    category,
    location: { lat: observation.lat, lng: observation.lng },
    windSpeed,
    windSpeedKt: observation.windKt,
    pressure: observation.pressureMb,
    movement: observation.movement ?? movementText(observation.movementDir, observation.movementSpeedMph),
    status: stormStatus(observation.classification, observation.name),
    threatLevel: threatLevel(nearest.distanceKm, category),
    nearestRegion: nearest.region,
    nearestDistanceKm: nearest.distanceKm,
    advisoryNumber: observation.advisoryNumber ?? previous?.advisoryNumber ?? null,
    advisoryUrl: observation.advisoryUrl ?? previous?.advisoryUrl ?? null,
    headline: observation.headline ?? previous?.headline ?? null,
    lastUpdate: observation.lastUpdate.toISOString(),
    source,
  };
}

export function alertMessage(
  alert: AdvisoryAlert,
  storm: Pick<Storm, 'name' | 'classification' | 'windSpeed' | 'movement'> | null,
  stormName: string | null,
  advisoryNumber: string | null,
): string {
  const area = alert.area.replace(/^The /, 'the ');
  const what = `${alert.hazard} ${alert.type === 'warning' ? 'Warning' : 'Watch'} in effect for ${area}.`;
  const name = storm ? `${classificationLabel(storm.classification)} ${storm.name}` : (stormName ?? 'The storm');
  const facts = storm ? ` maximum sustained winds ${storm.windSpeed} mph${storm.movement ? `, moving ${storm.movement}` : ''}.` : '';
  const meaning =
    alert.type === 'warning'
      ? ` ${alert.hazard === 'Storm Surge' ? 'Life-threatening storm surge' : `${alert.hazard} conditions`} expected within 36 hours.`
      : ` ${alert.hazard === 'Storm Surge' ? 'Life-threatening storm surge' : `${alert.hazard} conditions`} possible within 48 hours.`;
  return `${what}${meaning} ${name}${advisoryNumber ? `, advisory ${advisoryNumber}` : ''}:${facts || ' see the latest advisory.'}`.replace(/\s+/g, ' ').trim();
}

export function alertsFromAdvisory(advisory: PublicAdvisory, storm: Storm | null): AlertInput[] {
  const expiresAt = new Date(advisory.issuedAt.getTime() + ALERT_LIFETIME_MS).toISOString();
  return advisory.alerts.map((alert) => ({
    stormId: storm?.id ?? advisory.stormId ?? '',
    type: alert.type,
    hazard: alert.hazard,
    region: alertRegion(alert.area),
    area: alert.area,
    message: alertMessage(alert, storm, advisory.stormName, advisory.advisoryNumber),
    // Hurricane and storm-surge warnings threaten life within a day and a half; the rest is a call to prepare.
    severity: alert.type === 'warning' && alert.hazard !== 'Tropical Storm' ? 'extreme' : 'moderate',
    advisoryNumber: advisory.advisoryNumber,
    issuedAt: advisory.issuedAt.toISOString(),
    expiresAt,
  }));
}

/** Moves every timestamp by one offset so the newest is `now` (the demo's fixtures stay current). */
export function shiftStormProducts(parsed: { storms: StormObservation[]; advisories: PublicAdvisory[] }[], now: Date): number {
  const times = parsed.flatMap((p) => [...p.storms.map((s) => s.lastUpdate.getTime()), ...p.advisories.map((a) => a.issuedAt.getTime())]);
  if (times.length === 0) return 0;
  const offset = now.getTime() - Math.max(...times);
  for (const p of parsed) {
    for (const s of p.storms) s.lastUpdate = new Date(s.lastUpdate.getTime() + offset);
    for (const a of p.advisories) a.issuedAt = new Date(a.issuedAt.getTime() + offset);
  }
  return offset;
}

export async function ingestStormDocuments(
  db: Knex,
  deps: { clock: () => Date; logger: Logger },
  documents: readonly StormDocument[],
  /** publishUpdates: write the storm updates (the CLI and the demo do; tests of the products alone leave them out). */
  options: { shiftDatesToNow?: boolean; publishUpdates?: boolean } = {},
): Promise<StormIngestResult> {
  const result: StormIngestResult = {
    documents: documents.length,
    storms: 0,
    newAdvisories: 0,
    alertsIssued: 0,
    alertsExpired: 0,
    deactivated: 0,
    stormUpdates: 0,
    skipped: [],
  };
  const parsed: { label: string; kind: 'current' | 'rss'; storms: StormObservation[]; advisories: PublicAdvisory[] }[] = [];
  for (const doc of documents) {
    try {
      if (isCurrentStormsJson(doc.text)) {
        const { storms, rejected } = parseCurrentStorms(doc.text);
        for (const r of rejected) result.skipped.push(`${doc.label}: ${r}`);
        parsed.push({ label: doc.label, kind: 'current', storms, advisories: [] });
      } else {
        parsed.push({ label: doc.label, kind: 'rss', ...(await parseAdvisoryRss(doc.text)) });
      }
    } catch (error) {
      result.skipped.push(`${doc.label}: ${(error as Error).message}`);
      deps.logger.warn({ document: doc.label, err: (error as Error).message }, 'storm document skipped');
    }
  }
  if (options.shiftDatesToNow) shiftStormProducts(parsed, deps.clock());
  // Documents apply in the order given (oldest first for a replay); within each, storm summaries
  // come before advisories, and anything older than what is stored is ignored.

  await db.transaction(async (trx) => {
    const now = deps.clock();
    for (const doc of parsed) {
      const atlantic = doc.storms.filter((s) => s.basin === 'atlantic');
      for (const observation of atlantic) {
        const existing = await getStorm(trx, observation.id);
        if (existing && new Date(existing.lastUpdate).getTime() > observation.lastUpdate.getTime()) continue;
        // The RSS summary of the advisory CurrentStorms.json already gave adds its headline, not its rounder numbers.
        const sameAdvisory = existing && new Date(existing.lastUpdate).getTime() === observation.lastUpdate.getTime() && observation.windFromMph;
        const storm = sameAdvisory
          ? { ...existing, headline: observation.headline ?? existing.headline, advisoryUrl: existing.advisoryUrl ?? observation.advisoryUrl }
          : toStorm(observation, doc.label, existing);
        await saveStorm(trx, storm, now);
        if (await recordAdvisory(trx, storm)) result.newAdvisories++;
        result.storms++;
      }
      if (doc.kind === 'current')
        result.deactivated += await deactivateStormsExcept(
          trx,
          atlantic.map((s) => s.id),
          now,
        );
      for (const advisory of doc.advisories) {
        const storm = advisory.stormId ? await getStorm(trx, advisory.stormId) : null;
        if (!storm) {
          result.skipped.push(
            `${doc.label}: advisory ${advisory.advisoryNumber ?? '?'} for ${advisory.stormId ?? advisory.stormName ?? 'an unknown storm'} has no matching storm summary`,
          );
          continue;
        }
        // An advisory whose watches-and-warnings section we could not read must not cancel alerts.
        if (advisory.alerts.length === 0 && !advisory.noneInEffect) continue;
        const newestAlert = await latestAlertIssue(trx, storm.id);
        if (newestAlert && newestAlert.getTime() > advisory.issuedAt.getTime()) continue;
        const counts = await applyAdvisoryAlerts(trx, storm.id, advisory.issuedAt, alertsFromAdvisory(advisory, storm), now);
        result.alertsIssued += counts.issued;
        result.alertsExpired += counts.expired;
      }
    }
  });
  // With watches or warnings in force, the storm is covered at once: an update written from the advisory.
  if (options.publishUpdates) result.stormUpdates = await publishStormUpdates(db, deps.clock());
  return result;
}

export type StormChange = { field: keyof StormSnapshot; from: unknown; to: unknown };

/** What changed between a storm's previous advisory and its latest one (empty when only one is known). */
export async function stormChanges(db: Knex, stormId: string): Promise<{ previous: StormSnapshot | null; changes: StormChange[] }> {
  const [latest, previous] = await latestAdvisories(db, stormId);
  if (!latest || !previous) return { previous: null, changes: [] };
  const fields: (keyof StormSnapshot)[] = ['classification', 'category', 'windSpeed', 'pressure', 'movement', 'threatLevel', 'location', 'name'];
  const changes = fields.filter((f) => JSON.stringify(latest[f]) !== JSON.stringify(previous[f])).map((f) => ({ field: f, from: previous[f], to: latest[f] }));
  return { previous, changes };
}
