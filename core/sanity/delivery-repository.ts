import type { Knex } from 'knex';

/** SQL for webhook deliveries (webhook health) and for finding a synced story by its Sanity id. */

export type DeliveryResult = 'applied' | 'duplicate' | 'rejected' | 'failed';

export type DeliveryRecord = {
  idempotencyKey: string | null;
  operation: string | null;
  documentId: string | null;
  documentType: string | null;
  result: DeliveryResult;
  httpStatus: number;
  errorCode?: string | null;
  error?: string | null;
  storyId?: string | null;
  receivedAt: Date;
  durationMs?: number | null;
};

const SOURCE = 'sanity';

function toRow(record: DeliveryRecord): Record<string, unknown> {
  return {
    source: SOURCE,
    idempotency_key: record.idempotencyKey,
    operation: record.operation,
    document_id: record.documentId,
    document_type: record.documentType,
    result: record.result,
    http_status: record.httpStatus,
    error_code: record.errorCode ?? null,
    error: record.error?.slice(0, 1_000) ?? null,
    story_id: record.storyId ?? null,
    received_at: record.receivedAt.toISOString(),
    duration_ms: record.durationMs ?? null,
  };
}

export async function recordDelivery(db: Knex, record: DeliveryRecord): Promise<number> {
  const [row] = await db('webhook_deliveries').insert(toRow(record)).returning('id');
  return Number(row.id);
}

export async function finishDelivery(db: Knex, id: number, values: { storyId: string | null; durationMs: number }): Promise<void> {
  await db('webhook_deliveries').update({ story_id: values.storyId, duration_ms: values.durationMs }).where('id', id);
}

export async function findAppliedDelivery(db: Knex, idempotencyKey: string): Promise<{ id: number; storyId: string | null; receivedAt: string } | null> {
  const row = await db('webhook_deliveries')
    .select('id', 'story_id', 'received_at')
    .where({ source: SOURCE, idempotency_key: idempotencyKey, result: 'applied' })
    .first();
  return row ? { id: Number(row.id), storyId: row.story_id ?? null, receivedAt: new Date(row.received_at).toISOString() } : null;
}

/** The story synced from this Sanity document, locked for the rest of the transaction. */
export async function findStoryIdBySanityId(db: Knex, sanityId: string): Promise<string | null> {
  const row = await db('synced_content').select('id').where('sanity_id', sanityId).forUpdate().first();
  return row ? String(row.id) : null;
}

export type WebhookHealth = {
  healthy: boolean;
  lastDeliveryAt: string | null;
  lastResult: DeliveryResult | null;
  lastError: { at: string; code: string | null; message: string | null } | null;
  last24h: Record<DeliveryResult, number>;
  syncedStories: number;
};

/**
 * What the console's Content Sync screen shows: when the last delivery came and how it ended, the
 * last error, and counts for the last 24 hours. Unhealthy when the last delivery failed on our side
 * (5xx) or was rejected for its signature: both mean content is not arriving.
 */
export async function getWebhookHealth(db: Knex, now: Date): Promise<WebhookHealth> {
  const last = await db('webhook_deliveries')
    .select('result', 'received_at', 'error_code')
    .where('source', SOURCE)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .first();
  const lastError = await db('webhook_deliveries')
    .select('received_at', 'error_code', 'error')
    .where('source', SOURCE)
    .whereIn('result', ['rejected', 'failed'])
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .first();
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const counts = await db('webhook_deliveries').select('result').count({ n: '*' }).where('source', SOURCE).where('received_at', '>', since).groupBy('result');
  const last24h: Record<DeliveryResult, number> = { applied: 0, duplicate: 0, rejected: 0, failed: 0 };
  for (const row of counts as { result: DeliveryResult; n: number | string }[]) last24h[row.result] = Number(row.n);
  const syncedRow = await db('synced_content').whereNotNull('sanity_id').count({ n: '*' }).first();
  const healthy = !last || !(last.result === 'failed' || (last.result === 'rejected' && last.error_code === 'unauthorized'));
  return {
    healthy,
    lastDeliveryAt: last ? new Date(last.received_at).toISOString() : null,
    lastResult: last?.result ?? null,
    lastError: lastError ? { at: new Date(lastError.received_at).toISOString(), code: lastError.error_code ?? null, message: lastError.error ?? null } : null,
    last24h,
    syncedStories: Number(syncedRow?.n ?? 0),
  };
}
