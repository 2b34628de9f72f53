import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStory } from '../test/factories/stories';
import { startFakeOpenAi, type FakeOpenAi } from '../test/helpers/fake-openai';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** "Translate to Español" on an article: one AI call per story, language and version, kept in the database. */
let ai: FakeOpenAi;
let t: TestApp;
let offline: TestApp;

const layers = [
  { layerType: 'short_version', content: 'The council approved the water main.' },
  { layerType: 'what_happened', content: 'The council voted 9 to 2.', timeline: [{ date: '2026-11-19', event: 'Public hearing held.' }] },
  {
    layerType: 'what_locals_saying',
    content: '',
    quotes: [{ quote: 'We waited years for this.', author: 'Ann Brown', role: 'resident', platform: 'Jamaica Gleaner' }],
  },
];

beforeAll(async () => {
  ai = await startFakeOpenAi();
  t = await startTestApp({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: ai.baseUrl, C360_AI_TIMEOUT_MS: '1500' },
    rateLimits: { translate: { windowMs: 60_000, limit: 8 } },
  });
  offline = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await offline.close();
  await ai.close();
});

const translate = (app: TestApp, id: string, language: string, address = '203.0.113.50') =>
  app.client().post(`/api/articles/${id}/translation`, { language }, { headers: { 'x-forwarded-for': address } });

describe('POST /api/articles/:id/translation', () => {
  it('translates the title, summary and layers in one AI call, and serves the kept translation without a second call', async () => {
    const story = await createStory(t.db.knex, { title: 'Council approves water main', layers: layers as never });
    const first = await translate(t, story.id, 'es');
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      translation: {
        title: string;
        layers: { content: string; timeline?: { event: string; date: string }[]; quotes?: { quote: string; author: string }[] }[];
        cached: boolean;
      };
    };
    expect(body.translation.title).toBe('[es] Council approves water main');
    expect(body.translation.layers[1]!.timeline![0]).toEqual({ date: '2026-11-19', event: '[es] Public hearing held.' });
    expect(body.translation.layers[2]!.quotes![0]).toMatchObject({ quote: '[es] We waited years for this.', author: 'Ann Brown' });
    expect(body.translation.cached).toBe(false);
    expect(ai.translationCalls).toBe(1);
    expect(ai.requests.length).toBe(0); // no story call was made

    const second = await translate(t, story.id, 'es', '198.51.100.50');
    expect(((await second.json()) as { translation: { cached: boolean; title: string } }).translation).toMatchObject({
      cached: true,
      title: '[es] Council approves water main',
    });
    expect(ai.translationCalls).toBe(1);
  });

  it('translates again after the story changes (a new version), and not before', async () => {
    const story = await createStory(t.db.knex, { title: 'Port strike ends', layers: layers as never });
    await translate(t, story.id, 'fr');
    const calls = ai.translationCalls;
    await t.db.knex('synced_content').where({ id: story.id }).update({ sources_version: 2, title: 'Port strike ends after talks' });
    t.app.cache.invalidate();
    const again = await translate(t, story.id, 'fr');
    expect(((await again.json()) as { translation: { title: string; cached: boolean } }).translation).toMatchObject({
      title: '[fr] Port strike ends after talks',
      cached: false,
    });
    expect(ai.translationCalls).toBe(calls + 1);
  });

  it('answers 502 with a message and keeps nothing when the model answers garbage', async () => {
    const story = await createStory(t.db.knex, { title: 'Garbage answer story', layers: layers as never });
    ai.setTranslation('garbage');
    try {
      const res = await translate(t, story.id, 'nl');
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/translation service/i);
      expect(await t.db.knex('story_translations').where({ story_id: story.id })).toEqual([]);
    } finally {
      ai.setTranslation('valid');
    }
  });

  it('answers 502 when the model does not answer in time, and keeps nothing', async () => {
    const story = await createStory(t.db.knex, { title: 'Slow answer story', layers: layers as never });
    ai.setTranslation('hang');
    try {
      const res = await translate(t, story.id, 'nl');
      expect(res.status).toBe(502);
      expect(await t.db.knex('story_translations').where({ story_id: story.id })).toEqual([]);
    } finally {
      ai.setTranslation('valid');
    }
  });

  it('refuses unpublished stories (404) and unknown languages (400)', async () => {
    const draft = await createStory(t.db.knex, { title: 'A draft', pipeline_stage: 'drafted', status: 'draft', published_at: null });
    expect((await translate(t, draft.id, 'es')).status).toBe(404);
    const story = await createStory(t.db.knex, { title: 'Published one' });
    expect((await translate(t, story.id, 'de')).status).toBe(400);
  });

  it('limits translations per address (429), other addresses still get theirs', async () => {
    const story = await createStory(t.db.knex, { title: 'Rate limited story', layers: layers as never });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await translate(t, story.id, 'es', '192.0.2.77')).status);
    expect(statuses).toContain(429);
    expect((await translate(t, story.id, 'es', '192.0.2.78')).status).toBe(200);
  });

  it('offline: the article says no translation is available and the endpoint refuses', async () => {
    const story = await createStory(offline.db.knex, { title: 'Offline story' });
    const article = (await (await offline.client().get(`/api/articles/${story.id}`)).json()) as { translation: boolean; story: { language: string } };
    expect(article.translation).toBe(false);
    expect(article.story.language).toBe('en');
    expect((await translate(offline, story.id, 'es')).status).toBe(422);
    const online = (await (await t.client().get(`/api/articles/${(await createStory(t.db.knex, { title: 'Online story' })).id}`)).json()) as {
      translation: boolean;
    };
    expect(online.translation).toBe(true);
  });
});
