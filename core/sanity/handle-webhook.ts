import { timingSafeEqual } from 'node:crypto';
import { decodeSignatureHeader, isValidSignature } from '@sanity/webhook';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { getStoryById, insertStory, updateStory } from '../stories/story-repository';
import { auditEntry, type Layer, type StoryPatch } from '../stories/story';
import { isSyncedType, schemaFor, type SyncedDocument } from './documents';
import { findAppliedDelivery, findStoryIdBySanityId, finishDelivery, recordDelivery, type DeliveryResult } from './delivery-repository';

/**
 * POST /api/sync-sanity, as a transport-free use case: the route hands over the raw body and the
 * headers, and sends back what this returns.
 *
 * - When a secret is configured, a request needs a valid `sanity-webhook-signature` (checked with
 *   Sanity's own toolkit over the raw body) or an `x-sanity-secret` header equal to the secret.
 *   The toolkit has no replay window, so a signature more than 5 minutes from our clock is refused.
 *   Without a secret every delivery is refused, unless the operator opted into
 *   C360_SANITY_INSECURE_DEV=1 (local development: unsigned deliveries accepted).
 * - The signature covers the body only, never the headers: so for a signed delivery the operation
 *   and the document id come from the signed body (`"operation": delta::operation()` in the
 *   webhook's projection, and `_id`), and a `sanity-operation` header that says otherwise is refused.
 *   Otherwise a replayed update with an added `sanity-operation: delete` header would delete the
 *   story. Without an operation in the body a signed delivery is an upsert. With the shared-secret
 *   header (or in insecure development mode) the headers are trusted as before. Create and update
 *   are the same idempotent upsert by sanity_id.
 * - A delivery whose `idempotency-key` was already applied is acknowledged and not applied again
 *   (Sanity retries a failed delivery, and may deliver twice).
 * - Everything a delivery changes happens in one transaction with its delivery record; every
 *   delivery, refused ones included, is recorded for the console's webhook health.
 */

export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;
export const SANITY_BODY_LIMIT_BYTES = 1_000_000;

export type WebhookInput = {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** SANITY_WEBHOOK_SECRET; when unset every request is refused unless `insecureDev`. */
  secret?: string;
  /** C360_SANITY_INSECURE_DEV=1: with no secret, accept unsigned deliveries (development only). */
  insecureDev?: boolean;
};

/** How a delivery proved itself: the signature covers the body only; the others trust the headers. */
export type Authentication = 'signature' | 'shared_secret' | 'insecure_dev';

export type WebhookResponse = { status: number; body: Record<string, unknown> };

type Operation = 'create' | 'update' | 'delete';

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function header(headers: WebhookInput['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Throws a 401 Refusal unless the request carries the secret or a fresh, valid signature. */
export async function authenticate(input: WebhookInput, now: Date): Promise<Authentication> {
  if (!input.secret) {
    if (input.insecureDev) return 'insecure_dev';
    throw new Refusal(
      401,
      'webhook_not_configured',
      'SANITY_WEBHOOK_SECRET is not set on this server, so deliveries are refused. Set it to the secret of the Sanity webhook (or C360_SANITY_INSECURE_DEV=1 for local development only).',
    );
  }
  const shared = header(input.headers, 'x-sanity-secret');
  if (shared !== undefined) {
    if (sameSecret(shared, input.secret)) return 'shared_secret';
    throw new Refusal(401, 'unauthorized', 'The x-sanity-secret header does not match SANITY_WEBHOOK_SECRET.');
  }
  const signature = header(input.headers, 'sanity-webhook-signature');
  if (!signature) throw new Refusal(401, 'unauthorized', 'Missing sanity-webhook-signature (or x-sanity-secret) header.');
  let timestamp: number;
  try {
    timestamp = decodeSignatureHeader(signature).timestamp;
  } catch {
    throw new Refusal(401, 'unauthorized', 'The sanity-webhook-signature header is malformed.');
  }
  if (Math.abs(now.getTime() - timestamp) > SIGNATURE_MAX_AGE_MS) {
    throw new Refusal(401, 'signature_expired', 'The signature is more than 5 minutes old (or from the future): refused as a possible replay.');
  }
  if (!(await isValidSignature(input.rawBody.toString('utf8'), signature, input.secret))) {
    throw new Refusal(401, 'unauthorized', 'The webhook signature does not match the body and secret.');
  }
  return 'signature';
}

/**
 * The operation of a signed delivery, from its body. A header may only repeat it (or, without one
 * in the body, say create/update, which is the default upsert anyway): a delete must be signed.
 */
function signedOperation(body: Record<string, unknown>, headerValue: string | undefined): Operation | null {
  const fromBody = body.operation === undefined ? null : parseOperation(typeof body.operation === 'string' ? body.operation : String(body.operation));
  const fromHeader = parseOperation(headerValue);
  if (fromHeader === null || fromHeader === fromBody) return fromBody;
  if (fromBody === null && fromHeader !== 'delete') return fromHeader;
  throw new Refusal(
    400,
    'operation_not_signed',
    fromBody === null
      ? `The sanity-operation header says "${fromHeader}" but the signed body names no operation: add "operation": delta::operation() to the webhook's projection.`
      : `The sanity-operation header ("${fromHeader}") differs from the operation in the signed body ("${fromBody}").`,
  );
}

function parseOperation(value: string | undefined): Operation | null {
  if (value === undefined || value === '') return null;
  const op = value.trim().toLowerCase();
  if (op === 'create' || op === 'update' || op === 'delete') return op;
  throw new Refusal(400, 'invalid_operation', `Unknown sanity-operation "${value}" (expected create, update or delete).`);
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner, depth + 1));
}

function parseBody(rawBody: Buffer): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    throw new Refusal(400, 'invalid_json', `The request body is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Refusal(400, 'invalid_json', 'The request body must be a JSON object (one Sanity document).');
  // PostgreSQL text cannot hold NUL: refused here rather than failing (500) half-way through applying.
  if (/\\u0000/i.test(rawBody.toString('utf8')) && holdsNul(body)) {
    throw new Refusal(400, 'invalid_document', 'The document contains a NUL character (\\u0000), which cannot be stored.');
  }
  return body as Record<string, unknown>;
}

function validate(body: Record<string, unknown>): SyncedDocument {
  const type = body._type;
  if (!isSyncedType(type)) {
    throw new Refusal(
      422,
      'unknown_type',
      `Documents of type "${typeof type === 'string' ? type : String(type)}" are not synced (article, story and layerPack are).`,
    );
  }
  const parsed = schemaFor(type).safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || type}: ${i.message}`).join('; ');
    throw new Refusal(400, 'invalid_document', `Invalid ${type} document: ${problems}.`);
  }
  return parsed.data as SyncedDocument;
}

function storyFields(doc: Exclude<SyncedDocument, { _type: 'layerPack' }>): StoryPatch {
  const patch: StoryPatch = { title: doc.title, sync_status: 'synced' };
  if (doc.summary !== undefined) patch.summary = doc.summary;
  if (doc.region !== undefined) patch.region = doc.region;
  if (doc.tags !== undefined) patch.tags = doc.tags;
  if (doc.sourceList !== undefined) {
    patch.source_list = doc.sourceList;
    patch.source_count = doc.sourceList.length;
  }
  if (doc.stormType !== undefined) patch.storm_type = doc.stormType || null;
  if (doc.urgency !== undefined) patch.urgency = doc.urgency;
  if (doc._type === 'story' && doc.layers !== undefined) patch.layers = doc.layers as Layer[];
  return patch;
}

/** What an applied delivery did, as its answer's `change` names it (docs/openapi.json lists the same). */
export const DELIVERY_CHANGES = [
  'created',
  'updated',
  'unchanged',
  'layers updated',
  'deleted',
  'nothing to delete',
  'layer pack deleted in Sanity; story layers kept',
] as const;
export type DeliveryChange = (typeof DELIVERY_CHANGES)[number];

type Applied = { storyId: string | null; change: DeliveryChange };

async function apply(
  trx: Knex,
  doc: SyncedDocument | null,
  target: { documentId: string; documentType: string | null },
  operation: Operation,
  actor: string,
  now: Date,
): Promise<Applied> {
  const { documentId } = target;
  if (operation === 'delete') {
    const storyId = await findStoryIdBySanityId(trx, documentId);
    if (!storyId)
      return { storyId: null, change: target.documentType === 'layerPack' ? 'layer pack deleted in Sanity; story layers kept' : 'nothing to delete' };
    // Unpublished and marked, not erased: the story's audit trail outlives the CMS document.
    await updateStory(
      trx,
      storyId,
      { pipeline_stage: 'ingested', status: 'deleted', sync_status: 'deleted', is_featured: false, section_featured: false, last_updated_by: actor },
      auditEntry('sanity_deleted', actor, now, { details: `Sanity document ${documentId} was deleted` }),
    );
    return { storyId, change: 'deleted' };
  }
  if (!doc) throw new Refusal(400, 'invalid_document', 'No document to apply.');
  if (doc._type === 'layerPack') {
    const storyId = await findStoryIdBySanityId(trx, doc.story._ref);
    if (!storyId) throw new Refusal(422, 'story_not_synced', `The layer pack refers to story ${doc.story._ref}, which has not been synced yet.`);
    await updateStory(
      trx,
      storyId,
      { layers: doc.layers as Layer[], sync_status: 'synced', last_updated_by: actor },
      auditEntry('sanity_layers_updated', actor, now, { details: `${doc.layers.length} layer(s) from layer pack ${doc._id}` }),
    );
    return { storyId, change: 'layers updated' };
  }
  const fields = storyFields(doc);
  const existing = await findStoryIdBySanityId(trx, doc._id);
  if (existing) {
    // A document delivered again unchanged changes nothing and adds no audit entry.
    const current = (await getStoryById(trx, existing)) as unknown as Record<string, unknown>;
    const changed = Object.entries(fields).some(([k, v]) => JSON.stringify(current[k] ?? null) !== JSON.stringify(v ?? null));
    if (!changed) return { storyId: existing, change: 'unchanged' };
    await updateStory(
      trx,
      existing,
      { ...fields, last_updated_by: actor },
      auditEntry('sanity_updated', actor, now, { details: `${doc._type} ${doc._id}${doc._rev ? ` rev ${doc._rev}` : ''}` }),
    );
    return { storyId: existing, change: 'updated' };
  }
  const story = await insertStory(trx, {
    ...fields,
    title: doc.title,
    sanity_id: doc._id,
    slug: doc.slug?.current,
    pipeline_stage: 'ingested',
    status: 'draft',
    last_updated_by: actor,
    audit_log: [auditEntry('sanity_created', actor, now, { details: `${doc._type} ${doc._id}${doc._rev ? ` rev ${doc._rev}` : ''}` })],
  });
  return { storyId: story.id, change: 'created' };
}

/** The unique index that lets one delivery per idempotency-key apply (see its migration). */
function isDuplicateDelivery(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.constraint === 'webhook_deliveries_applied_key_idx' || /webhook_deliveries_applied_key_idx/.test(e?.message ?? '');
}

export async function handleSanityWebhook(db: Knex, deps: { clock: () => Date; logger: Logger }, input: WebhookInput): Promise<WebhookResponse> {
  const receivedAt = deps.clock();
  const started = Date.now();
  const key = header(input.headers, 'idempotency-key')?.slice(0, 200) ?? null;
  const dataset = header(input.headers, 'sanity-dataset');
  const actor = `sanity:webhook${dataset ? ` (${dataset})` : ''}`;
  let operation: Operation | null = null;
  let documentId: string | null = header(input.headers, 'sanity-document-id') ?? null;
  let documentType: string | null = null;

  const record = async (result: DeliveryResult, status: number, extra: { errorCode?: string; error?: string; storyId?: string | null } = {}) => {
    try {
      await recordDelivery(db, {
        idempotencyKey: key,
        operation,
        documentId,
        documentType,
        result,
        httpStatus: status,
        receivedAt,
        durationMs: Date.now() - started,
        ...extra,
      });
    } catch (error) {
      deps.logger.error({ err: (error as Error).message }, 'could not record a webhook delivery');
    }
  };

  try {
    const how = await authenticate(input, receivedAt);
    const body = parseBody(input.rawBody);
    if (how === 'signature') {
      // Headers are not signed: only the body says what to do, and to which document.
      operation = signedOperation(body, header(input.headers, 'sanity-operation'));
      documentId = null;
    } else {
      operation = parseOperation(header(input.headers, 'sanity-operation'));
    }
    if (typeof body._id === 'string') documentId = body._id;
    if (typeof body._type === 'string') documentType = body._type;
    const op: Operation = operation ?? 'update';
    let doc: SyncedDocument | null = null;
    if (op === 'delete') {
      // A delete may carry only the id (the document is gone): only the id must be there.
      if (body._type !== undefined && !isSyncedType(body._type)) validate(body);
      if (!documentId)
        throw new Refusal(
          400,
          'invalid_document',
          how === 'signature'
            ? 'A delete needs the document _id in the signed body.'
            : 'A delete needs the document _id (in the body or the sanity-document-id header).',
        );
    } else {
      doc = validate(body);
    }

    if (key) {
      const earlier = await findAppliedDelivery(db, key);
      if (earlier) {
        await record('duplicate', 200, { storyId: earlier.storyId });
        return { status: 200, body: { ok: true, result: 'duplicate', idempotencyKey: key, storyId: earlier.storyId, firstAppliedAt: earlier.receivedAt } };
      }
    }

    let applied: Applied;
    try {
      applied = await db.transaction(async (trx) => {
        const deliveryId = await recordDelivery(trx, {
          idempotencyKey: key,
          operation: op,
          documentId,
          documentType,
          result: 'applied',
          httpStatus: 200,
          receivedAt,
        });
        const result = await apply(trx, doc, { documentId: documentId!, documentType }, op, actor, receivedAt);
        await finishDelivery(trx, deliveryId, { storyId: result.storyId, durationMs: Date.now() - started });
        return result;
      });
    } catch (error) {
      // Two copies of one delivery at once: the unique index lets only one apply.
      if (key && isDuplicateDelivery(error)) {
        await record('duplicate', 200);
        return { status: 200, body: { ok: true, result: 'duplicate', idempotencyKey: key } };
      }
      throw error;
    }
    deps.logger.info({ documentId, documentType, operation: op, change: applied.change }, 'sanity delivery applied');
    return { status: 200, body: { ok: true, result: 'applied', operation: op, documentId, documentType, storyId: applied.storyId, change: applied.change } };
  } catch (error) {
    if (error instanceof Refusal) {
      await record('rejected', error.status, { errorCode: error.code, error: error.message });
      return { status: error.status, body: { error: { code: error.code, message: error.message } } };
    }
    deps.logger.error({ err: (error as Error).message, documentId }, 'sanity delivery failed');
    await record('failed', 500, { errorCode: 'internal', error: (error as Error).message });
    return { status: 500, body: { error: { code: 'internal', message: 'The delivery could not be applied; nothing was changed. Sanity will retry.' } } };
  }
}

/** For the route's body-size refusal (the body is never read, so only headers are known). */
export async function recordOversizedDelivery(
  db: Knex,
  deps: { clock: () => Date; logger: Logger },
  headers: WebhookInput['headers'],
): Promise<WebhookResponse> {
  const message = `The request body is larger than ${SANITY_BODY_LIMIT_BYTES} bytes.`;
  try {
    await recordDelivery(db, {
      idempotencyKey: header(headers, 'idempotency-key')?.slice(0, 200) ?? null,
      operation: header(headers, 'sanity-operation') ?? null,
      documentId: header(headers, 'sanity-document-id') ?? null,
      documentType: null,
      result: 'rejected',
      httpStatus: 413,
      errorCode: 'payload_too_large',
      error: message,
      receivedAt: deps.clock(),
    });
  } catch (error) {
    deps.logger.error({ err: (error as Error).message }, 'could not record a webhook delivery');
  }
  return { status: 413, body: { error: { code: 'payload_too_large', message } } };
}

export type WebhookSecurity = { mode: 'signed' | 'insecure_dev' | 'refusing'; message: string };

/** How this server treats deliveries, for start-up logs and the console's webhook health. */
export function describeWebhookSecurity(options: { secret?: string; insecureDev?: boolean }): WebhookSecurity {
  if (options.secret)
    return { mode: 'signed', message: 'SANITY_WEBHOOK_SECRET is set: deliveries must carry a valid signature (at most 5 minutes old) or the secret.' };
  if (options.insecureDev) {
    return {
      mode: 'insecure_dev',
      message:
        'INSECURE: SANITY_WEBHOOK_SECRET is not set and C360_SANITY_INSECURE_DEV=1, so unsigned deliveries are accepted: anyone who can reach /api/sync-sanity can rewrite or delete CMS stories. Development only.',
    };
  }
  return {
    mode: 'refusing',
    message:
      "SANITY_WEBHOOK_SECRET is not set: every delivery is refused. Set it to the Sanity webhook's secret (or C360_SANITY_INSECURE_DEV=1 for local development only).",
  };
}
