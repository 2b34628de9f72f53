import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deactivateStormsExcept } from '../core/storms/storm-repository';
import type { Story } from '../core/stories/story';
import { createStory } from '../test/factories/stories';
import { seedStorm } from '../test/factories/storms';
import { startTestApp, type TestApp } from '../test/helpers/test-app';
import { render } from '../web/src/entry-server';
import type { HomeData, StoryCard } from '../web/src/data/types';

let t: TestApp;
const now = new Date();
const stories: Record<string, Story> = {};

beforeAll(async () => {
  t = await startTestApp();
  await seedStorm(t.db.knex, now); // Hurricane Keron: warnings for the Dominican Republic and Haiti, a watch for Jamaica
  const add = async (key: string, over: Parameters<typeof createStory>[1]) => (stories[key] = await createStory(t.db.knex, { now, ...over }));
  await add('traffic', { title: 'Motorists can now pay traffic tickets online', region: 'Jamaica', daysAgo: 0.01, urgency: 30 });
  await add('hurricane', {
    title: 'Hurricane Keron strengthens; warnings for southern Haiti and Dominican Republic',
    region: 'Dominican Republic',
    daysAgo: 0.05,
    urgency: 80,
    storm_id: 'AL192026',
    storm_name: 'Keron',
  });
  await add('watch', {
    title: 'Jamaica under hurricane watch as Keron nears',
    region: 'Jamaica',
    daysAgo: 0.1,
    urgency: 40,
    storm_id: 'AL192026',
    storm_name: 'Keron',
  });
  await add('lifted', {
    title: 'Storm watch lifted for Barbados as Keron moves away',
    region: 'Barbados',
    daysAgo: 0.1,
    urgency: 65,
    storm_id: 'AL192026',
    storm_name: 'Keron',
  });
  await add('urgent81', { title: 'Port workers walk out at Kingston terminal', region: 'Jamaica', daysAgo: 0.2, urgency: 81 });
  await add('urgent80', { title: 'Central bank holds rate', region: 'Jamaica', daysAgo: 0.2, urgency: 80 });
  await add('old95', { title: 'Minister resigns over contract', region: 'Jamaica', daysAgo: 2, urgency: 95 });
  for (let i = 0; i < 4; i++) await add(`filler${i}`, { title: `Ferry timetable changes ${i}`, region: 'Barbados', daysAgo: 1 + i / 10 });
});
afterAll(() => t.close());

const home = async (): Promise<HomeData> => (await t.client().get('/api/home')).json() as Promise<HomeData>;
const everyCard = (data: HomeData): StoryCard[] => [data.lead!, ...data.latest, ...data.categories.flatMap((c) => c.stories), ...data.moreNews];
const breakingById = (data: HomeData) => Object.fromEntries(everyCard(data).map((s) => [s.id, s.breaking]));

describe('/api/home during a storm', () => {
  it('sends the storm banner: name, category, nearest threatened country, advisory, watches and warnings, the Storm Centre link', async () => {
    const data = await home();
    expect(data.storms).toHaveLength(1);
    const [banner] = data.storms;
    expect(banner).toMatchObject({
      id: 'AL192026',
      name: 'Keron',
      classification: 'HU',
      category: 1,
      windSpeed: 90,
      advisoryNumber: '14',
      path: '/storm-centre',
    });
    expect(banner!.nearest?.region).toBe('Dominican Republic');
    expect(banner!.advisoryAt).toBe(new Date(now.getTime() - 3_600_000).toISOString());
    // The Cayman Islands watch is not shown: not a covered country.
    expect(banner!.alerts).toEqual([
      { type: 'warning', hazard: 'Hurricane', regions: ['Dominican Republic', 'Haiti'] },
      { type: 'watch', hazard: 'Hurricane', regions: ['Jamaica'] },
    ]);
  });

  it("leads with the storm's stories, not the traffic tickets, and flags BREAKING by the core rule", async () => {
    const data = await home();
    expect(data.lead?.id).toBe(stories.watch!.id); // Jamaica (base 10), under the watch
    expect(data.latest.slice(0, 2).map((s) => s.id)).toEqual([stories.hurricane!.id, stories.lifted!.id]);
    expect(data.latest[2]?.id).toBe(stories.traffic!.id);
    expect(breakingById(data)).toMatchObject({
      [stories.watch!.id]: true, // urgency 40, but a watch is in force for Jamaica
      [stories.hurricane!.id]: true, // urgency exactly 80, warnings in force
      [stories.lifted!.id]: false, // about Barbados, under no watch
      [stories.urgent81!.id]: true,
      [stories.urgent80!.id]: false,
      [stories.old95!.id]: false, // two days old
      [stories.traffic!.id]: false,
    });
  });

  it('renders the banner first and no empty category block in the server-rendered page', async () => {
    const data = await home();
    const html = (await render('/', { key: 'home', data }, 'EN')).replace(/<!-- -->/g, '');
    const banner = html.indexOf('class="home-storm-banner"');
    expect(banner).toBeGreaterThan(-1);
    expect(banner).toBeLessThan(html.indexOf('class="ad-slot"')); // first in the page, above the advertisement and the lead
    expect(html).toContain('Hurricane Keron');
    expect(html).toContain('Category 1 hurricane');
    expect(html).toMatch(/about \d+ km from Dominican Republic/);
    expect(html).toContain('Hurricane warning:');
    expect(html).toContain('href="/storm-centre"');
    expect(html).toMatch(/<section (?=[^>]*class="home-storm-banner")(?=[^>]*aria-labelledby="storm-banner-AL192026")[^>]*>/);
    // Every category block rendered holds a story.
    const blocks = html.split(/<section [^>]*class="category-block"/).slice(1);
    expect(blocks.length).toBe(data.categories.length);
    for (const block of blocks) expect(block.slice(0, block.indexOf('</section>'))).toContain('class="block-story"');
    expect(html).not.toContain('No stories in this block');
    // BREAKING on the lead (urgency 40, under the watch).
    expect(html.slice(html.indexOf('class="lead-story"'))).toMatch(/badge-breaking[^>]*>BREAKING/);
  });

  it('drops the banner, the ranking and the storm BREAKING at once when the storm dissipates', async () => {
    await deactivateStormsExcept(t.db.knex, [], new Date());
    await new Promise((resolve) => setTimeout(resolve, 300)); // the change notification reaches the cache
    const data = await home();
    expect(data.storms).toEqual([]);
    expect(data.lead?.id).toBe(stories.traffic!.id);
    expect(breakingById(data)).toMatchObject({ [stories.watch!.id]: false, [stories.hurricane!.id]: false, [stories.urgent81!.id]: true });
    const html = await render('/', { key: 'home', data }, 'EN');
    expect(html).not.toContain('home-storm-banner');
  });

  it('rejects a render that throws inside a part hydrated later (a Suspense boundary), rather than leave a hole in the page', async () => {
    const data = await home();
    await expect(render('/', { key: 'home', data: { ...data, categories: undefined } }, 'EN')).rejects.toThrow();
  });
});
