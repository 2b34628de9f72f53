import type { Knex } from 'knex';

/** All SQL about runs started from the console (table console_runs) and the backlog they work through. */

export type ConsoleRunRow = {
  id: string;
  kind: string;
  step: string | null;
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  stages: unknown[];
  logs: unknown[];
  result: Record<string, unknown> | null;
  started_by: string;
  started_at: string;
  finished_at: string | null;
  heartbeat_at: string;
  cancel_requested: boolean;
  server: string | null;
};

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

function toRow(r: Record<string, unknown>): ConsoleRunRow {
  return {
    id: String(r.id),
    kind: r.kind as string,
    step: (r.step as string | null) ?? null,
    status: r.status as ConsoleRunRow['status'],
    stages: (json(r.stages) as unknown[]) ?? [],
    logs: (json(r.logs) as unknown[]) ?? [],
    result: (json(r.result) as Record<string, unknown> | null) ?? null,
    started_by: r.started_by as string,
    started_at: iso(r.started_at)!,
    finished_at: iso(r.finished_at),
    heartbeat_at: iso(r.heartbeat_at)!,
    cancel_requested: Boolean(r.cancel_requested),
    server: (r.server as string | null) ?? null,
  };
}

/**
 * Inserts a running run unless one is already running (the partial unique index decides, so two
 * servers starting at once cannot both win). Null: another run is going.
 */
export async function insertRunningRun(
  db: Knex,
  input: { kind: string; step: string | null; stages: unknown[]; logs: unknown[]; startedBy: string; server: string; now: Date },
): Promise<ConsoleRunRow | null> {
  const { rows } = await db.raw(
    `insert into console_runs (kind, step, status, stages, logs, started_by, started_at, heartbeat_at, server)
     values (?, ?, 'running', ?::jsonb, ?::jsonb, ?, ?, ?, ?)
     on conflict ((true)) where status = 'running' do nothing
     returning *`,
    [
      input.kind,
      input.step,
      JSON.stringify(input.stages),
      JSON.stringify(input.logs),
      input.startedBy,
      input.now.toISOString(),
      input.now.toISOString(),
      input.server,
    ],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

export async function findRunningRun(db: Knex): Promise<ConsoleRunRow | null> {
  const { rows } = await db.raw(`select * from console_runs where status = 'running' limit 1`);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function getRunRow(db: Knex, id: string): Promise<ConsoleRunRow | null> {
  const { rows } = await db.raw(`select * from console_runs where id = ?`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}

export async function latestRunRow(db: Knex): Promise<ConsoleRunRow | null> {
  const { rows } = await db.raw(`select * from console_runs order by (status = 'running') desc, started_at desc, id desc limit 1`);
  return rows[0] ? toRow(rows[0]) : null;
}

/** Writes a run's state and beats its heart; answers whether someone asked it to stop. */
export async function saveRunState(
  db: Knex,
  id: string,
  state: { status: ConsoleRunRow['status']; stages: unknown[]; logs: unknown[]; result: unknown; finishedAt: Date | null; now: Date },
): Promise<{ cancelRequested: boolean }> {
  const { rows } = await db.raw(
    `update console_runs set status = ?, stages = ?::jsonb, logs = ?::jsonb, result = ?::jsonb, finished_at = ?, heartbeat_at = ?
      where id = ? returning cancel_requested`,
    [
      state.status,
      JSON.stringify(state.stages),
      JSON.stringify(state.logs),
      state.result === null ? null : JSON.stringify(state.result),
      state.finishedAt?.toISOString() ?? null,
      state.now.toISOString(),
      id,
    ],
  );
  return { cancelRequested: Boolean(rows[0]?.cancel_requested) };
}

export async function isCancelRequested(db: Knex, id: string): Promise<boolean> {
  const { rows } = await db.raw(`select cancel_requested from console_runs where id = ?`, [id]);
  return Boolean(rows[0]?.cancel_requested);
}

export async function requestRunCancel(db: Knex, id: string): Promise<boolean> {
  const { rows } = await db.raw(`update console_runs set cancel_requested = true where id = ? and status = 'running' returning id`, [id]);
  return rows.length > 0;
}

/** Makes a finished run running again (Retry), unless another run is going. False: another run is. */
export async function reopenRun(db: Knex, id: string, state: { stages: unknown[]; logs: unknown[]; now: Date }): Promise<boolean> {
  try {
    const { rows } = await db.raw(
      `update console_runs set status = 'running', cancel_requested = false, finished_at = null, stages = ?::jsonb, logs = ?::jsonb, heartbeat_at = ?
        where id = ? and status <> 'running' returning id`,
      [JSON.stringify(state.stages), JSON.stringify(state.logs), state.now.toISOString(), id],
    );
    return rows.length > 0;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** Runs whose server stopped beating: recorded as interrupted so a new run may start. */
export async function staleRunningRuns(db: Knex, before: Date): Promise<ConsoleRunRow[]> {
  const { rows } = await db.raw(`select * from console_runs where status = 'running' and heartbeat_at < ?`, [before.toISOString()]);
  return rows.map(toRow);
}

export type Backlog = { cluster: number; summarise: number; fact_check: number; publish: number; enrich: number };

/** Work due now per runner stage (what a run still has in front of it). */
export async function workBacklog(db: Knex): Promise<Backlog> {
  const { rows } = await db.raw(`
    select
      (select count(*)::int from raw_feeds where processing_status in ('pending', 'failed') and story_id is null
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now())) as cluster,
      (select count(*)::int from synced_content where pipeline_next = 'summarise'
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now())) as summarise,
      (select count(*)::int from synced_content where pipeline_next = 'fact_check'
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now())) as fact_check,
      (select count(*)::int from synced_content where pipeline_next = 'publish'
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now())) as publish,
      (select count(*)::int from synced_content where external_data_feeds is null and jsonb_array_length(layers) > 0
         and (pipeline_next is null or pipeline_next <> 'summarise')) as enrich`);
  const r = rows[0];
  return { cluster: Number(r.cluster), summarise: Number(r.summarise), fact_check: Number(r.fact_check), publish: Number(r.publish), enrich: Number(r.enrich) };
}

export async function countFeeds(db: Knex): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from feeds where enabled`);
  return Number(rows[0].n);
}

/** A pipeline run an editor cancelled: recorded as cancelled with the stats it reached. */
export async function markPipelineRunCancelled(db: Knex, id: string, reason: string): Promise<void> {
  await db.raw(`update pipeline_runs set status = 'cancelled', error = ? where id = ?`, [reason.slice(0, 2000), id]);
}
