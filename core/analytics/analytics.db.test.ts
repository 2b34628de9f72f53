import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createStory } from '../../test/factories/stories';
import { countryOfTimeZone, deviceOf, trafficSourceOf } from './classify';
import { recordPageView } from './page-views';
import { readerAnalytics } from './reader-analytics';

let db: Database;
const now = new Date('2026-11-20T12:00:00Z');
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140 Safari/537.36';
const base = { kind: 'view' as const, siteHost: 'c360.test' };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.knex('page_views').del();
  await db.knex('synced_content').del();
});

describe('recordPageView', () => {
  it('counts a reader once per page per half hour, bumps the view count, and stores no address', async () => {
    const story = await createStory(db.knex, { now });
    const view = { ...base, path: '/article/x', storyId: story.id, ip: '203.0.113.9', userAgent: PHONE, timeZone: 'America/Jamaica' };
    expect(await recordPageView(db.knex, view, now)).toEqual({ recorded: true });
    expect(await recordPageView(db.knex, view, new Date(now.getTime() + 60_000))).toEqual({ recorded: false, reason: 'repeat' });
    expect(await recordPageView(db.knex, view, new Date(now.getTime() + 31 * 60_000))).toEqual({ recorded: true });
    const row = await db.knex('story_view_counts').where({ story_id: story.id }).first('views');
    expect(row.views).toBe(2);
    const stored = JSON.stringify(await db.knex('page_views').select());
    expect(stored).not.toContain('203.0.113.9');
    expect(stored).not.toContain('iPhone');
  });

  it('counts one view per visitor per story, whatever the address it was read at, even for parallel beacons', async () => {
    const story = await createStory(db.knex, { now });
    const view = { ...base, storyId: story.id, ip: '203.0.113.10', userAgent: DESKTOP };
    expect(await recordPageView(db.knex, { ...view, path: '/article/x' }, now)).toEqual({ recorded: true });
    for (const path of ['/article/x-old-slug', `/article/${story.id}`, '/article/y']) {
      expect(await recordPageView(db.knex, { ...view, path }, new Date(now.getTime() + 60_000))).toEqual({ recorded: false, reason: 'repeat' });
    }
    const other = await createStory(db.knex, { now, title: 'Another story entirely' });
    const results = await Promise.all(Array.from({ length: 30 }, () => recordPageView(db.knex, { ...view, path: '/article/z', storyId: other.id }, now)));
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    expect((await db.knex('story_view_counts').where({ story_id: other.id }).first('views')).views).toBe(1);
    expect((await db.knex('story_view_counts').where({ story_id: story.id }).first('views')).views).toBe(1);
  });

  it('ignores bots and unknown stories', async () => {
    expect(await recordPageView(db.knex, { ...base, path: '/', ip: '1.1.1.1', userAgent: 'Googlebot/2.1' }, now)).toEqual({ recorded: false, reason: 'bot' });
    expect(await recordPageView(db.knex, { ...base, path: '/', ip: '1.1.1.1', userAgent: undefined }, now)).toEqual({ recorded: false, reason: 'bot' });
    expect(
      await recordPageView(db.knex, { ...base, path: '/article/x', storyId: '00000000-0000-4000-8000-000000000000', ip: '1.1.1.1', userAgent: DESKTOP }, now),
    ).toEqual({ recorded: false, reason: 'unknown_story' });
  });

  it('gives the same reader a different hash on another day (the salt rotates and the old one is deleted)', async () => {
    await recordPageView(db.knex, { ...base, path: '/', ip: '1.1.1.1', userAgent: DESKTOP }, now);
    await recordPageView(db.knex, { ...base, path: '/', ip: '1.1.1.1', userAgent: DESKTOP }, new Date(now.getTime() + 86_400_000));
    const hashes = (await db.knex('page_views').select('visitor_hash')).map((r) => r.visitor_hash);
    expect(new Set(hashes).size).toBe(2);
    expect(await db.knex('analytics_salts').count({ n: '*' }).first()).toMatchObject({ n: 1 });
  });
});

describe('readerAnalytics', () => {
  it('computes totals, top articles, regions, devices and sources for a range', async () => {
    const a = await createStory(db.knex, { now, title: 'Budget debate' });
    const b = await createStory(db.knex, { now, title: 'Cricket final' });
    const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await recordPageView(
      db.knex,
      { ...base, path: '/article/a', storyId: a.id, ip: '1', userAgent: PHONE, timeZone: 'America/Jamaica', referrer: 'https://www.google.com/' },
      at(50),
    );
    await recordPageView(db.knex, { ...base, path: '/article/b', storyId: b.id, ip: '1', userAgent: PHONE, timeZone: 'America/Jamaica' }, at(40));
    await recordPageView(
      db.knex,
      { ...base, path: '/article/a', storyId: a.id, ip: '2', userAgent: DESKTOP, timeZone: 'America/New_York', referrer: 'https://www.facebook.com/' },
      at(30),
    );
    await recordPageView(db.knex, { ...base, kind: 'share', path: '/article/a', storyId: a.id, ip: '2', userAgent: DESKTOP, detail: 'whatsapp' }, at(29));
    await recordPageView(db.knex, { ...base, path: '/', ip: '3', userAgent: DESKTOP, timeZone: 'Europe/London' }, at(60 * 48)); // outside 24h

    const day = await readerAnalytics(db.knex, { range: '24h', now });
    expect(day.totals).toEqual({ pageViews: 3, uniqueReaders: 2, shares: 1, articleViews: 3, engagementRate: 100 });
    expect(day.topArticles.map((t) => [t.title, t.views, t.readers, t.shares])).toEqual([
      ['Budget debate', 2, 2, 1],
      ['Cricket final', 1, 1, 0],
    ]);
    expect(day.regions).toEqual([
      { key: 'Jamaica', count: 2, percentage: 66.7 },
      { key: 'United States', count: 1, percentage: 33.3 },
    ]);
    expect(day.devices.map((d) => [d.key, d.count])).toEqual([
      ['mobile', 2],
      ['desktop', 1],
    ]);
    expect(day.trafficSources.map((d) => d.key).sort()).toEqual(['direct', 'search', 'social']);
    expect(day.series.reduce((n, s) => n + s.views, 0)).toBe(3);

    const week = await readerAnalytics(db.knex, { range: '7d', now });
    expect(week.totals.pageViews).toBe(4);
    await expect(readerAnalytics(db.knex, { range: '1y', now })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('classification', () => {
  it('reads device, source and country without looking anyone up', () => {
    expect(deviceOf(PHONE)).toBe('mobile');
    expect(deviceOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceOf(DESKTOP)).toBe('desktop');
    expect(trafficSourceOf({ referrer: 'https://duckduckgo.com/', siteHost: 'c360.test' }).source).toBe('search');
    expect(trafficSourceOf({ referrer: 'https://t.co/abc', siteHost: 'c360.test' }).source).toBe('social');
    expect(trafficSourceOf({ referrer: 'https://c360.test/section/x', siteHost: 'c360.test' }).source).toBe('internal');
    expect(trafficSourceOf({ referrer: null, siteHost: 'c360.test', utmSource: 'newsletter' }).source).toBe('newsletter');
    expect(trafficSourceOf({ referrer: 'not a url', siteHost: 'c360.test' }).source).toBe('direct');
    expect(countryOfTimeZone('America/Port_of_Spain')).toBe('Trinidad and Tobago');
    expect(countryOfTimeZone('America/Chicago')).toBe('United States');
    expect(countryOfTimeZone('Asia/Tokyo')).toBe('Other');
    expect(countryOfTimeZone(undefined)).toBeNull();
  });
});
