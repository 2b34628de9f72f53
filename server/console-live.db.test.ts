import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { createSession } from '../core/accounts/sessions';
import { CHANNELS, notify } from '../core/db/notify';
import { auditEntry } from '../core/stories/story';
import { updateStory } from '../core/stories/story-repository';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { SseStream } from '../test/helpers/sse-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let editor: TestClient;
const open: SseStream[] = [];

async function stream(client: TestClient): Promise<SseStream> {
  const s = await SseStream.open(client, '/api/console/events');
  open.push(s);
  return s;
}

/** Long enough for a loaded machine; each wait ends as soon as its event arrives. */
const EVENT_MS = 20_000;

/**
 * Waits until every notification committed before now has been relayed: a marker notification is
 * sent and its event awaited. Notifications reach the server in commit order and each relay sends
 * everything pending, so once the marker's event is here, nothing older is still on its way. Then
 * forgets what was received, so the next event awaited is caused by what the test does next
 * (waiting a fixed time instead made the test fail on a loaded machine).
 */
async function settle(s: SseStream): Promise<void> {
  await notify(t.db.knex, CHANNELS.rawItemsInserted, { count: 1, outlet: 'settle marker' });
  await s.next('raw_items', EVENT_MS);
  s.clear();
}

beforeAll(async () => {
  t = await startTestApp();
  editor = (await t.signedIn('editor')).client;
});
afterAll(async () => {
  await t.close();
  for (const s of open) s.close();
});

describe('console live updates (Server-Sent Events)', () => {
  it('relays a story change written by another process (straight to the database) to the browser', async () => {
    const story = await createStory(t.db.knex, { title: 'Live relay story about ferries in Tobago' });
    const s = await stream(editor);
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('cache-control')).toContain('no-transform');
    expect(s.response.headers.get('content-encoding')).toBeNull();
    expect((await s.next('ready', EVENT_MS)).data).toEqual({ listening: true, heartbeatMs: 15_000 });
    // The story's creation may still be on its way: let it pass, so the next stories event is the update's.
    await settle(s);

    // As a CLI worker would: through the core, not through this server.
    await updateStory(t.db.knex, story.id, { title: 'Live relay story about ferries in Tobago, updated' }, auditEntry('edit', 'cli:test', new Date()));
    expect((await s.next('stories', EVENT_MS)).data).toEqual({});
    // Nothing of the update may be coalesced with the next notification (it would make it "all").
    await settle(s);

    // The pipeline's finer notification names the story.
    await notify(t.db.knex, CHANNELS.storyUpdated, { id: story.id });
    expect((await s.next('stories', EVENT_MS)).data).toEqual({ ids: [story.id] });
  });

  it('relays new source items, new patterns and pipeline progress, coalescing bursts', async () => {
    const s = await stream(editor);
    await s.next('ready', EVENT_MS);
    await settle(s);
    await notify(t.db.knex, CHANNELS.rawItemsInserted, { count: 3, outlet: 'Kingston Ledger' });
    await notify(t.db.knex, CHANNELS.rawItemsInserted, { count: 2, outlet: 'Nassau Tide' });
    expect((await s.next('raw_items', EVENT_MS)).data).toEqual({ count: 5 });
    await notify(t.db.knex, CHANNELS.patternsInserted, { signals: 4, patterns: 1 });
    expect((await s.next('patterns', EVENT_MS)).data).toEqual({ signals: 4, patterns: 1 });
    await notify(t.db.knex, CHANNELS.pipelineProgress, { runId: 7, stage: 'summarise', done: 1, total: 9 });
    await notify(t.db.knex, CHANNELS.pipelineProgress, { runId: 7, stage: 'summarise', done: 2, total: 9 });
    expect((await s.next('pipeline', EVENT_MS)).data).toEqual({ runId: 7, stage: 'summarise', done: 2, total: 9 });

    // Twenty writes in a burst arrive as a few events, not twenty (see the unit test for the exact rule).
    const story = await createStory(t.db.knex, { title: 'Burst story about cricket in Bridgetown' });
    await settle(s);
    for (let i = 0; i < 20; i++) await updateStory(t.db.knex, story.id, { urgency: i }, auditEntry('edit', 'cli:test', new Date()));
    // Every notification of the burst relayed (the marker comes after them), then counted.
    await notify(t.db.knex, CHANNELS.rawItemsInserted, { count: 1, outlet: 'settle marker' });
    await s.next('raw_items', EVENT_MS);
    const events = s.received.filter((e) => e.event === 'stories').length;
    expect(events).toBeGreaterThanOrEqual(1);
    expect(events).toBeLessThan(10);
  });

  it('sends a heartbeat-free JSON state to a client that does not ask for a stream', async () => {
    const res = await editor.get('/api/console/events');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ listening: true, heartbeatMs: 15_000 });
  });

  it('refuses readers (403) and anonymous browsers (401) without opening a stream', async () => {
    const reader = await SseStream.open((await t.signedIn('reader')).client, '/api/console/events');
    expect(reader.response.status).toBe(403);
    expect(reader.response.headers.get('content-type')).toContain('application/json');
    const anonymous = await SseStream.open(t.client(), '/api/console/events');
    expect(anonymous.response.status).toBe(401);
  });

  it('ends the stream when the access cookie it was opened with expires, saying so (reauth)', async () => {
    const user = await addUser(t.db.knex, { email: 'expiring.editor@c360.test', role: 'editor', password: 'correct horse 42' });
    // A session whose 15-minute access token has 1.5 s left.
    const session = await createSession(t.db.knex, { user, method: 'password', now: new Date(Date.now() - 15 * 60_000 + 1_500) });
    const client = t.client();
    client.jar.set(client.host, 'c360_at', session.accessToken);
    const s = await stream(client);
    expect(s.response.status).toBe(200);
    await s.next('ready');
    await s.next('reauth', 4_000);
    await s.waitForEnd(2_000);
  });

  it('limits open streams per account (429), and frees a slot when a browser hangs up', async () => {
    const { client } = await t.signedIn('editor');
    const streams: SseStream[] = [];
    for (let i = 0; i < 10; i++) streams.push(await stream(client));
    expect(streams.every((s) => s.response.status === 200)).toBe(true);
    const refused = await stream(client);
    expect(refused.response.status).toBe(429);
    expect((await refused.response.json()).error.code).toBe('rate_limited');
    streams[0]!.close();
    // Give the client library a moment to tear the aborted connection down, as a browser would.
    await new Promise((r) => setTimeout(r, 300));
    await expect
      .poll(
        async () => {
          const again = await SseStream.open(client, '/api/console/events');
          open.push(again);
          if (again.response.status !== 200) await again.response.arrayBuffer();
          return again.response.status;
        },
        { timeout: 3000 },
      )
      .toBe(200);
  });

  it('closes every stream when the server shuts down, without waiting for the grace period', async () => {
    const own = await startTestApp({ db: t.db });
    const { client } = await own.signedIn('admin');
    const s = await SseStream.open(client, '/api/console/events');
    await s.next('ready');
    const started = Date.now();
    await own.close();
    await s.waitForEnd(2_000);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
