import type { Knex } from 'knex';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { mailAddress, type Mailer } from '../mail/mailer';
import { mailLanguage, readerAlertDescription as describeReaderAlert, readerStormAlertMail, readerStoryAlertMail } from '../mail/reader-mail-text';
import { classifySmtpError, nextAttemptAt } from '../newsletter/newsletters';
import { articlePath } from '../stories/article-address';
import { classificationLabel } from '../storms/storm-rules';
import {
  advanceCursor,
  claimAlertDelivery,
  claimAlertRetries,
  deleteUserAlert,
  finishAlertDelivery,
  findUserAlert,
  insertAlert,
  listAlertDeliveries,
  listDeliverableAlerts,
  listUserAlerts,
  markStaleAlertDeliveriesUncertain,
  readCursor,
  setAlertActive,
  storiesPublishedSince,
  stormAlertsChangedSince,
  type ActiveAlert,
  type Alert,
  type PublishedStoryRow,
  type StormAlertRow,
} from './alert-repository';
import {
  ALERT_REGION_LABELS,
  alertInputSchema,
  type AlertInput,
  stormAlertLevel,
  stormAlertMatches,
  storyLevel,
  storyMatches,
  type AlertLevel,
} from './alert-rules';
import { regionLabel, type Follows } from '../readers/follow-rules';
import { alertPlaces, readerStormAlertMatches, readerStoryAlertMatches, type ReaderAlertCriteria } from './reader-alert-rules';

/**
 * Personal alerts: each signed-in editor manages their own in the console, and each reader theirs on
 * the site (reader-alerts.ts: storms and stories about what they follow); dispatchAlerts e-mails the owner when
 * a storm advisory or a newly published story matches an active alert, once per alert and event
 * (the unique key on alert_deliveries), from `c360 storms ingest`, after pipeline runs that
 * publish, from the schedule and from the server's minute tick. Only e-mail is delivered: WhatsApp
 * and push are kept as preferences (no provider is configured in this build). A reader's alerts
 * deliver only once the owner's e-mail address is confirmed (accounts/email-confirmation.ts),
 * and then for events after the confirmation.
 */

export type Owner = { id: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = (id: string) => new C360Error('not_found', `No alert ${id.slice(0, 80)}.`);

/** The most console alerts one editor may have, as for readers (MAX_READER_ALERTS). */
export const MAX_CONSOLE_ALERTS = 20;
const ALERTS_LOCK = 360_020;

/**
 * Creates an editor's alert: refused when the same alert (region, level, storm types and channels,
 * in any order) already exists, or when the editor has MAX_CONSOLE_ALERTS (an editor could create
 * 180 identical ones, each a mail per event). Checked under a per-owner lock, so two requests at
 * once cannot both pass.
 */
export async function createAlert(db: Knex, input: { owner: Owner; alert: unknown; now: Date }): Promise<Alert> {
  const alert = alertInputSchema.parse(input.alert);
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [ALERTS_LOCK, input.owner.id]);
    const existing = await listUserAlerts(trx, input.owner.id);
    if (existing.some((a) => sameConsoleAlert(a, alert))) {
      throw new C360Error('conflict', 'You already have this alert.', { hint: 'Switch the existing one on or off instead, or change its settings.' });
    }
    if (existing.length >= MAX_CONSOLE_ALERTS) {
      throw new C360Error('conflict', `You have ${MAX_CONSOLE_ALERTS} alerts, the most an account may have. Remove one first.`);
    }
    return insertAlert(trx, input.owner.id, alert, input.now);
  });
}

function sameConsoleAlert(a: Alert, b: AlertInput): boolean {
  const sameSet = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v) => y.includes(v));
  return (
    a.region === b.region && a.alert_level === b.alert_level && sameSet(a.storm_types, b.storm_types) && sameSet(a.notification_methods, b.notification_methods)
  );
}

export function listAlerts(db: Knex, owner: Owner): Promise<Alert[]> {
  return listUserAlerts(db, owner.id);
}

export async function setAlertEnabled(db: Knex, input: { owner: Owner; id: string; active: boolean; now: Date }): Promise<Alert> {
  if (!UUID.test(input.id) || !(await setAlertActive(db, input.owner.id, input.id, input.active, input.now))) throw notFound(input.id);
  return (await findUserAlert(db, input.owner.id, input.id))!;
}

export async function deleteAlert(db: Knex, input: { owner: Owner; id: string }): Promise<void> {
  if (!UUID.test(input.id) || !(await deleteUserAlert(db, input.owner.id, input.id))) throw notFound(input.id);
}

export async function alertHistory(db: Knex, input: { owner: Owner; id: string }) {
  if (!UUID.test(input.id) || !(await findUserAlert(db, input.owner.id, input.id))) throw notFound(input.id);
  return listAlertDeliveries(db, input.owner.id, input.id);
}

export const DISPATCH_CURSOR = 'alerts-dispatch';
/** Events are looked at again this far back, so one committed just before the last run is not missed (the unique key stops repeats). */
export const CURSOR_OVERLAP_MS = 10 * 60_000;
/** On the very first run, how far back events count. */
export const FIRST_RUN_LOOKBACK_MS = 24 * 3_600_000;
const LEASE_MS = 5 * 60_000;

export type DispatchDeps = { db: Knex; mailer: Mailer; logger: Logger; clock: () => Date; origin: string };
export type DispatchResult = {
  skipped?: 'mail_unavailable' | 'no_alerts';
  since: string;
  stormEvents: number;
  storyEvents: number;
  matched: number;
  sent: number;
  failed: number;
  retried: number;
  uncertain: number;
};

type StormEvent = { key: string; storm: StormAlertRow; alerts: StormAlertRow[]; seenAt: string };

/** One event per storm advisory: its watches and warnings in force, grouped. */
function groupStormEvents(rows: readonly StormAlertRow[]): StormEvent[] {
  const events = new Map<string, StormEvent>();
  for (const row of rows) {
    const key = `storm:${row.storm_id}:${row.advisory_number ?? row.issued_at}`;
    const event = events.get(key) ?? { key, storm: row, alerts: [], seenAt: row.seen_at };
    event.alerts.push(row);
    if (row.seen_at > event.seenAt) event.seenAt = row.seen_at;
    events.set(key, event);
  }
  return [...events.values()];
}

const LEVEL_WORD: Record<AlertLevel, string> = { low: 'low', medium: 'medium', high: 'high', critical: 'critical' };

/** Where a reader manages their alerts on the site. */
export const READER_ALERTS_PATH = '/account#alerts';

function readerCriteria(alert: ActiveAlert): ReaderAlertCriteria {
  return {
    kind: alert.kind as 'storm' | 'story',
    scope: alert.scope ?? 'follows',
    place: alert.place,
    alert_level: alert.alert_level,
    follows: alert.follows as Follows,
  };
}

/** What a reader's alert is for, in the owner's language ("new stories about the islands you follow (Jamaica)"). */
function readerAlertDescription(alert: ActiveAlert): string {
  const criteria = readerCriteria(alert);
  return describeReaderAlert(mailLanguage(alert.language), {
    kind: criteria.kind,
    scope: alert.scope === 'region' ? 'region' : 'follows',
    alert_level: alert.alert_level,
    places: alertPlaces(criteria).map(regionLabel),
    topics: alert.follows.topics,
  });
}

/** A reader's alert e-mails are in the owner's language (reader-mail-text.ts); an editor's console alerts in English. */
function stormMessage(alert: ActiveAlert, event: StormEvent, matching: readonly StormAlertRow[], origin: string) {
  const s = event.storm;
  if (alert.kind !== 'console') {
    return readerStormAlertMail(mailLanguage(alert.language), {
      description: readerAlertDescription(alert),
      storm: {
        name: s.storm_name,
        classification: s.classification,
        category: s.category,
        windMph: s.wind_speed_mph,
        movement: s.movement,
        advisory: s.advisory_number,
      },
      matching: matching.map((m) => ({ hazard: m.hazard, type: m.type, region: m.region, area: m.area, message: m.message, level: stormAlertLevel(m) })),
      origin,
      managePath: READER_ALERTS_PATH,
    });
  }
  const name = `${classificationLabel(s.classification)} ${s.storm_name}`;
  const first = matching[0]!;
  const headline = `${first.hazard} ${first.type === 'warning' ? 'Warning' : 'Watch'} for ${first.region}`;
  const subject = `C360 alert: ${headline}${matching.length > 1 ? ` (+${matching.length - 1} more)` : ''}: ${name}${s.advisory_number ? `, advisory ${s.advisory_number}` : ''}`;
  const body = [
    `Your C360 alert for ${ALERT_REGION_LABELS[alert.region]} (${LEVEL_WORD[alert.alert_level]} level and above${alert.storm_types.length ? `, ${alert.storm_types.join(', ')}` : ''}) matches the latest National Hurricane Center advisory for ${name}.`,
    '',
    ...matching.flatMap((m) => [`${m.hazard.toUpperCase()} ${m.type.toUpperCase()}: ${m.area} (${stormAlertLevel(m)})`, `  ${m.message}`, '']),
    `${name}: maximum sustained winds ${s.wind_speed_mph} mph${s.category > 0 ? `, category ${s.category}` : ''}${s.movement ? `, moving ${s.movement}` : ''}.`,
    '',
    `Storm centre (map and every alert in force): ${origin}/storm-centre`,
    `Follow your local meteorological service and disaster office for instructions.`,
    '',
    `Manage your alerts: ${origin}/dashboard/alerts`,
  ].join('\n');
  return { subject: subject.slice(0, 250), body };
}

function storyMessage(alert: ActiveAlert, story: PublishedStoryRow, origin: string) {
  const path = articlePath({ id: story.id, slug: story.slug, title: story.title, region: story.region, tags: story.tags }) ?? '/';
  if (alert.kind !== 'console') {
    return readerStoryAlertMail(mailLanguage(alert.language), {
      description: readerAlertDescription(alert),
      story: { title: story.title, summary: story.summary, region: story.region, level: storyLevel(story) },
      url: `${origin}${path}`,
      manageUrl: `${origin}${READER_ALERTS_PATH}`,
    });
  }
  const subject = `C360 alert: ${story.title}`;
  const body = [
    `A story matching your C360 alert for ${ALERT_REGION_LABELS[alert.region]} (${LEVEL_WORD[alert.alert_level]} level and above${alert.storm_types.length ? `, ${alert.storm_types.join(', ')}` : ''}) was just published.`,
    '',
    story.title,
    `${story.region} · ${storyLevel(story)} risk`,
    '',
    story.summary,
    '',
    `Read it: ${origin}${path}`,
    '',
    `Manage your alerts: ${origin}/dashboard/alerts`,
  ].join('\n');
  return { subject: subject.slice(0, 250), body };
}

async function deliver(deps: DispatchDeps, id: number, to: string, message: { subject: string; body: string }, attempts: number): Promise<boolean> {
  try {
    await deps.mailer.send({ kind: 'alert', to: mailAddress(to), subject: message.subject, text: message.body, headers: { 'X-C360-Alert': String(id) } });
    await finishAlertDelivery(deps.db, id, { sent: true, now: deps.clock() });
    return true;
  } catch (error) {
    const failure = classifySmtpError(error);
    await finishAlertDelivery(deps.db, id, {
      sent: false,
      error: failure.summary,
      nextAttemptAt: failure.permanent ? null : nextAttemptAt(attempts, deps.clock()),
      now: deps.clock(),
    });
    deps.logger.warn({ alertDelivery: id, attempt: attempts, error: failure.summary }, 'alert e-mail failed');
    return false;
  }
}

/**
 * Scans storm advisories and stories published since the last run (less a small overlap), and
 * e-mails each match once; retries failed alert e-mails that are due. Safe to run from several
 * processes at once, and as often as wanted.
 */
export async function dispatchAlerts(deps: DispatchDeps): Promise<DispatchResult> {
  const now = deps.clock();
  const cursor = await readCursor(deps.db, DISPATCH_CURSOR);
  const since = new Date((cursor ? cursor.getTime() : now.getTime() - FIRST_RUN_LOOKBACK_MS) - (cursor ? CURSOR_OVERLAP_MS : 0));
  const result: DispatchResult = { since: since.toISOString(), stormEvents: 0, storyEvents: 0, matched: 0, sent: 0, failed: 0, retried: 0, uncertain: 0 };
  if (!deps.mailer.configured) return { ...result, skipped: 'mail_unavailable' };
  const origin = deps.origin.replace(/\/+$/, '');

  result.uncertain = await markStaleAlertDeliveriesUncertain(deps.db, now);
  for (const retry of await claimAlertRetries(deps.db, { now, leaseMs: LEASE_MS, limit: 100 })) {
    result.retried++;
    if (await deliver(deps, retry.id, retry.email, retry, retry.attempts)) result.sent++;
    else result.failed++;
  }

  const alerts = await listDeliverableAlerts(deps.db);
  const stormEvents = groupStormEvents(await stormAlertsChangedSince(deps.db, since, now));
  const stories = await storiesPublishedSince(deps.db, since, now);
  result.stormEvents = stormEvents.length;
  result.storyEvents = stories.length;
  if (alerts.length === 0) {
    await advanceCursor(deps.db, DISPATCH_CURSOR, now);
    return { ...result, skipped: 'no_alerts' };
  }

  const fire = async (alert: ActiveAlert, eventKey: string, kind: 'storm' | 'story', message: { subject: string; body: string }) => {
    result.matched++;
    const id = await claimAlertDelivery(deps.db, {
      alertId: alert.id,
      eventKey,
      eventKind: kind,
      subject: message.subject,
      body: message.body,
      now: deps.clock(),
      leaseMs: LEASE_MS,
    });
    if (id === null) return; // this alert already fired for this event
    if (await deliver(deps, id, alert.email, message, 1)) result.sent++;
    else result.failed++;
  };

  for (const event of stormEvents) {
    for (const alert of alerts) {
      // An alert hears of events C360 learned about after it was created.
      if (event.seenAt < alert.listens_from) continue;
      const matching = event.alerts.filter((a) => (alert.kind === 'console' ? stormAlertMatches(alert, a) : readerStormAlertMatches(readerCriteria(alert), a)));
      if (matching.length === 0) continue;
      matching.sort(
        (a, b) => ['low', 'medium', 'high', 'critical'].indexOf(stormAlertLevel(b)) - ['low', 'medium', 'high', 'critical'].indexOf(stormAlertLevel(a)),
      );
      await fire(alert, event.key, 'storm', stormMessage(alert, event, matching, origin));
    }
  }
  for (const story of stories) {
    for (const alert of alerts) {
      if (story.published_at < alert.listens_from) continue;
      if (!(alert.kind === 'console' ? storyMatches(alert, story) : readerStoryAlertMatches(readerCriteria(alert), story))) continue;
      await fire(alert, `story:${story.id}`, 'story', storyMessage(alert, story, origin));
    }
  }
  await advanceCursor(deps.db, DISPATCH_CURSOR, now);
  return result;
}
