import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStory } from '../test/factories/stories';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** The beacon must not be a way to inflate a story's view count. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const beacon = (body: Record<string, unknown>, address: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140') =>
  fetch(`${t.url}/api/page-views`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, 'user-agent': userAgent },
    body: JSON.stringify(body),
  });

const views = async (storyId: string) => Number((await t.db.knex('story_view_counts').where({ story_id: storyId }).first('views'))?.views ?? 0);

describe('POST /api/page-views', () => {
  it('counts one view for 50 parallel beacons of one visitor, whatever path they give', async () => {
    const story = await createStory(t.db.knex, { title: 'Beacon story one' });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => beacon({ path: `/article/x-${i}`, storyId: story.id }, '203.0.113.20').then((r) => r.status)),
    );
    expect(statuses.every((s) => s === 202 || s === 429)).toBe(true);
    expect(await views(story.id)).toBe(1);
  });

  it('bounds the views one address can give a story with made-up user agents, and the beacons per address', async () => {
    const story = await createStory(t.db.knex, { title: 'Beacon story two' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await beacon({ path: '/article/y', storyId: story.id }, '203.0.113.21', `Mozilla/5.0 Agent-${i}`)).status);
    expect(await views(story.id)).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    // Another reader elsewhere still counts.
    expect((await beacon({ path: '/article/y', storyId: story.id }, '198.51.100.21')).status).toBe(202);
    expect(await views(story.id)).toBeLessThanOrEqual(11);
    // 60 beacons a minute per address, then 429 with Retry-After.
    let last: Response | undefined;
    for (let i = 0; i < 61; i++) last = await beacon({ path: `/page-${i}` }, '203.0.113.22');
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
