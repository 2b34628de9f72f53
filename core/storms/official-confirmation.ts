import type { Knex } from 'knex';
import { foldText } from '../nlp/text-key';
import { NHC } from './storm-updates';
import { listActiveAlerts, type StormAlert } from './storm-repository';

/**
 * An advisory of the hurricane centre is an independent, official source for what it states: the
 * watches and warnings in force. A report linked to a storm that states one of them (a watch or warning
 * of the advisory's kind for a country the advisory names) is confirmed by it, so one outlet and the
 * advisory are two sources for that fact (issue: official sources count).
 */

export type OfficialConfirmation = { source: string; advisoryNumber: string | null; fact: string; alert: StormAlert };

/**
 * Whether an alert says enough to confirm anything: its kind, its hazard and its country. An advisory
 * read in part leaves alerts without them, and an empty country is contained in every text: such an
 * alert must not count as support.
 */
function isComplete(a: StormAlert | null | undefined): a is StormAlert {
  if (!a || typeof a !== 'object') return false;
  if (a.type !== 'watch' && a.type !== 'warning') return false;
  return [a.hazard, a.region].every((v) => typeof v === 'string' && foldText(v).trim() !== '');
}

/** The first alert in force at `at` whose kind and country the text states ("hurricane watch … Jamaica"). */
export function confirmingAlert(text: string, alerts: readonly StormAlert[]): StormAlert | null {
  const t = foldText(text ?? '');
  for (const a of alerts) {
    if (!isComplete(a)) continue;
    const kind = new RegExp(`\\b${foldText(a.hazard)}s? ${a.type}(es|s)?\\b`).test(t) || new RegExp(`\\b${a.type}(es|s)?\\b`).test(t);
    if (kind && t.includes(foldText(a.region))) return a;
  }
  return null;
}

export async function officialConfirmation(
  db: Knex,
  story: { storm_id?: string | null; title: string; summary: string },
  reports: readonly { title: string; summary: string }[],
  at: Date,
): Promise<OfficialConfirmation | null> {
  if (!story.storm_id) return null;
  const alerts = await listActiveAlerts(db, at, { stormId: story.storm_id });
  if (alerts.length === 0) return null;
  const text = [story.title, story.summary, ...reports.map((r) => `${r.title}. ${r.summary}`)].join('\n');
  const alert = confirmingAlert(text, alerts);
  return alert ? { source: NHC, advisoryNumber: alert.advisoryNumber, fact: `${alert.hazard} ${alert.type} for ${alert.region}`, alert } : null;
}
