import type { Knex } from 'knex';

/** All SQL about console settings (one JSON value per key) and the counts the System tab shows. */

export async function readSetting<T>(db: Knex, key: string): Promise<{ value: T; updated_at: string; updated_by: string | null } | null> {
  const { rows } = await db.raw(`select value, updated_at, updated_by from settings where key = ?`, [key]);
  if (!rows[0]) return null;
  const value = typeof rows[0].value === 'string' ? JSON.parse(rows[0].value) : rows[0].value;
  return { value: value as T, updated_at: new Date(rows[0].updated_at).toISOString(), updated_by: rows[0].updated_by ?? null };
}

export async function writeSetting(db: Knex, key: string, value: unknown, input: { actor: string; now: Date }): Promise<void> {
  await db.raw(
    `insert into settings (key, value, updated_at, updated_by) values (?, ?::jsonb, ?, ?)
     on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [key, JSON.stringify(value), input.now.toISOString(), input.actor],
  );
}

export type SystemCounts = {
  stories: number;
  published: number;
  awaitingReview: number;
  sourceItems: number;
  pendingItems: number;
  feeds: number;
  users: number;
  editors: number;
  subscribers: number;
  activeAlerts: number;
  newsletters: number;
  pageViews24h: number;
};

/** One query: counts of what C360 holds (estimates are not needed at this size; every count is exact). */
export async function systemCounts(db: Knex, now: Date): Promise<SystemCounts> {
  const { rows } = await db.raw(
    `select
       (select count(*)::int from synced_content) as stories,
       (select count(*)::int from synced_content where pipeline_stage = 'published') as published,
       (select count(*)::int from synced_content where pipeline_stage <> 'published' and (flag_reason is not null or not auto_publish_eligible)) as awaiting_review,
       (select count(*)::int from raw_feeds) as source_items,
       (select count(*)::int from raw_feeds where processing_status = 'pending') as pending_items,
       (select count(*)::int from feeds) as feeds,
       (select count(*)::int from users) as users,
       (select count(*)::int from users where role in ('editor', 'admin')) as editors,
       (select count(*)::int from newsletter_subscribers where status = 'confirmed') as subscribers,
       (select count(*)::int from alerts where is_active) as active_alerts,
       (select count(*)::int from newsletters) as newsletters,
       (select count(*)::int from page_views where kind = 'view' and occurred_at > ?) as page_views_24h`,
    [new Date(now.getTime() - 86_400_000).toISOString()],
  );
  const r = rows[0];
  return {
    stories: r.stories,
    published: r.published,
    awaitingReview: r.awaiting_review,
    sourceItems: r.source_items,
    pendingItems: r.pending_items,
    feeds: r.feeds,
    users: r.users,
    editors: r.editors,
    subscribers: r.subscribers,
    activeAlerts: r.active_alerts,
    newsletters: r.newsletters,
    pageViews24h: r.page_views_24h,
  };
}

export type LastRun = {
  id: string;
  stage: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  processed: number;
  auto_published: number;
  flagged_for_review: number;
  failed: number;
  actor: string;
  error: string | null;
};

export async function lastPipelineRun(db: Knex): Promise<LastRun | null> {
  const { rows } = await db.raw(
    `select id, stage, status, started_at, finished_at, processed, auto_published, flagged_for_review, failed, actor, error from pipeline_runs order by started_at desc, id desc limit 1`,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: String(r.id),
    stage: r.stage,
    status: r.status,
    started_at: new Date(r.started_at).toISOString(),
    finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    processed: Number(r.processed),
    auto_published: Number(r.auto_published),
    flagged_for_review: Number(r.flagged_for_review),
    failed: Number(r.failed),
    actor: r.actor,
    error: r.error ?? null,
  };
}

export async function adminEmails(db: Knex): Promise<string[]> {
  const { rows } = await db.raw(`select email from users where role = 'admin' order by email`);
  return rows.map((r: { email: string }) => r.email);
}
