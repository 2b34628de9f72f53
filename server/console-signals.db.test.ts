import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems } from '../test/factories/raw-items';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let editor: TestClient;
let editorEmail: string;
const now = new Date();
const ids: Record<string, string> = {};

async function story(
  key: string,
  input: Parameters<typeof createStory>[1],
  work: { topics?: string[]; entities?: string[]; diaspora_relevance?: number | null },
) {
  const s = await createStory(t.db.knex, { now, daysAgo: 0, ...input });
  await t.db
    .knex('synced_content')
    .where('id', s.id)
    .update({ ...work, last_item_at: now.toISOString(), first_item_at: now.toISOString() });
  ids[key] = s.id;
  return s;
}

async function signal(input: {
  type: string;
  strength: string;
  region: string;
  title: string;
  keywords: string[];
  storyKeys: string[];
  sentiment?: number;
  hoursAgo?: number;
}) {
  const at = new Date(now.getTime() - (input.hoursAgo ?? 1) * 3_600_000).toISOString();
  const [row] = await t.db
    .knex('signals')
    .insert({
      source: 'news stream: Kingston Ledger, Antilles Wire',
      type: input.type,
      strength: input.strength,
      title: input.title,
      summary: `${input.title}: stories against a baseline.`,
      timestamp: at,
      region: input.region,
      keywords: input.keywords,
      sentiment: input.sentiment ?? 0,
      urgency: 70,
      signal_key: `topic:${input.keywords[0]}`,
      mentions: input.storyKeys.length,
      baseline: 0.5,
      story_ids: input.storyKeys.map((k) => ids[k]),
      window_start: new Date(now.getTime() - 86_400_000).toISOString(),
      window_end: now.toISOString(),
      dedupe_key: `${input.title}|${at}`,
    })
    .returning('id');
  return (row as { id: string }).id;
}

let waterSignal: string;

beforeAll(async () => {
  t = await startTestApp();
  const e = await t.signedIn('editor', 'signals.editor@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  const water = ['org:national water commission', 'place:jamaica/kingston/kingston/parish'];
  await story(
    'w1',
    { title: 'Water lock-offs extended across Kingston', region: 'Jamaica', tags: ['infrastructure'] },
    { topics: ['infrastructure', 'economy'], entities: water, diaspora_relevance: 40 },
  );
  await story(
    'w2',
    { title: 'NWC promises new pumping station for Kingston', region: 'Jamaica', tags: ['infrastructure', 'investment'] },
    { topics: ['infrastructure'], entities: water, diaspora_relevance: 70 },
  );
  await story(
    'r1',
    { title: 'Remittances to Jamaica rise as diaspora sends more', region: 'Jamaica', tags: ['diaspora', 'remittances'] },
    { topics: ['diaspora', 'economy'], entities: ['org:bank of jamaica'], diaspora_relevance: 90 },
  );
  await story(
    'b1',
    { title: 'Barbados budget debate opens with GDP forecast', region: 'Barbados', tags: ['economy', 'GDP'] },
    { topics: ['economy', 'politics'], entities: ['org:parliament of barbados'], diaspora_relevance: 30 },
  );
  await story(
    'b2',
    { title: 'Opposition questions Barbados budget figures', region: 'Barbados', tags: ['politics'] },
    { topics: ['politics', 'economy'], entities: ['org:parliament of barbados'], diaspora_relevance: null },
  );
  await story(
    's1',
    { title: 'Cricket squad named for the Bridgetown test', region: 'Barbados', tags: ['sports'] },
    { topics: ['sports'], entities: ['person:kraigg brathwaite'], diaspora_relevance: 10 },
  );
  await insertRawItems(t.db.knex, [
    { outlet: 'Kingston Ledger', title: 'Water lock-offs extended', summary: 'NWC says lock-offs continue.' },
    { outlet: 'Antilles Wire', title: 'Kingston water woes continue', summary: 'Lock-offs extended.' },
  ]);
  await t.db.knex('raw_feeds').update({ story_id: ids.w1, processing_status: 'processed' });
  waterSignal = await signal({
    type: 'Economic',
    strength: 'High',
    region: 'Jamaica',
    title: 'National Water Commission: 2 stories in 24 h',
    keywords: ['water', 'nwc'],
    storyKeys: ['w1', 'w2'],
    sentiment: -0.4,
  });
  await signal({
    type: 'Political',
    strength: 'Medium',
    region: 'Barbados',
    title: 'Budget: 2 stories in 24 h',
    keywords: ['budget'],
    storyKeys: ['b1', 'b2'],
    sentiment: 0.1,
    hoursAgo: 2,
  });
  await signal({
    type: 'Social',
    strength: 'Low',
    region: 'Jamaica',
    title: 'Diaspora: 1 story in 24 h',
    keywords: ['diaspora', 'remittances'],
    storyKeys: ['r1'],
    sentiment: 0.5,
    hoursAgo: 24 * 40,
  });
  await t.db.knex('story_patterns').insert({
    name: 'National Water Commission + Kingston',
    description: '2 signal(s) moving together across 2 stories (Jamaica)',
    confidence: 0.8,
    related_signals: JSON.stringify([waterSignal]),
    cluster: 'economic-1-1',
    strength: 'High',
    emerging_trend: true,
    region: 'Jamaica',
    story_ids: [ids.w1, ids.w2],
    dedupe_key: 'water|24h|1',
  });
});
afterAll(() => t.close());

describe('Signal Scanner', () => {
  it('lists signals newest first with filters for type, region, strength and a search, and the facets', async () => {
    const all = await editor.json(await editor.get('/api/console/signals'));
    expect(all.total).toBe(3);
    expect(all.items[0]).toMatchObject({
      id: waterSignal,
      type: 'Economic',
      strength: 'High',
      region: 'Jamaica',
      keywords: ['water', 'nwc'],
      sentiment: expect.closeTo(-0.4, 5),
    });
    expect(Object.keys(all.items[0]).sort()).toEqual(
      [
        'clusterId',
        'id',
        'keywords',
        'patternTags',
        'region',
        'sentiment',
        'source',
        'strength',
        'summary',
        'timestamp',
        'title',
        'type',
        'urgency',
        'verified',
      ].sort(),
    );
    expect(all.facets.types).toEqual({ Economic: 1, Political: 1, Social: 1 });
    const titles = async (q: string) => (await editor.json(await editor.get(`/api/console/signals?${q}`))).items.map((s: { title: string }) => s.title);
    expect(await titles('type=Political')).toEqual(['Budget: 2 stories in 24 h']);
    expect(await titles('region=jamaica&strength=Low')).toEqual(['Diaspora: 1 story in 24 h']);
    expect(await titles('q=remittances')).toEqual(['Diaspora: 1 story in 24 h']);
    expect(await titles('q=100%25')).toEqual([]);
    for (const q of ['type=Weather', 'strength=Huge', 'limit=0', 'limit=500', `q=${'x'.repeat(201)}`])
      expect((await editor.get(`/api/console/signals?${q}`)).status, q).toBe(400);
  });

  it('Investigate shows the stories and source items behind a signal; Create Story drafts one story per signal, audited', async () => {
    const investigated = await editor.json(await editor.get(`/api/console/signals/${waterSignal}`));
    expect(investigated.signal).toMatchObject({ id: waterSignal, mentions: 2 });
    expect([...investigated.signal.storyIds].sort()).toEqual([ids.w1, ids.w2].sort());
    expect(investigated.stories.map((s: { id: string }) => s.id).sort()).toEqual([ids.w1, ids.w2].sort());
    expect(investigated.stories[0].path).toMatch(/^\/article\//);
    expect(investigated.items.map((i: { outlet: string }) => i.outlet).sort()).toEqual(['Antilles Wire', 'Kingston Ledger']);
    expect(investigated.draftStoryId).toBeNull();
    expect((await editor.get('/api/console/signals/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const res = await editor.post(`/api/console/signals/${waterSignal}/story`, {});
    expect(res.status).toBe(201);
    const { story, created } = await res.json();
    expect(created).toBe(true);
    expect(story).toMatchObject({
      title: 'Developing: National Water Commission (Jamaica)',
      region: 'Jamaica',
      status: 'draft',
      pipeline_stage: 'ingested',
      source_count: 0,
      last_updated_by: editorEmail,
      status_label: 'Pending',
    });
    expect(story.audit_log).toEqual([expect.objectContaining({ action: 'created_from_signal', user: editorEmail })]);
    expect(story.enrichment_data.signal).toMatchObject({ id: waterSignal, story_ids: expect.arrayContaining([ids.w1, ids.w2]) });
    const again = await editor.post(`/api/console/signals/${waterSignal}/story`, {});
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, story: { id: story.id } });
    expect((await editor.json(await editor.get(`/api/console/signals/${waterSignal}`))).draftStoryId).toBe(story.id);
    expect((await editor.post('/api/console/signals/00000000-0000-4000-8000-000000000000/story', {})).status).toBe(404);
    await t.db.knex('synced_content').where('id', story.id).del();
  });
});

describe('Enhanced Signals', () => {
  it('patterns with their stories, filtered; clusters of stories that share entities or topics', async () => {
    const patterns = await editor.json(await editor.get('/api/console/patterns?strength=High'));
    expect(patterns.items).toHaveLength(1);
    expect(patterns.items[0]).toMatchObject({
      name: 'National Water Commission + Kingston',
      confidence: expect.closeTo(0.8, 5),
      emergingTrend: true,
      region: 'Jamaica',
      relatedSignals: [waterSignal],
    });
    expect(patterns.items[0].stories.map((s: { title: string }) => s.title).sort()).toEqual([
      'NWC promises new pumping station for Kingston',
      'Water lock-offs extended across Kingston',
    ]);
    expect((await editor.json(await editor.get('/api/console/patterns?region=Barbados'))).items).toEqual([]);
    expect((await editor.get('/api/console/patterns?strength=Extreme')).status).toBe(400);

    const { clusters, storiesConsidered } = await editor.json(await editor.get('/api/console/clusters?days=7'));
    expect(storiesConsidered).toBe(6);
    const sets = clusters.map((c: { stories: { id: string }[] }) => c.stories.map((s) => s.id).sort());
    expect(sets).toContainEqual([ids.w1, ids.w2].sort());
    expect(sets).toContainEqual([ids.b1, ids.b2].sort());
    expect(sets.flat()).not.toContain(ids.s1);
    const water = clusters.find((c: { stories: { id: string }[] }) => c.stories.some((s) => s.id === ids.w1));
    expect(water.label).toContain('National Water Commission');
    for (const q of ['days=0', 'days=31', 'days=x']) expect((await editor.get(`/api/console/clusters?${q}`)).status).toBe(400);
  });
});

describe('Regional Intelligence', () => {
  it('diaspora, economic and regional figures computed from the stories, signals and the indicators file', async () => {
    const intel = await editor.json(await editor.get('/api/console/intelligence?days=30'));
    const jamaica = intel.diaspora.records.find((r: { country: string }) => r.country === 'Jamaica');
    expect(jamaica).toMatchObject({
      stories: 3,
      scored: 3,
      averageRelevance: 66.7,
      highRelevance: 2,
      engagementLevel: 'High',
      population: null,
      politicalInfluence: null,
    });
    expect(jamaica.keyIssues).toContain('infrastructure');
    expect(jamaica.sentiment).toBeCloseTo(-0.4, 5); // the 40-day-old signal is outside the window
    expect(jamaica.economicImpact).toMatchObject({ indicator: 'GDP (current US$), Jamaica', year: 2016 });
    const barbados = intel.diaspora.records.find((r: { country: string }) => r.country === 'Barbados');
    expect(barbados).toMatchObject({ stories: 3, scored: 2, highRelevance: 0, engagementLevel: 'Low', economicImpact: null });
    expect(intel.diaspora.topStories[0]).toMatchObject({ id: ids.r1, diaspora_relevance: 90 });
    expect(intel.diaspora.tagged.total).toBe(2); // remittances story and the 'investment'-tagged NWC story

    expect(intel.economic.indicators).toHaveLength(3);
    const gdp = intel.economic.indicators.find((i: { country: string }) => i.country === 'Jamaica');
    expect(gdp).toMatchObject({ value: 14056908749.35, previousValue: 14186886642.67, change: -0.9, trend: 'down', category: 'GDP', year: 2016 });
    expect(intel.economic.indicatorsError).toBeNull();
    expect(intel.economic.stories.byRegion).toEqual({ Jamaica: 2, Barbados: 2 }); // economy, trade, business or GDP in tags or topics
    expect(intel.economic.signals.map((s: { id: string }) => s.id)).toEqual([waterSignal]);

    expect(intel.regional.regions.map((r: { region: string; stories: number }) => [r.region, r.stories])).toEqual([
      ['Barbados', 3],
      ['Jamaica', 3],
    ]);
    expect(intel.regional.signalTypes).toEqual({ Economic: 1, Political: 1 });
    expect(intel.regional.perDay.reduce((n: number, d: { stories: number }) => n + d.stories, 0)).toBe(6);
    for (const q of ['days=5', 'days=x', 'days=365']) expect((await editor.get(`/api/console/intelligence?${q}`)).status, q).toBe(400);
  });
});
