import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_MESSAGE } from '../core/stories/publishing';
import { getStoryById } from '../core/stories/story-repository';
import { createStory } from '../test/factories/stories';
import { insertRawItems } from '../test/factories/raw-items';
import type { TestClient } from '../test/helpers/http-client';
import { SseStream } from '../test/helpers/sse-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let editor: TestClient;
let editorEmail: string;
let editorId: string;
const now = new Date();
const NO_SUCH = '00000000-0000-4000-8000-00000000dead';

beforeAll(async () => {
  t = await startTestApp({ env: { C360_SANITY_INSECURE_DEV: '1' } }); // its Content Sync test posts unsigned deliveries
  const e = await t.signedIn('editor', 'workflow.editor@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  editorId = e.user.id;
});
afterAll(() => t.close());

const body = async (res: Response) => ({ status: res.status, json: await res.json() });

describe('dashboard home and article lists', () => {
  it('counts stories, regions and high-priority stories, and lists the newest three', async () => {
    await createStory(t.db.knex, { now, title: 'Critical flood warning for Montego Bay', region: 'Jamaica', ai_risk_level: 'critical' });
    await createStory(t.db.knex, { now, title: 'High seas close the port of Bridgetown', region: 'Barbados', ai_risk_level: 'high' });
    const newest = await createStory(t.db.knex, { now, title: 'Calm week for markets in Port of Spain', region: 'Trinidad and Tobago', ai_risk_level: 'low' });
    const o = await editor.json(await editor.get('/api/console/overview'));
    const rows = await t.db.knex('synced_content').select('region', 'ai_risk_level');
    expect(o.counts.total).toBe(rows.length);
    expect(o.counts.regions).toBe(new Set(rows.map((r: { region: string }) => r.region)).size);
    expect(o.counts.highPriority).toBe(rows.filter((r: { ai_risk_level: string }) => ['high', 'critical'].includes(r.ai_risk_level)).length);
    expect(o.latest).toHaveLength(3);
    expect(o.latest[0].id).toBe(newest.id);
    expect(o.latest[0]).toMatchObject({ status_label: 'Pending', live: true, publish_gate: { ok: true } });
    expect(o.latest[0].audit_log).toBeUndefined(); // cards carry what a card shows
    expect(o.signalsLast24h).toBe(0);
  });

  it('filters articles by title or summary (case-insensitive, wildcards are plain text), region substring, stage and CMS origin', async () => {
    await createStory(t.db.knex, {
      now,
      title: 'Cricket board names new captain',
      summary: 'The WEST INDIES board chose a 100% new approach.',
      region: 'Barbados',
    });
    await createStory(t.db.knex, {
      now,
      title: 'Draft on fishing quotas',
      region: 'Grenada',
      pipeline_stage: 'drafted',
      status: 'draft',
      published_at: null,
      sanity_id: 'sanity-doc-1',
    });
    const get = async (qs: string) => editor.json(await editor.get(`/api/console/articles?${qs}`));
    expect((await get('q=west%20indies')).items.map((s: { title: string }) => s.title)).toEqual(['Cricket board names new captain']);
    expect((await get('q=100%25')).total).toBe(1);
    expect((await get('q=%25')).items.every((s: { summary: string; title: string }) => `${s.title}${s.summary}`.includes('%'))).toBe(true);
    expect((await get('region=GREN')).items.map((s: { region: string }) => s.region)).toEqual(['Grenada']);
    expect((await get('stage=drafted')).items.every((s: { pipeline_stage: string }) => s.pipeline_stage === 'drafted')).toBe(true);
    const sanity = await get('source=sanity');
    expect(sanity.items.map((s: { sanity_id: string }) => s.sanity_id)).toEqual(['sanity-doc-1']);
    expect(sanity.items[0].document_status).toBe('draft');
    const all = await get('limit=2');
    expect(all.items).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
    expect(all.regions.map((r: { region: string }) => r.region)).toContain('Grenada');
    for (const bad of ['limit=1000', 'stage=bogus', 'source=elsewhere', 'offset=-1', `q=${'x'.repeat(201)}`])
      expect((await editor.get(`/api/console/articles?${bad}`)).status, bad).toBe(400);
  });

  it('Content Curation: featured lists by priority, ready excludes live stories, published holds the newest 20', async () => {
    const second = await createStory(t.db.knex, { now, title: 'Second featured story about rum', is_featured: true, featured_priority: 2 });
    const first = await createStory(t.db.knex, {
      now,
      title: 'First featured story about ferries',
      is_featured: true,
      featured_priority: 1,
      section_featured: true,
    });
    const draft = await createStory(t.db.knex, {
      now,
      title: 'Unpublished story about schools',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
    });
    for (let i = 0; i < 21; i++) await createStory(t.db.knex, { now, title: `Filler published story number ${i}`, daysAgo: 30 + i });
    const c = await editor.json(await editor.get('/api/console/curation'));
    const homeIds = c.homepage.map((s: { id: string }) => s.id);
    expect(homeIds.indexOf(first.id)).toBeLessThan(homeIds.indexOf(second.id));
    expect(c.section.map((s: { id: string }) => s.id)).toContain(first.id);
    expect(c.ready.items.map((s: { id: string }) => s.id)).toContain(draft.id);
    expect(c.ready.items.every((s: { live: boolean }) => !s.live)).toBe(true);
    expect(c.published).toHaveLength(20);
    expect(c.published.every((s: { live: boolean }) => s.live)).toBe(true);
    const dates = c.published.map((s: { published_at: string }) => s.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(c.counts.featured).toBeGreaterThanOrEqual(2);
    expect((await editor.get('/api/console/curation?readyLimit=0')).status).toBe(400);
  });
});

describe('Content Sync and the Sanity Editor page', () => {
  it('reports webhook health from recorded deliveries and this server’s webhook address', async () => {
    const hook = await t
      .client()
      .post('/api/sync-sanity', { _id: 'sync-doc-1', _type: 'article', title: 'Synced article about the Kingston harbour', region: 'Jamaica' });
    expect(hook.status).toBe(200);
    await t.client().post('/api/sync-sanity', { _id: 'sync-doc-2', _type: 'nonsense' });
    const s = await editor.json(await editor.get('/api/console/sync?q=harbour'));
    expect(s.webhookUrl).toBe(`${t.url}/api/sync-sanity`);
    expect(s.health).toMatchObject({ healthy: true, syncedStories: expect.any(Number) });
    expect(s.health.last24h.applied).toBeGreaterThanOrEqual(1);
    expect(s.deliveries[0]).toMatchObject({ document_id: expect.any(String), result: expect.any(String), http_status: expect.any(Number) });
    expect(s.deliveries.some((d: { document_id: string; result: string }) => d.document_id === 'sync-doc-1' && d.result === 'applied')).toBe(true);
    expect(s.articles.items.map((a: { title: string }) => a.title)).toEqual(['Synced article about the Kingston harbour']);
    expect(s.lastUpdatedAt).toEqual(expect.any(String));

    // With a public address configured, that is the address to give Sanity.
    const other = await startTestApp({ db: t.db, env: { C360_PUBLIC_URL: 'http://news.example.org/' } });
    const { client } = await other.signedIn('editor');
    expect((await client.json(await client.get('/api/console/sync'))).webhookUrl).toBe('http://news.example.org/api/sync-sanity');
    await other.close();
  });

  it('lists only CMS documents with published / review / draft statuses', async () => {
    await createStory(t.db.knex, {
      now,
      title: 'CMS story awaiting review',
      sanity_id: 'sanity-review-1',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
    });
    const d = await editor.json(await editor.get('/api/console/sanity/documents'));
    expect(d.documents.items.length).toBe(d.statuses.total);
    expect(d.documents.items.every((s: { sanity_id: string | null }) => s.sanity_id)).toBe(true);
    expect(d.statuses.published + d.statuses.review + d.statuses.draft).toBe(d.statuses.total);
    expect(d.documents.items.find((s: { sanity_id: string }) => s.sanity_id === 'sanity-review-1').document_status).toBe('review');
  });
});

describe('story editor', () => {
  it('creates a new story as a draft with the editor as author; refuses short titles and unknown fields', async () => {
    const { status, json } = await body(
      await editor.post('/api/console/stories', {
        title: 'Hand-written note on Carnival traffic',
        region: 'Trinidad',
        tags: ['carnival', ' carnival ', 'traffic'],
        layers: { short_version: 'Roads close at noon.' },
      }),
    );
    expect(status).toBe(201);
    expect(json.story).toMatchObject({
      pipeline_stage: 'drafted',
      status: 'draft',
      source_count: 0,
      tags: ['carnival', 'traffic'],
      last_updated_by: editorEmail,
    });
    expect(json.story.layers).toEqual([{ layerType: 'short_version', content: 'Roads close at noon.' }]);
    expect(json.story.audit_log).toEqual([expect.objectContaining({ action: 'create', user: editorEmail })]);
    expect((await editor.post('/api/console/stories', { title: 'No' })).status).toBe(400);
    expect((await editor.post('/api/console/stories', { title: 'Fine title', owner: 'me' })).status).toBe(400);
  });

  it('edits title, summary and layers (keeping quotes and timelines), audited once; no change, no entry', async () => {
    const story = await createStory(t.db.knex, {
      now,
      title: 'Original title about the airport',
      layers: [
        { layerType: 'short_version', content: 'Old short version.' },
        { layerType: 'what_locals_saying', content: 'Residents spoke.', quotes: [{ quote: 'We need it', author: 'Ann Lee' }] },
      ],
    });
    const put = (edit: unknown) => editor.request('PUT', `/api/console/stories/${story.id}/content`, { body: edit });
    const { status, json } = await body(
      await put({
        title: 'Edited title about the airport',
        summary: 'A new summary.',
        layers: { what_locals_saying: 'Residents and traders spoke.', our_take: 'Worth watching.' },
      }),
    );
    expect(status).toBe(200);
    expect(json.story).toMatchObject({ title: 'Edited title about the airport', summary: 'A new summary.', last_updated_by: editorEmail });
    const locals = json.story.layers.find((l: { layerType: string }) => l.layerType === 'what_locals_saying');
    expect(locals).toEqual({ layerType: 'what_locals_saying', content: 'Residents and traders spoke.', quotes: [{ quote: 'We need it', author: 'Ann Lee' }] });
    expect(json.story.layers.map((l: { layerType: string }) => l.layerType)).toEqual(['short_version', 'what_locals_saying', 'our_take']);
    expect(json.story.audit_log).toEqual([
      expect.objectContaining({ action: 'edit_content', user: editorEmail, details: 'edited title, summary, layer what_locals_saying, layer our_take' }),
    ]);
    const again = await body(await put({ title: 'Edited title about the airport', summary: 'A new summary.' }));
    expect(again.json.story.audit_log).toHaveLength(1);
    expect((await put({ title: 'ab' })).status).toBe(400);
    expect((await put({ layers: { sixth_layer: 'x' } })).status).toBe(400);
    expect((await editor.request('PUT', `/api/console/stories/${NO_SUCH}/content`, { body: { title: 'Whatever title' } })).status).toBe(404);
    expect((await editor.request('PUT', '/api/console/stories/not-a-uuid/content', { body: { title: 'Whatever title' } })).status).toBe(404);
  });

  it('moves a story between stages: to published only through the gate; back again takes it off the site', async () => {
    const weak = await createStory(t.db.knex, {
      now,
      title: 'One-source rumour about a bank in Nassau',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      source_count: 1,
    });
    const refused = await body(await editor.post(`/api/console/stories/${weak.id}/stage`, { stage: 'published' }));
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatchObject({ code: 'publish_gate_failed', message: GATE_MESSAGE, missing: ['sources'] });

    const good = await createStory(t.db.knex, {
      now,
      title: 'Two outlets report a new ferry for Tobago',
      pipeline_stage: 'drafted',
      status: 'draft',
      published_at: null,
      is_featured: true,
      featured_priority: 3,
    });
    const verified = await body(await editor.post(`/api/console/stories/${good.id}/stage`, { stage: 'verified', reason: 'Checked both reports' }));
    expect(verified.json.story.pipeline_stage).toBe('verified');
    const published = (await body(await editor.post(`/api/console/stories/${good.id}/stage`, { stage: 'published' }))).json.story;
    expect(published).toMatchObject({ pipeline_stage: 'published', status: 'published', is_featured: true, featured_priority: 3 });
    expect((await t.client().get(`/api/articles/${good.id}`)).status).toBe(200);
    const back = (await body(await editor.post(`/api/console/stories/${good.id}/stage`, { stage: 'ranked' }))).json.story;
    expect(back).toMatchObject({ pipeline_stage: 'ranked', status: 'draft', live: false });
    expect((await t.client().get(`/api/articles/${good.id}`)).status).toBe(404);
    expect(back.audit_log.map((e: { action: string; details: string; reason?: string; user: string }) => [e.action, e.details, e.reason, e.user])).toEqual([
      ['workflow_stage', 'drafted → verified', 'Checked both reports', editorEmail],
      ['workflow_stage', 'verified → published', undefined, editorEmail],
      ['workflow_stage', 'published → ranked', undefined, editorEmail],
    ]);
    expect((await editor.post(`/api/console/stories/${good.id}/stage`, { stage: 'archived' })).status).toBe(400);
    expect((await editor.post(`/api/console/stories/${NO_SUCH}/stage`, { stage: 'ranked' })).status).toBe(404);
  });
});

describe('overrides from the console', () => {
  it("tell the pipeline: a reject is an editor's flag it keeps, an approval queues the story for publishing", async () => {
    const story = await createStory(t.db.knex, {
      now,
      title: 'Contested report on a land sale in Roseau',
      pipeline_stage: 'verified',
      status: 'draft',
      published_at: null,
      triangulation_check: false,
    });
    const work = () => t.db.knex('synced_content').select('flag_reason', 'flag_origin', 'pipeline_next').where('id', story.id).first();
    expect((await editor.post(`/api/console/stories/${story.id}/override`, { action: 'reject', reason: 'Owner denies it' })).status).toBe(200);
    expect(await work()).toMatchObject({ flag_reason: 'Owner denies it', flag_origin: 'editor' });
    const approved = await body(await editor.post(`/api/console/stories/${story.id}/override`, { action: 'approve' }));
    expect(approved.json.story).toMatchObject({ human_verified: true, flag_reason: null, publish_gate: { ok: true } });
    expect(await work()).toMatchObject({ flag_origin: null, pipeline_next: 'publish' });
    expect(approved.json.story.audit_log.map((e: { action: string; user: string }) => [e.action, e.user])).toEqual([
      ['manual_override_reject', editorEmail],
      ['manual_override_approve', editorEmail],
    ]);
    expect((await editor.post(`/api/console/stories/${story.id}/override`, { action: 'bless' })).status).toBe(400);
  });
});

describe('community insights', () => {
  it('adds, edits and deletes voices by hand with the spec’s rules and audit actions', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Bus fares rise in Kingston' });
    const base = `/api/console/stories/${story.id}/insights`;
    const added = await body(await editor.post(base, { quote: 'Fares hurt students most', attribution: 'Maya Reid, student', source: 'Interview' }));
    expect(added.status).toBe(201);
    expect(added.json.insight).toMatchObject({ sentiment: 'neutral', date: now.toISOString().slice(0, 10), origin: 'manual', created_by: editorEmail });
    // Add/Update need both a quote and an attribution.
    expect((await editor.post(base, { quote: '   ', attribution: 'Someone', source: 'Interview' })).status).toBe(400);
    expect((await editor.post(base, { quote: 'Something', attribution: '', source: 'Interview' })).status).toBe(400);
    expect((await editor.post(base, { quote: 'Something', attribution: 'Someone', source: 'Telegram' })).status).toBe(400);
    expect((await editor.post(base, { quote: 'Something', attribution: 'Someone', source: 'Reddit', date: '2026-13-40' })).status).toBe(400);
    expect((await editor.post(base, { quote: 'fares hurt students most ', attribution: 'Copy', source: 'Reddit' })).status).toBe(409);

    const id = added.json.insight.id;
    const edited = await body(await editor.request('PATCH', `${base}/${id}`, { body: { sentiment: 'negative', source: 'WhatsApp', date: '2026-11-01' } }));
    expect(edited.json.insight).toMatchObject({ sentiment: 'negative', source: 'WhatsApp', date: '2026-11-01', quote: 'Fares hurt students most' });
    expect((await editor.request('PATCH', `${base}/${id}`, { body: { quote: '' } })).status).toBe(400);
    expect((await editor.request('PATCH', `${base}/${NO_SUCH}`, { body: { sentiment: 'positive' } })).status).toBe(404);
    const other = await createStory(t.db.knex, { now, title: 'Another story entirely' });
    expect((await editor.request('DELETE', `/api/console/stories/${other.id}/insights/${id}`)).status).toBe(404);
    expect((await editor.request('DELETE', `${base}/${id}`)).status).toBe(200);
    expect((await editor.json(await editor.get(base))).insights).toEqual([]);
    const audit = (await getStoryById(t.db.knex, story.id))!.audit_log;
    expect(audit.map((e) => [e.action, e.user])).toEqual([
      ['manual-add-insight', editorEmail],
      ['manual-edit-insight', editorEmail],
      ['manual-delete-insight', editorEmail],
    ]);
    expect((await editor.get(`/api/console/stories/${NO_SUCH}/insights`)).status).toBe(404);
  });

  it('scans the ingested items that mention the story and generates voices quoted in them, once', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Water shortage hits Spanish Town households', region: 'Jamaica', tags: ['water'] });
    const [own] = await insertRawItems(t.db.knex, [
      {
        outlet: 'Kingston Ledger',
        title: 'Taps run dry in Spanish Town',
        content: '<p>"We have had no water for four days," said Marcia Brown, a resident of Spanish Town.</p>',
        published_at: '2026-11-19T10:00:00Z',
      },
    ]);
    await t.db.knex('raw_feeds').update({ story_id: story.id }).where('id', own);
    const [mention] = await insertRawItems(t.db.knex, [
      {
        outlet: 'Antilles Wire',
        title: 'Jamaica water utility promises trucks for Spanish Town',
        content: '<p>"Trucks will reach every community by Friday," said Winston Clarke, the utility spokesman.</p>',
      },
    ]);
    const [unrelated] = await insertRawItems(t.db.knex, [
      { outlet: 'Nassau Tide', title: 'Regatta season opens in Nassau', content: '<p>"A great day for sailing," said Tom Hanna.</p>' },
    ]);
    const scan = await editor.json(await editor.post(`/api/console/stories/${story.id}/insights/scan`, {}));
    expect(scan.timeframe).toBe('7d');
    expect(scan.terms).toEqual(expect.arrayContaining(['jamaica', 'water']));
    const ids = scan.items.map((i: { id: string }) => i.id);
    expect(ids[0]).toBe(own);
    expect(ids).toContain(mention);
    expect(ids).not.toContain(unrelated);

    const gen = await body(await editor.post(`/api/console/stories/${story.id}/insights/generate`, { itemIds: ids }));
    expect(gen.status).toBe(200);
    expect(gen.json).toMatchObject({ added: 2, itemsRead: 2, provider: 'offline' });
    const marcia = gen.json.insights.find((i: { attribution: string }) => i.attribution.startsWith('Marcia Brown'));
    expect(marcia).toMatchObject({
      quote: 'We have had no water for four days',
      origin: 'auto',
      source: 'Local News',
      source_item_id: own,
      source_outlet: 'Kingston Ledger',
      date: '2026-11-19',
    });
    const again = await editor.json(await editor.post(`/api/console/stories/${story.id}/insights/generate`, { itemIds: ids }));
    expect(again).toMatchObject({ added: 0, skipped: 2 });
    expect(again.insights).toHaveLength(2);
    const audit = (await getStoryById(t.db.knex, story.id))!.audit_log;
    expect(audit.map((e) => [e.action, e.user, e.details])).toEqual([
      ['auto-generated-community-insights', editorEmail, '2 voices from 2 source items (offline)'],
      ['auto-generated-community-insights', editorEmail, '0 voices from 2 source items (offline)'],
    ]);
    expect((await editor.post(`/api/console/stories/${story.id}/insights/generate`, { itemIds: [] })).status).toBe(400);
    expect((await editor.post(`/api/console/stories/${story.id}/insights/generate`, { itemIds: ['not-a-uuid'] })).status).toBe(400);
  });

  it('refuses to generate without a title and a region (the spec’s Missing Information message)', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Story with no region set', region: '' });
    const res = await body(await editor.post(`/api/console/stories/${story.id}/insights/scan`, {}));
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Missing Information: Article title and region are required for community insights generation.');
  });
});

describe('editorial tasks', () => {
  it('creates, assigns, moves and deletes tasks; the list updates live', async () => {
    const story = await createStory(t.db.knex, { now, title: 'Story that needs a second source' });
    const { user: reader } = await t.signedIn('reader', 'not.an.editor@c360.test');
    const assignees = (await editor.json(await editor.get('/api/console/assignees'))).items;
    expect(assignees.map((a: { email: string }) => a.email)).toContain(editorEmail);
    expect(assignees.map((a: { email: string }) => a.email)).not.toContain('not.an.editor@c360.test');

    const stream = await SseStream.open(editor, '/api/console/events');
    await stream.next('ready');
    const deadline = new Date(now.getTime() + 86_400_000).toISOString();
    const created = await body(
      await editor.post('/api/console/tasks', { title: 'Find a second source', storyId: story.id, assigneeId: editorId, deadline, priority: 'HIGH' }),
    );
    expect(created.status).toBe(201);
    expect(created.json.task).toMatchObject({
      title: 'Find a second source',
      status: 'pending_review',
      priority: 'HIGH',
      deadline,
      story: { id: story.id, title: 'Story that needs a second source', pipeline_stage: 'published' },
      assignee: { id: editorId, email: editorEmail },
      created_by: editorEmail,
    });
    await stream.next('tasks');
    stream.close();

    const id = created.json.task.id;
    const moved = await body(await editor.request('PATCH', `/api/console/tasks/${id}`, { body: { status: 'in_progress', assigneeId: null } }));
    expect(moved.json.task).toMatchObject({ status: 'in_progress', assignee: null, updated_by: editorEmail });
    const list = await editor.json(await editor.get('/api/console/tasks?status=in_progress'));
    expect(list.items.map((x: { id: string }) => x.id)).toContain(id);
    expect(list.counts.in_progress).toBeGreaterThanOrEqual(1);

    expect((await editor.post('/api/console/tasks', { title: 'For a reader', assigneeId: reader.id })).status).toBe(400);
    expect((await editor.post('/api/console/tasks', { title: 'Unknown story', storyId: NO_SUCH })).status).toBe(404);
    expect((await editor.post('/api/console/tasks', { title: 'Unknown user', assigneeId: NO_SUCH })).status).toBe(404);
    expect((await editor.post('/api/console/tasks', { title: '  ' })).status).toBe(400);
    expect((await editor.post('/api/console/tasks', { title: 'Bad priority', priority: 'URGENT' })).status).toBe(400);
    expect((await editor.post('/api/console/tasks', { title: 'Bad deadline', deadline: 'tomorrow' })).status).toBe(400);
    expect((await editor.request('PATCH', `/api/console/tasks/${id}`, { body: { status: 'done' } })).status).toBe(400);
    expect((await editor.get('/api/console/tasks?status=done')).status).toBe(400);
    expect((await editor.request('DELETE', `/api/console/tasks/${id}`)).status).toBe(200);
    expect((await editor.request('DELETE', `/api/console/tasks/${id}`)).status).toBe(404);
    expect((await editor.request('PATCH', '/api/console/tasks/not-a-uuid', { body: { status: 'in_progress' } })).status).toBe(404);
  });
});
