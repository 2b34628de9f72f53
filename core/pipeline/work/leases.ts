import type { Knex } from 'knex';

/**
 * Claiming work so any number of workers on one PostgreSQL share it: a short transaction picks
 * unleased rows with FOR UPDATE SKIP LOCKED and stamps them with the worker's lease. Work whose lease
 * ran out (its worker died) is claimable again. Finishing checks the lease inside the finishing
 * transaction (fencing), so work taken over by another worker is never applied twice.
 * Lease times use the database clock, the one clock every worker shares.
 */

/** One lock for every clustering decision (and the archive's rebuild). */
export const CLUSTER_LOCK = 3_600_001;

/** Taken first by a transaction that decides which items belong to which story. */
export async function lockClustering(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [CLUSTER_LOCK]);
}

/**
 * Taken first by a transaction that locks a story and then its items (a summary marking them
 * processed). Clustering locks items and then stories; without this the two deadlock, and the
 * summary is thrown away and retried. Shared: such transactions only wait for a clustering batch.
 */
export async function waitForClustering(trx: Knex.Transaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock_shared(?)', [CLUSTER_LOCK]);
}

export async function claimRawItems(db: Knex, options: { workerId: string; leaseMs: number; limit: number }): Promise<string[]> {
  const result = await db.raw(
    `update raw_feeds r
        set lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond'), attempts = r.attempts + 1, updated_at = now()
      where r.id in (
        select id from raw_feeds
         where processing_status in ('pending', 'failed') and story_id is null
           and (next_attempt_at is null or next_attempt_at <= now())
           and (lease_expires_at is null or lease_expires_at < now())
         order by created_at, id
         limit ?
         for update skip locked)
      returning r.id, r.created_at`,
    [options.workerId, options.leaseMs, options.limit],
  );
  return (result.rows as { id: string; created_at: Date }[])
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id))
    .map((r) => r.id);
}

/**
 * Claims one given source item if it is waiting (pending or failed and due, not leased): how the
 * operator's "process this item" takes exactly that item. False when it is not claimable now.
 */
export async function claimRawItem(db: Knex, options: { id: string; workerId: string; leaseMs: number }): Promise<boolean> {
  const result = await db.raw(
    `update raw_feeds
        set lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond'), attempts = attempts + 1, updated_at = now()
      where id = ? and processing_status in ('pending', 'failed') and story_id is null
        and (lease_expires_at is null or lease_expires_at < now())
      returning id`,
    [options.workerId, options.leaseMs, options.id],
  );
  return result.rows.length > 0;
}

export type StoryWork = 'summarise' | 'fact_check' | 'publish';

/** `only` restricts the claim to those stories (the operator's "process this one item"). */
export async function claimStories(
  db: Knex,
  options: { work: StoryWork; workerId: string; leaseMs: number; limit: number; only?: readonly string[] },
): Promise<string[]> {
  const only = options.only ? `and id = any(?::uuid[])` : '';
  const result = await db.raw(
    `update synced_content s
        set lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond')
      where s.id in (
        select id from synced_content
         where pipeline_next = ?
           and (next_attempt_at is null or next_attempt_at <= now())
           and (lease_expires_at is null or lease_expires_at < now())
           ${only}
         order by updated_at, id
         limit ?
         for update skip locked)
      returning s.id`,
    [options.workerId, options.leaseMs, options.work, ...(options.only ? [[...options.only]] : []), options.limit],
  );
  return (result.rows as { id: string }[]).map((r) => r.id).sort();
}

/** Inside the finishing transaction: locks the row if this worker still holds its lease. */
export async function holdsRawItemLease(trx: Knex.Transaction, id: string, workerId: string): Promise<boolean> {
  const row = await trx('raw_feeds').select('id').where({ id, lease_owner: workerId }).forUpdate().first();
  return Boolean(row);
}

export async function holdsStoryLease(trx: Knex.Transaction, id: string, workerId: string): Promise<{ sources_version: number } | null> {
  const row = await trx('synced_content').select('sources_version').where({ id, lease_owner: workerId }).forUpdate().first();
  return row ? { sources_version: Number(row.sources_version) } : null;
}

/** Gives a story back without finishing it (nothing changed): another worker may take it at once. */
export async function releaseStory(db: Knex, id: string, workerId: string): Promise<void> {
  await db('synced_content').where({ id, lease_owner: workerId }).update({ lease_owner: null, lease_expires_at: null });
}

/** Work still out there: due (claimable now) or leased by a worker that may still finish it. */
export async function outstandingWork(db: Knex): Promise<{ due: number; leased: number; waiting: number }> {
  const result = await db.raw(`
    select
      (select count(*)::int from raw_feeds where processing_status in ('pending', 'failed') and story_id is null
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now()))
      + (select count(*)::int from synced_content where pipeline_next is not null
         and (next_attempt_at is null or next_attempt_at <= now()) and (lease_expires_at is null or lease_expires_at < now())) as due,
      (select count(*)::int from raw_feeds where processing_status in ('pending', 'failed') and story_id is null and lease_expires_at >= now())
      + (select count(*)::int from synced_content where pipeline_next is not null and lease_expires_at >= now()) as leased,
      (select count(*)::int from raw_feeds where processing_status = 'failed' and story_id is null and next_attempt_at > now())
      + (select count(*)::int from synced_content where pipeline_next is not null and next_attempt_at > now()) as waiting`);
  const row = result.rows[0] as { due: number; leased: number; waiting: number };
  return { due: Number(row.due), leased: Number(row.leased), waiting: Number(row.waiting) };
}
