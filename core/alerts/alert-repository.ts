import type { Knex } from 'knex';
import type { AlertInput, AlertLevel, AlertRegion, NotificationMethod, StormType } from './alert-rules';

/** All SQL about personal alerts, their deliveries and the dispatch cursor. */

/** 'console': an editor's alert (Alert Manager); 'storm' and 'story': a reader's (core/alerts/reader-alerts.ts). */
export type AlertKind = 'console' | 'storm' | 'story';
export type AlertScope = 'follows' | 'region';
/** Which alerts a query sees: the console's, or a reader's own. */
export type AlertAudience = 'console' | 'reader';
const AUDIENCE_SQL: Record<AlertAudience, string> = { console: `a.kind = 'console'`, reader: `a.kind <> 'console'` };

export type Alert = {
  id: string;
  user_id: string;
  kind: AlertKind;
  /** Console alerts only (null for a reader's). */
  region: AlertRegion;
  /** Reader alerts only: what they watch, and the island when `scope` is 'region'. */
  scope: AlertScope | null;
  place: string | null;
  alert_level: AlertLevel;
  storm_types: StormType[];
  notification_methods: NotificationMethod[];
  is_active: boolean;
  created_at: string;
  updated_at: string;
  deliveries: number;
  last_delivered_at: string | null;
};

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const COLUMNS = `a.id, a.user_id, a.kind, a.scope, a.place, a.region, a.alert_level, a.storm_types, a.notification_methods, a.is_active, a.created_at, a.updated_at,
  (select count(*)::int from alert_deliveries d where d.alert_id = a.id and d.status = 'sent') as deliveries,
  (select max(d.sent_at) from alert_deliveries d where d.alert_id = a.id) as last_delivered_at`;

function toAlert(row: Record<string, unknown>): Alert {
  return {
    id: String(row.id),
    user_id: String(row.user_id),
    kind: (row.kind as AlertKind | undefined) ?? 'console',
    region: row.region as AlertRegion,
    scope: (row.scope as AlertScope | null) ?? null,
    place: (row.place as string | null) ?? null,
    alert_level: row.alert_level as AlertLevel,
    storm_types: (row.storm_types as StormType[]) ?? [],
    notification_methods: (row.notification_methods as NotificationMethod[]) ?? [],
    is_active: Boolean(row.is_active),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    deliveries: Number(row.deliveries ?? 0),
    last_delivered_at: iso(row.last_delivered_at),
  };
}

export async function insertAlert(db: Knex, userId: string, input: AlertInput, now: Date): Promise<Alert> {
  const { rows } = await db.raw(
    `insert into alerts (user_id, region, alert_level, storm_types, notification_methods, created_at, updated_at)
     values (?, ?, ?, ?::text[], ?::text[], ?, ?) returning id`,
    [userId, input.region, input.alert_level, input.storm_types, input.notification_methods, now.toISOString(), now.toISOString()],
  );
  return (await findUserAlert(db, userId, String(rows[0].id)))!;
}

export async function insertReaderAlert(
  db: Knex,
  userId: string,
  input: { kind: 'storm' | 'story'; scope: AlertScope; place: string | null; alert_level: AlertLevel },
  now: Date,
): Promise<Alert> {
  const { rows } = await db.raw(
    `insert into alerts (user_id, kind, scope, place, region, alert_level, storm_types, notification_methods, created_at, updated_at)
     values (?, ?, ?, ?, null, ?, '{}', '{email}', ?, ?) returning id`,
    [userId, input.kind, input.scope, input.place, input.alert_level, now.toISOString(), now.toISOString()],
  );
  return (await findUserAlert(db, userId, String(rows[0].id), 'reader'))!;
}

export async function countUserAlerts(db: Knex, userId: string, audience: AlertAudience): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from alerts a where a.user_id = ? and ${AUDIENCE_SQL[audience]}`, [userId]);
  return Number(rows[0].n);
}

export async function listUserAlerts(db: Knex, userId: string, audience: AlertAudience = 'console'): Promise<Alert[]> {
  const { rows } = await db.raw(`select ${COLUMNS} from alerts a where a.user_id = ? and ${AUDIENCE_SQL[audience]} order by a.created_at desc, a.id`, [userId]);
  return rows.map(toAlert);
}

export async function findUserAlert(db: Knex, userId: string, id: string, audience: AlertAudience = 'console'): Promise<Alert | null> {
  const { rows } = await db.raw(`select ${COLUMNS} from alerts a where a.user_id = ? and a.id = ? and ${AUDIENCE_SQL[audience]}`, [userId, id]);
  return rows[0] ? toAlert(rows[0]) : null;
}

export async function setAlertActive(db: Knex, userId: string, id: string, active: boolean, now: Date, audience: AlertAudience = 'console'): Promise<boolean> {
  const result = await db.raw(`update alerts a set is_active = ?, updated_at = ? where a.user_id = ? and a.id = ? and ${AUDIENCE_SQL[audience]}`, [
    active,
    now.toISOString(),
    userId,
    id,
  ]);
  return Number(result.rowCount ?? 0) > 0;
}

export async function deleteUserAlert(db: Knex, userId: string, id: string, audience: AlertAudience = 'console'): Promise<boolean> {
  const result = await db.raw(`delete from alerts a where a.user_id = ? and a.id = ? and ${AUDIENCE_SQL[audience]}`, [userId, id]);
  return Number(result.rowCount ?? 0) > 0;
}

export type ActiveAlert = {
  id: string;
  email: string;
  kind: AlertKind;
  region: AlertRegion;
  alert_level: AlertLevel;
  storm_types: StormType[];
  created_at: string;
  scope: AlertScope | null;
  place: string | null;
  /** Events count from here: the alert's creation, or for a reader's alert the owner's e-mail confirmation if later. */
  listens_from: string;
  /** Reader alerts: what the owner follows now (a 'follows' alert follows their changes). */
  follows: { regions: string[]; topics: string[] };
  /** The owner's language (users.language: en, es, fr, nl), null when not known; a reader's alert e-mails are in it. */
  language: string | null;
};

/**
 * Alerts that deliver by e-mail: active, with e-mail among their methods. A console alert needs an
 * owner who may still use the console (an account demoted to reader cannot manage its console
 * alerts, so they pause); a reader alert belongs to any account, which manages it on the site.
 */
export async function listDeliverableAlerts(db: Knex): Promise<ActiveAlert[]> {
  const { rows } = await db.raw(
    `select a.id, u.email, u.language, a.kind, a.region, a.alert_level, a.storm_types, a.created_at, a.scope, a.place,
            greatest(a.created_at, case when a.kind <> 'console' then u.email_confirmed_at end) as listens_from,
            case when a.scope = 'follows' then coalesce((select array_agg(f.value order by f.value) from reader_follows f where f.user_id = a.user_id and f.kind = 'region'), '{}') end as follow_regions,
            case when a.scope = 'follows' then coalesce((select array_agg(f.value order by f.value) from reader_follows f where f.user_id = a.user_id and f.kind = 'topic'), '{}') end as follow_topics
       from alerts a join users u on u.id = a.user_id
      where a.is_active and 'email' = any(a.notification_methods) and (a.kind <> 'console' or u.role in ('editor', 'admin'))
        and (a.kind = 'console' or u.email_confirmed_at is not null)
      order by a.created_at, a.id`,
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    email: String(r.email),
    kind: (r.kind as AlertKind | undefined) ?? 'console',
    region: r.region as AlertRegion,
    alert_level: r.alert_level as AlertLevel,
    storm_types: (r.storm_types as StormType[]) ?? [],
    created_at: iso(r.created_at)!,
    listens_from: iso(r.listens_from)!,
    scope: (r.scope as AlertScope | null) ?? null,
    place: (r.place as string | null) ?? null,
    follows: { regions: (r.follow_regions as string[] | null) ?? [], topics: (r.follow_topics as string[] | null) ?? [] },
    language: (r.language as string | null) ?? null,
  }));
}

export type StormAlertRow = {
  id: string;
  storm_id: string;
  storm_name: string;
  classification: string;
  category: number;
  wind_speed_mph: number;
  movement: string | null;
  type: 'warning' | 'watch';
  hazard: string;
  region: string;
  area: string;
  message: string;
  severity: 'extreme' | 'moderate';
  advisory_number: string | null;
  issued_at: string;
  seen_at: string;
};

/** Watches and warnings issued or renewed after `since` and still in force at `now`. */
export async function stormAlertsChangedSince(db: Knex, since: Date, now: Date): Promise<StormAlertRow[]> {
  const { rows } = await db.raw(
    `select sa.id, sa.storm_id, s.name as storm_name, s.classification, s.category, s.wind_speed_mph, s.movement,
            sa.type, sa.hazard, sa.region, sa.area, sa.message, sa.severity, sa.advisory_number, sa.issued_at,
            greatest(sa.updated_at, sa.created_at) as seen_at
       from storm_alerts sa join storms s on s.id = sa.storm_id
      where greatest(sa.updated_at, sa.created_at) > ? and sa.expires_at > ? and sa.issued_at <= ?
      order by sa.storm_id, sa.issued_at, sa.id`,
    [since.toISOString(), now.toISOString(), now.toISOString()],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    storm_id: String(r.storm_id),
    storm_name: String(r.storm_name),
    classification: String(r.classification),
    category: Number(r.category),
    wind_speed_mph: Number(r.wind_speed_mph),
    movement: (r.movement as string | null) ?? null,
    type: r.type as 'warning' | 'watch',
    hazard: String(r.hazard),
    region: String(r.region),
    area: String(r.area),
    message: String(r.message),
    severity: r.severity as 'extreme' | 'moderate',
    advisory_number: (r.advisory_number as string | null) ?? null,
    issued_at: iso(r.issued_at)!,
    seen_at: iso(r.seen_at)!,
  }));
}

export type PublishedStoryRow = {
  id: string;
  title: string;
  summary: string;
  region: string;
  tags: string[];
  storm_type: string | null;
  ai_risk_level: string;
  urgency: number;
  slug: string | null;
  published_at: string;
  sections: string[];
  region_visible: boolean;
};

/** Stories first published after `since` (a re-published story keeps its first time, so it does not alert again). */
export async function storiesPublishedSince(db: Knex, since: Date, now: Date, limit = 500): Promise<PublishedStoryRow[]> {
  const { rows } = await db.raw(
    `select id, title, summary, region, tags, storm_type, ai_risk_level, urgency, slug, published_at, sections, region_visible
       from synced_content
      where pipeline_stage = 'published' and published_at > ? and published_at <= ?
      order by published_at, id limit ?`,
    [since.toISOString(), now.toISOString(), limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: String(r.id),
    title: String(r.title),
    summary: String(r.summary ?? ''),
    region: String(r.region ?? ''),
    tags: (r.tags as string[]) ?? [],
    storm_type: (r.storm_type as string | null) ?? null,
    ai_risk_level: String(r.ai_risk_level ?? 'low'),
    urgency: Number(r.urgency ?? 0),
    slug: (r.slug as string | null) ?? null,
    published_at: iso(r.published_at)!,
    sections: (r.sections as string[] | null) ?? [],
    region_visible: Boolean(r.region_visible),
  }));
}

/** Claims (alert, event) once: false when any process already did. */
export async function claimAlertDelivery(
  db: Knex,
  input: { alertId: string; eventKey: string; eventKind: 'storm' | 'story'; subject: string; body: string; now: Date; leaseMs: number },
): Promise<number | null> {
  const { rows } = await db.raw(
    `insert into alert_deliveries (alert_id, event_key, event_kind, subject, body, status, attempts, lease_until, created_at)
     values (?, ?, ?, ?, ?, 'sending', 1, ?, ?)
     on conflict (alert_id, event_key) do nothing returning id`,
    [
      input.alertId,
      input.eventKey,
      input.eventKind,
      input.subject,
      input.body,
      new Date(input.now.getTime() + input.leaseMs).toISOString(),
      input.now.toISOString(),
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export type RetryableAlertDelivery = { id: number; email: string; subject: string; body: string; attempts: number };

export async function claimAlertRetries(db: Knex, input: { now: Date; leaseMs: number; limit: number }): Promise<RetryableAlertDelivery[]> {
  const { rows } = await db.raw(
    `with due as (
       select id from alert_deliveries where status = 'failed' and next_attempt_at <= ? order by next_attempt_at, id limit ? for update skip locked
     )
     update alert_deliveries d set status = 'sending', attempts = d.attempts + 1, lease_until = ?
       from due where d.id = due.id
     returning d.id, d.alert_id, d.subject, d.body, d.attempts`,
    [input.now.toISOString(), input.limit, new Date(input.now.getTime() + input.leaseMs).toISOString()],
  );
  if (rows.length === 0) return [];
  const { rows: owners } = await db.raw(`select a.id, u.email from alerts a join users u on u.id = a.user_id where a.id = any(?::uuid[])`, [
    rows.map((r: { alert_id: string }) => String(r.alert_id)),
  ]);
  const emailOf = new Map(owners.map((o: { id: string; email: string }) => [String(o.id), o.email]));
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    email: String(emailOf.get(String(r.alert_id)) ?? ''),
    subject: String(r.subject),
    body: String(r.body),
    attempts: Number(r.attempts),
  }));
}

export async function finishAlertDelivery(
  db: Knex,
  id: number,
  outcome: { sent: boolean; error?: string; nextAttemptAt?: Date | null; now: Date },
): Promise<void> {
  await db.raw(
    `update alert_deliveries set status = ?, last_error = ?, next_attempt_at = ?, lease_until = null, sent_at = case when ? then ?::timestamptz else sent_at end
      where id = ? and status = 'sending'`,
    [outcome.sent ? 'sent' : 'failed', outcome.error ?? null, outcome.nextAttemptAt?.toISOString() ?? null, outcome.sent, outcome.now.toISOString(), id],
  );
}

export async function markStaleAlertDeliveriesUncertain(db: Knex, now: Date): Promise<number> {
  const result = await db.raw(
    `update alert_deliveries set status = 'uncertain', lease_until = null, last_error = 'interrupted while sending; not re-sent automatically'
      where status = 'sending' and lease_until < ?`,
    [now.toISOString()],
  );
  return Number(result.rowCount ?? 0);
}

export async function readCursor(db: Knex, name: string): Promise<Date | null> {
  const { rows } = await db.raw(`select position from job_cursors where name = ?`, [name]);
  return rows[0] ? new Date(rows[0].position) : null;
}

/** Moves a cursor forward only (two dispatchers finishing out of order never move it back). */
export async function advanceCursor(db: Knex, name: string, position: Date): Promise<void> {
  await db.raw(
    `insert into job_cursors (name, position, updated_at) values (?, ?, ?)
     on conflict (name) do update set position = greatest(job_cursors.position, excluded.position), updated_at = excluded.updated_at`,
    [name, position.toISOString(), position.toISOString()],
  );
}

export type AlertDeliveryRow = {
  id: number;
  event_kind: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export async function listAlertDeliveries(db: Knex, userId: string, alertId: string, limit = 20): Promise<AlertDeliveryRow[]> {
  const { rows } = await db.raw(
    `select d.id, d.event_kind, d.subject, d.status, d.attempts, d.last_error, d.created_at, d.sent_at
       from alert_deliveries d join alerts a on a.id = d.alert_id
      where a.user_id = ? and a.id = ? order by d.created_at desc, d.id desc limit ?`,
    [userId, alertId, limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: Number(r.id),
    event_kind: String(r.event_kind),
    subject: String(r.subject),
    status: String(r.status),
    attempts: Number(r.attempts),
    last_error: (r.last_error as string | null) ?? null,
    created_at: iso(r.created_at)!,
    sent_at: iso(r.sent_at),
  }));
}
