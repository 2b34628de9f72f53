import { encodeSignatureHeader } from '@sanity/webhook';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getWebhookHealth } from '../../core/sanity/delivery-repository';
import { getStoryById } from '../../core/stories/story-repository';
import { captureLogger } from '../../test/helpers/capture-logger';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';

const SECRET = 'sanity-test-secret-0123456789';
let t: TestApp;
let n = 0;

type Send = { body: string | Buffer; headers?: Record<string, string>; sign?: 'good' | 'bad' | 'stale' | 'none'; operation?: string; key?: string | null };

async function send(options: Send): Promise<{ status: number; json: Record<string, any> }> {
  const raw = typeof options.body === 'string' ? options.body : options.body.toString('utf8');
  const headers: Record<string, string> = { 'content-type': 'application/json', 'sanity-dataset': 'production', ...options.headers };
  const sign = options.sign ?? 'good';
  if (sign === 'good') headers['sanity-webhook-signature'] = await encodeSignatureHeader(raw, Date.now(), SECRET);
  if (sign === 'bad') headers['sanity-webhook-signature'] = await encodeSignatureHeader(raw, Date.now(), 'another-secret');
  if (sign === 'stale') headers['sanity-webhook-signature'] = await encodeSignatureHeader(raw, Date.now() - 6 * 60_000, SECRET);
  if (options.operation) headers['sanity-operation'] = options.operation;
  if (options.key !== null) headers['idempotency-key'] = options.key ?? `key-${++n}`;
  const res = await fetch(`${t.url}/api/sync-sanity`, {
    method: 'POST',
    headers,
    body: typeof options.body === 'string' ? options.body : new Uint8Array(options.body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

const article = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    _id: id,
    _type: 'article',
    _rev: 'r1',
    title: 'Barbados passes data protection amendment',
    summary: 'The House voted 21 to 3.',
    region: 'Barbados',
    tags: ['politics'],
    sourceList: ['Bridgetown Courier', 'Antilles Wire'],
    ...extra,
  });

async function storyBySanityId(id: string) {
  const row = await t.db.knex('synced_content').select('id').where('sanity_id', id).first();
  return row ? getStoryById(t.db.knex, row.id) : null;
}

beforeAll(async () => {
  t = await startTestApp({ env: { SANITY_WEBHOOK_SECRET: SECRET }, rateLimits: { webhook: { windowMs: 60_000, limit: 10_000 } } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.knex('webhook_deliveries').delete();
});

describe('POST /api/sync-sanity', () => {
  it('applies a correctly signed article as an ingested story, with an audit entry by the webhook', async () => {
    const res = await send({ body: article('art-1'), operation: 'create' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ok: true, result: 'applied', operation: 'create', documentId: 'art-1', documentType: 'article', change: 'created' });
    const story = await storyBySanityId('art-1');
    expect(story).toMatchObject({
      title: 'Barbados passes data protection amendment',
      region: 'Barbados',
      pipeline_stage: 'ingested',
      status: 'draft',
      sync_status: 'synced',
      source_count: 2,
      last_updated_by: 'sanity:webhook (production)',
    });
    expect(story!.audit_log).toEqual([expect.objectContaining({ action: 'sanity_created', user: 'sanity:webhook (production)' })]);
  });

  it('accepts x-sanity-secret equal to the secret instead of a signature', async () => {
    const res = await send({ body: article('art-secret'), sign: 'none', headers: { 'x-sanity-secret': SECRET } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a signature made with another secret', { sign: 'bad' as const }, 'unauthorized'],
    ['no signature and no secret header', { sign: 'none' as const }, 'unauthorized'],
    ['a wrong x-sanity-secret', { sign: 'none' as const, headers: { 'x-sanity-secret': 'guess' } }, 'unauthorized'],
    ['a malformed signature header', { sign: 'none' as const, headers: { 'sanity-webhook-signature': 'garbage' } }, 'unauthorized'],
    ['a valid signature older than 5 minutes (replay)', { sign: 'stale' as const }, 'signature_expired'],
  ])('refuses %s with 401 and writes nothing', async (_name, options, code) => {
    const res = await send({ body: article('art-refused'), ...options });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe(code);
    expect(await storyBySanityId('art-refused')).toBeNull();
  });

  it('answers malformed JSON with 400, an unknown type with 422, an invalid document with 400', async () => {
    const bad = await send({ body: '{"_id": "x", "_type": "article", ' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_json');
    expect((await send({ body: '[1,2]' })).json.error.code).toBe('invalid_json');
    const unknown = await send({ body: JSON.stringify({ _id: 'p-1', _type: 'person', name: 'Someone' }) });
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toMatchObject({ code: 'unknown_type', message: expect.stringContaining('"person"') });
    const invalid = await send({ body: JSON.stringify({ _id: 'art-x', _type: 'article', title: '' }) });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.code).toBe('invalid_document');
    const draft = await send({ body: article('drafts.art-9') });
    expect(draft.status).toBe(400);
    expect(draft.json.error.message).toMatch(/draft documents are not synced/);
    expect((await send({ body: article('art-op'), operation: 'publish' })).json.error.code).toBe('invalid_operation');
    const nul = await send({ body: article('art-nul', { title: 'Bad\u0000title' }) });
    expect(nul.status).toBe(400);
    expect(nul.json.error).toMatchObject({ code: 'invalid_document', message: expect.stringContaining('NUL') });
  });

  it('refuses an oversized body with 413 and records it', async () => {
    const res = await send({ body: article('art-big', { summary: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
    expect(await storyBySanityId('art-big')).toBeNull();
    expect(await t.db.knex('webhook_deliveries').where({ http_status: 413 }).count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('updates by sanity_id (create and update are one idempotent upsert); an unchanged document adds no audit entry', async () => {
    await send({ body: article('art-2'), operation: 'create' });
    const updated = await send({ body: article('art-2', { title: 'Barbados Senate to debate data protection amendment', _rev: 'r2' }), operation: 'update' });
    expect(updated.json).toMatchObject({ result: 'applied', change: 'updated' });
    const again = await send({ body: article('art-2', { title: 'Barbados Senate to debate data protection amendment', _rev: 'r2' }), operation: 'create' });
    expect(again.json).toMatchObject({ result: 'applied', change: 'unchanged' });
    const story = await storyBySanityId('art-2');
    expect(story!.title).toBe('Barbados Senate to debate data protection amendment');
    expect(story!.audit_log.map((e) => e.action)).toEqual(['sanity_created', 'sanity_updated']);
    expect(await t.db.knex('synced_content').where('sanity_id', 'art-2').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });

  it('acknowledges a delivery whose idempotency-key was already applied without applying it again', async () => {
    const first = await send({ body: article('art-3'), key: 'delivery-abc' });
    const second = await send({ body: article('art-3', { title: 'Changed in a retry' }), key: 'delivery-abc' });
    expect(first.json.result).toBe('applied');
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ result: 'duplicate', idempotencyKey: 'delivery-abc', storyId: first.json.storyId });
    expect((await storyBySanityId('art-3'))!.title).toBe('Barbados passes data protection amendment');
    // Two copies at the same moment: exactly one applies.
    const both = await Promise.all([send({ body: article('art-4'), key: 'same-time' }), send({ body: article('art-4'), key: 'same-time' })]);
    expect(both.map((r) => r.json.result).sort()).toEqual(['applied', 'duplicate']);
    expect((await storyBySanityId('art-4'))!.audit_log).toHaveLength(1);
  });

  it("sets a story's layers from a layer pack, and refuses a pack for a story not synced", async () => {
    const story = await send({ body: JSON.stringify({ _id: 'story-1', _type: 'story', title: 'Hurricane Keron: what to know', region: 'Jamaica' }) });
    expect(story.json.change).toBe('created');
    const layers = [
      { layerType: 'short_version', content: 'Keron is a Category 1 hurricane south of Hispaniola.' },
      {
        layerType: 'why_it_matters',
        content: 'Jamaica is under a hurricane watch.',
        metricsTable: [{ label: 'Wind (mph)', previous: '70', current: '90', trend: 'up' }],
      },
    ];
    const pack = await send({ body: JSON.stringify({ _id: 'pack-1', _type: 'layerPack', story: { _type: 'reference', _ref: 'story-1' }, layers }) });
    expect(pack.json).toMatchObject({ result: 'applied', change: 'layers updated', storyId: story.json.storyId });
    expect((await storyBySanityId('story-1'))!.layers).toEqual(layers);
    const orphan = await send({ body: JSON.stringify({ _id: 'pack-2', _type: 'layerPack', story: { _ref: 'story-missing' }, layers }) });
    expect(orphan.status).toBe(422);
    expect(orphan.json.error.code).toBe('story_not_synced');
    const badLayer = await send({
      body: JSON.stringify({ _id: 'pack-3', _type: 'layerPack', story: { _ref: 'story-1' }, layers: [{ layerType: 'gossip', content: 'x' }] }),
    });
    expect(badLayer.status).toBe(400);
  });

  it('deletes by unpublishing and marking the story (its audit trail stays)', async () => {
    await send({ body: article('art-5') });
    const res = await send({ body: JSON.stringify({ _id: 'art-5', operation: 'delete' }), operation: 'delete' });
    expect(res.json).toMatchObject({ result: 'applied', operation: 'delete', change: 'deleted' });
    const story = await storyBySanityId('art-5');
    expect(story).toMatchObject({ pipeline_stage: 'ingested', status: 'deleted', sync_status: 'deleted', is_featured: false });
    expect(story!.audit_log.map((e) => e.action)).toEqual(['sanity_created', 'sanity_deleted']);
    const viaHeader = await send({
      body: '{}',
      sign: 'none',
      operation: 'delete',
      headers: { 'x-sanity-secret': SECRET, 'sanity-document-id': 'never-synced' },
    });
    expect(viaHeader.json).toMatchObject({ result: 'applied', change: 'nothing to delete' });
    expect((await send({ body: '{"operation":"delete"}' })).status).toBe(400);
  });

  it("takes a signed delivery's operation from the signed body: a replay with an added sanity-operation: delete header is refused", async () => {
    const body = article('art-replay');
    const signature = await encodeSignatureHeader(body, Date.now(), SECRET);
    const first = await send({ body, sign: 'none', headers: { 'sanity-webhook-signature': signature }, operation: 'create' });
    expect(first.json).toMatchObject({ result: 'applied', change: 'created' });
    // The same signed bytes, replayed within the window, with headers the signature does not cover.
    const added: Record<string, string>[] = [
      { 'sanity-operation': 'delete' },
      { 'sanity-operation': 'DELETE' },
      { 'sanity-operation': 'delete', 'sanity-document-id': 'art-replay' },
    ];
    for (const headers of added) {
      const replay = await send({ body, sign: 'none', headers: { 'sanity-webhook-signature': signature, ...headers } });
      expect(replay.status).toBe(400);
      expect(replay.json.error.code).toBe('operation_not_signed');
    }
    expect(await storyBySanityId('art-replay')).toMatchObject({ status: 'draft', sync_status: 'synced' });
    // A header contradicting the body's operation is refused too; one repeating it is fine.
    const deleteBody = JSON.stringify({ _id: 'art-replay', _type: 'article', operation: 'delete' });
    expect((await send({ body: deleteBody, operation: 'update' })).json.error.code).toBe('operation_not_signed');
    // A signed delete names its document in the body: a sanity-document-id header cannot redirect it.
    await send({ body: article('art-bystander') });
    const redirected = await send({ body: JSON.stringify({ operation: 'delete' }), headers: { 'sanity-document-id': 'art-bystander' } });
    expect(redirected.status).toBe(400);
    expect(await storyBySanityId('art-bystander')).toMatchObject({ status: 'draft' });
    const signedDelete = await send({ body: deleteBody, operation: 'delete' });
    expect(signedDelete.json).toMatchObject({ result: 'applied', operation: 'delete', change: 'deleted' });
  });

  it('writes nothing when applying fails half-way, and the retry can still apply', async () => {
    await send({ body: article('art-6', { slug: { current: 'taken-slug' } }) });
    const clash = await send({ body: article('art-7', { slug: { current: 'taken-slug' } }), key: 'retry-me' });
    expect(clash.status).toBe(500);
    expect(clash.json.error.message).toMatch(/nothing was changed/);
    expect(await storyBySanityId('art-7')).toBeNull();
    expect(await t.db.knex('webhook_deliveries').where({ idempotency_key: 'retry-me', result: 'applied' }).first()).toBeUndefined();
    const retry = await send({ body: article('art-7'), key: 'retry-me' });
    expect(retry.json.result).toBe('applied');
  });

  it("records every delivery for the console's webhook health", async () => {
    await send({ body: article('art-8') });
    await send({ body: article('art-8'), key: 'k-dup' });
    await send({ body: article('art-8'), key: 'k-dup' });
    await send({ body: article('art-8'), sign: 'bad' });
    const health = await getWebhookHealth(t.db.knex, new Date());
    expect(health.last24h).toEqual({ applied: 2, duplicate: 1, rejected: 1, failed: 0 });
    expect(health).toMatchObject({ healthy: false, lastResult: 'rejected', lastError: { code: 'unauthorized' } });
    await send({ body: article('art-8', { title: 'Fresh' }) });
    expect((await getWebhookHealth(t.db.knex, new Date())).healthy).toBe(true);
    const rows = await t.db.knex('webhook_deliveries').select('document_id', 'document_type', 'operation', 'result', 'http_status').orderBy('id');
    expect(rows[0]).toMatchObject({ document_id: 'art-8', document_type: 'article', result: 'applied', http_status: 200 });
  });

  it('answers only POST', async () => {
    const res = await fetch(`${t.url}/api/sync-sanity`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });
});

describe('POST /api/sync-sanity without SANITY_WEBHOOK_SECRET', () => {
  const doc = JSON.stringify({ _id: 'open-1', _type: 'article', title: 'Unsigned delivery' });
  const post = (app: TestApp, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/sync-sanity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sanity-operation': 'delete', ...headers },
      body: doc,
    });

  it("refuses every delivery, says so at start-up and in the console's webhook health", async () => {
    const log = captureLogger('warn');
    const app = await startTestApp({ logger: log.logger });
    try {
      expect(log.text()).toMatch(/SANITY_WEBHOOK_SECRET is not set: every delivery is refused/);
      const attempts: Record<string, string>[] = [
        {},
        { 'x-sanity-secret': '' },
        { 'x-sanity-secret': 'anything' },
        { 'sanity-webhook-signature': 't=1,v1=abc' },
      ];
      for (const headers of attempts) {
        const res = await post(app, headers);
        expect(res.status).toBe(401);
        expect(((await res.json()) as any).error.code).toBe('webhook_not_configured');
      }
      expect(await app.db.knex('synced_content').where('sanity_id', 'open-1').first()).toBeUndefined();
      const { client } = await app.signedIn('editor');
      const sync = await client.json(await client.get('/api/console/sync'));
      expect(sync.health).toMatchObject({ healthy: false, security: { mode: 'refusing', message: expect.stringContaining('SANITY_WEBHOOK_SECRET') } });
      expect(sync.secretConfigured).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('accepts unsigned deliveries only with C360_SANITY_INSECURE_DEV=1, with a warning at start-up and in the health', async () => {
    const log = captureLogger('warn');
    const app = await startTestApp({ logger: log.logger, env: { C360_SANITY_INSECURE_DEV: '1' } });
    try {
      expect(log.lines().some((l) => l.level === 40 && /INSECURE/.test(String(l.msg)))).toBe(true);
      const res = await fetch(`${app.url}/api/sync-sanity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: doc });
      expect(res.status).toBe(200);
      const { client } = await app.signedIn('editor');
      const sync = await client.json(await client.get('/api/console/sync'));
      expect(sync.health.security).toMatchObject({ mode: 'insecure_dev', message: expect.stringContaining('INSECURE') });
    } finally {
      await app.close();
    }
  });

  it('with a secret, the health says deliveries must be signed', async () => {
    const { client } = await t.signedIn('editor');
    const sync = await client.json(await client.get('/api/console/sync'));
    expect(sync.health.security.mode).toBe('signed');
  });
});
