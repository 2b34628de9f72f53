import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICIALLY_CONFIRMED } from '../core/stories/publishing';
import type { Story } from '../core/stories/story';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * Honest labels (issue 23, item 3): the API, the console and RSS name each story's verification state
 * by the one core rule; the editor who vouched is named to editors only.
 */

let t: TestApp;
let editor: TestClient;
const stories: Record<string, Story> = {};
const EDITOR = 'labels.editor@c360.test';
const outlet = (name: string, kind = 'press') => ({ outlet: name, url: null, kind, independent: true, owner_group: name });
const at = '2026-11-20T12:00:00Z';

beforeAll(async () => {
  t = await startTestApp();
  editor = (await t.signedIn('editor', EDITOR)).client;
  const now = new Date();
  stories.sources = await createStory(t.db.knex, {
    now,
    daysAgo: 0.1,
    title: 'Two outlets report the ferry resumes',
    sources: [outlet('Tobago News'), outlet('Trinidad Daily')],
    ai_fact_check_panel: [{ claim: 'The ferry resumes on Monday.', resolved: true, verdict: 'corroborated', source_resolved: true }],
  });
  stories.official = await createStory(t.db.knex, {
    now,
    daysAgo: 0.2,
    title: 'Hurricane warning for Jamaica reported by one outlet',
    source_count: 1,
    source_list: ['Jamaica Gleaner'],
    sources: [outlet('Jamaica Gleaner')],
    status_flags: [OFFICIALLY_CONFIRMED],
    ai_fact_check_panel: [{ claim: 'A hurricane warning is in force for Jamaica.', resolved: true, verdict: 'official source', source_resolved: true }],
  });
  stories.editor = await createStory(t.db.knex, {
    now,
    daysAgo: 0.3,
    title: 'Regatta moved to Sunday, one outlet says',
    source_count: 1,
    source_list: ['Grenada Voice'],
    sources: [outlet('Grenada Voice')],
    triangulation_check: false,
    human_verified: true,
    ai_fact_check_panel: [
      {
        claim: 'The regatta moves to Sunday.',
        resolved: true,
        verdict: 'single source',
        source_resolved: false,
        decision: 'confirmed',
        decided_by: EDITOR,
        decision_reason: 'Called the club',
      },
    ],
  });
  stories.forced = await createStory(t.db.knex, {
    now,
    daysAgo: 0.4,
    title: 'Festival poster competition opens, one outlet says',
    source_count: 1,
    source_list: ['Barbados Today'],
    sources: [outlet('Barbados Today')],
    triangulation_check: false,
    human_verified: true,
    ai_fact_check_panel: [],
    audit_log: [{ action: 'manual_override_publish', user: EDITOR, timestamp: at, reason: 'Slow news day' }],
  });
});
afterAll(() => t.close());

const EXPECTED = { sources: 'independent_sources', official: 'official_source', editor: 'editor', forced: 'unverified' } as const;

describe('verification labels', () => {
  it('the article API names each state, and never the editor', async () => {
    for (const [key, state] of Object.entries(EXPECTED)) {
      const body = await (await fetch(`${t.url}/api/articles/${stories[key]!.id}`)).json();
      expect(body.story.verification, key).toBe(state);
      expect(JSON.stringify(body)).not.toContain(EDITOR);
    }
  });

  it('story cards (search, lists) carry the same state', async () => {
    const body = await (await fetch(`${t.url}/api/search?q=regatta`)).json();
    expect(body.items.map((s: { verification: string }) => s.verification)).toEqual(['editor']);
    const list = await (await fetch(`${t.url}/api/search?q=festival`)).json();
    expect(list.items[0]).toMatchObject({ verification: 'unverified' });
  });

  it('the console shows the state with the editor who vouched', async () => {
    const res = await editor.get(`/api/console/stories/${stories.editor!.id}`);
    expect(res.status).toBe(200);
    const { story } = await res.json();
    expect(story.verification).toEqual({ state: 'editor', independent_sources: 1, verified_by: EDITOR });
    const forced = (await editor.json(await editor.get(`/api/console/stories/${stories.forced!.id}`))).story;
    expect(forced.verification).toMatchObject({ state: 'unverified', verified_by: null });
    const page = await editor.json(await editor.get('/api/console/stories?stage=published&limit=50'));
    const byId = new Map(page.items.map((s: { id: string; verification: { state: string } }) => [s.id, s.verification.state]));
    for (const [key, state] of Object.entries(EXPECTED)) expect(byId.get(stories[key]!.id), key).toBe(state);
  });

  it('RSS says per item how the story was checked, and does not call the feed verified', async () => {
    const rss = await (await fetch(`${t.url}/rss.xml`)).text();
    const item = (title: string) => rss.split('<item>').find((i) => i.includes(title))!;
    expect(item('Two outlets report')).toContain('<category domain="verification">Confirmed by two or more independent sources</category>');
    expect(item('Hurricane warning for Jamaica')).toContain('<category domain="verification">Confirmed by an official source</category>');
    expect(item('Regatta moved')).toContain('<category domain="verification">Verified by an editor</category>');
    expect(item('Festival poster')).toContain('<category domain="verification">Not independently confirmed</category>');
    expect(rss).not.toContain(EDITOR);
    expect(rss).not.toMatch(/<description>Verified/);
  });
});
