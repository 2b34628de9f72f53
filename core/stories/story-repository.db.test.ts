import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createStory } from '../../test/factories/stories';
import { rankHomeStories } from './home-ranking';
import { auditEntry } from './story';
import {
  findPublishedStory,
  getHomePage,
  getStoryById,
  insertStory,
  listHomeStories,
  listSectionStories,
  listStories,
  searchStories,
  insertStoriesBulk,
  insertStories,
  updateStories,
  updateStory,
  FEW_MATCHES,
} from './story-repository';
import { storyInput } from '../../test/factories/stories';
import { seedStorm } from '../../test/factories/storms';
import { deactivateStormsExcept } from '../storms/storm-repository';
import { getStormContext } from '../storms/storm-threat';

let db: Database;
const now = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.knex('synced_content').del();
});

describe('findPublishedStory', () => {
  it('finds a published story by UUID, slug-short-id and bare slug, with its SEO address', async () => {
    const story = await createStory(db.knex, { title: 'Budget debate opens in Parliament', region: 'Jamaica' });
    expect(story.slug).toBe('budget-debate-opens-parliament-jamaica');
    const path = `/article/budget-debate-opens-parliament-jamaica-${story.id.replace(/-/g, '').slice(-8)}`;

    const byUuid = await findPublishedStory(db.knex, story.id.toUpperCase());
    expect(byUuid).toMatchObject({ matchedBy: 'uuid', canonicalPath: path });
    const byShort = await findPublishedStory(db.knex, path.replace('/article/', ''));
    expect(byShort?.story.id).toBe(story.id);
    expect(byShort?.matchedBy).toBe('slug-short-id');
    const bySlug = await findPublishedStory(db.knex, 'budget-debate-opens-parliament-jamaica');
    expect(bySlug?.story.id).toBe(story.id);
  });

  it('finds a story by its short id even after its slug part changed (old links keep working)', async () => {
    const story = await createStory(db.knex, { title: 'Budget debate opens' });
    const found = await findPublishedStory(db.knex, `an-old-title-${story.id.replace(/-/g, '').slice(-8)}`);
    expect(found?.story.id).toBe(story.id);
    expect(found?.canonicalPath).toContain('budget-debate-opens');
  });

  it('tells apart two stories that share a short id by their slug', async () => {
    const a = await createStory(db.knex, { id: '00000000-0000-4000-8000-0000deadbeef', title: 'Port strike ends' });
    const b = await createStory(db.knex, { id: '11111111-1111-4111-8111-1111deadbeef', title: 'Cricket final tonight' });
    expect((await findPublishedStory(db.knex, `${b.slug}-deadbeef`))?.story.id).toBe(b.id);
    expect((await findPublishedStory(db.knex, `${a.slug}-deadbeef`))?.story.id).toBe(a.id);
  });

  it('does not show drafts, stories outside the region rule, or malformed ids', async () => {
    const draft = await createStory(db.knex, { pipeline_stage: 'verified', status: 'draft', published_at: null });
    const away = await createStory(db.knex, { region: 'Canada', title: 'Toronto carnival' });
    expect(await findPublishedStory(db.knex, draft.id)).toBeNull();
    expect(await findPublishedStory(db.knex, away.id)).toBeNull();
    for (const bad of ['', "x' or '1'='1", '%', 'not/a/slug', 'a'.repeat(500), undefined]) {
      expect(await findPublishedStory(db.knex, bad)).toBeNull();
    }
  });

  it('gives a second story with the same title its own slug', async () => {
    const a = await createStory(db.knex, { title: 'Flooding in Portland' });
    const b = await createStory(db.knex, { title: 'Flooding in Portland' });
    expect(a.slug).toBe('flooding-portland-jamaica');
    expect(b.slug).toBe('flooding-portland-jamaica-2');
    expect((await findPublishedStory(db.knex, 'flooding-portland-jamaica-2'))?.story.id).toBe(b.id);
  });
});

describe('insertStories', () => {
  it('inserts many stories at once, in order, each with a free address of its own', async () => {
    await createStory(db.knex, { title: 'Flooding in Portland' });
    const made = await insertStories(db.knex, [
      { title: 'Flooding in Portland', region: 'Jamaica' },
      { title: 'Cricket final set', region: 'Jamaica' },
      { title: 'Flooding in Portland', region: 'Jamaica' },
    ]);
    expect(made.map((s) => s.title)).toEqual(['Flooding in Portland', 'Cricket final set', 'Flooding in Portland']);
    expect(made.map((s) => s.slug)).toEqual(['flooding-portland-jamaica-2', 'cricket-final-set-jamaica', 'flooding-portland-jamaica-3']);
    expect(await insertStories(db.knex, [])).toEqual([]);
  });
});

describe('listHomeStories', () => {
  it('ranks in SQL exactly as the pure home rule does, page after page', async () => {
    const regions = ['Jamaica', 'Barbados', 'Haiti', 'Trinidad and Tobago', 'Caribbean'];
    for (let i = 0; i < 45; i++) {
      await insertStory(
        db.knex,
        storyInput({
          now,
          title: `Story number ${i} about the harbour`,
          region: regions[i % regions.length],
          daysAgo: ((i * 7) % 23) + (i % 3) * 0.37,
          is_featured: i % 11 === 0,
          featured_priority: (i % 4) + 1,
          feature_expires_at: i === 22 ? new Date(now.getTime() - 3600_000).toISOString() : null,
        }),
      );
    }
    const all = (await listStories(db.knex, { limit: 50 })).items;
    const expected = rankHomeStories(all, now).map((s) => s.id);

    const pages: string[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = await listHomeStories(db.knex, { now, offset, limit: 10 });
      pages.push(...page.items.map((s) => s.id));
      if (!page.hasMore) break;
    }
    expect(pages).toEqual(expected);
    const first = await listHomeStories(db.knex, { now, limit: 1 });
    expect(first.items[0]?.ranking.featured).toBe(true);
    expect(first.items[0]?.ranking.reason).toContain('featured priority 1');
  });

  it("ranks a threatening storm's stories in SQL exactly as the pure rule does, and drops them back when it dissipates", async () => {
    await db.knex('storms').del();
    await seedStorm(db.knex, now);
    const storms = await getStormContext(db.knex, now);
    expect(storms.storms.map((s) => s.regions)).toEqual([['Dominican Republic', 'Haiti', 'Jamaica']]);
    const titles = [
      'Hurricane Keron strengthens; warnings for southern Haiti',
      'Storm watch lifted for Barbados as Keron moves away',
      'Shelters open ahead of the hurricane',
      'Motorists can now pay traffic tickets online',
      'Tropical storm conditions expected tonight',
      'Dominica on alert', // Dominica is not the Dominican Republic
      'KERON: what to pack',
      'Budget debate resumes',
    ];
    const regions = ['Jamaica', 'Dominican Republic', 'Haiti', 'Barbados', 'Caribbean', 'Dominica'];
    for (let i = 0; i < 48; i++) {
      await insertStory(
        db.knex,
        storyInput({
          now,
          title: `${titles[i % titles.length]} (${i})`,
          summary: i % 5 === 0 ? 'Keron is expected to pass south of the island.' : 'Officials met on Tuesday.',
          region: regions[i % regions.length],
          daysAgo: ((i * 5) % 13) / 4 + (i % 3) * 0.11, // 0 to about 3.2 days: both sides of the 48-hour window
          storm_id: i % 4 === 0 ? 'AL192026' : null,
          storm_name: i % 4 === 0 ? 'Keron' : null,
          is_featured: i % 9 === 0,
          featured_priority: (i % 3) + 1,
        }),
      );
    }
    const all = (await listStories(db.knex, { limit: 50 })).items;
    const expected = rankHomeStories(all, now, storms);
    expect(new Set(expected.map((s) => s.ranking.storm))).toEqual(new Set(['warned', 'linked', null]));

    const pages: string[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = await listHomeStories(db.knex, { now, offset, limit: 10 });
      pages.push(...page.items.map((s) => s.id));
      if (!page.hasMore) break;
    }
    expect(pages).toEqual(expected.map((s) => s.id));
    // The editors' priority-1 features lead, then the storm's stories.
    const firstNonLead = expected.findIndex((s) => !(s.ranking.featured && s.featured_priority === 1));
    expect(expected[firstNonLead]!.ranking.storm).toBe('warned');

    const home = await getHomePage(db.knex, { now });
    expect(home.storms.storms[0]?.name).toBe('Keron');

    await deactivateStormsExcept(db.knex, [], now);
    const after = await listHomeStories(db.knex, { now, limit: 50 });
    expect(after.items.map((s) => s.id)).toEqual(rankHomeStories(all, now).map((s) => s.id));
    expect(after.items.every((s) => s.ranking.storm === null)).toBe(true);
    await db.knex('storms').del();
  });

  it('gives an empty layout on an empty database', async () => {
    const home = await getHomePage(db.knex, { now });
    expect(home.lead).toBeNull();
    expect(home.latest).toEqual([]);
    expect(home.moreNews).toEqual([]);
    expect(home.moreNewsHasMore).toBe(false);
  });

  it('lays the home page out from the ranked stories', async () => {
    for (let i = 0; i < 18; i++) await createStory(db.knex, { now, title: `Harbour story ${i}`, daysAgo: i * 0.1 });
    const home = await getHomePage(db.knex, { now, moreNewsLimit: 2 });
    expect(home.lead?.title).toBe('Harbour story 0');
    expect(home.latest.map((s) => s.title)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `Harbour story ${i}`));
    expect(home.latest[0]?.trending).toBe(true); // Jamaica, 0.1 days old: score 9.9
    // "Harbour story" is no section's topic: no block takes the pool (7-14), which leads More News.
    expect(home.categories).toEqual([]);
    expect(home.moreNews.map((s) => s.title)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((i) => `Harbour story ${i}`));
    expect(home.moreNewsHasMore).toBe(true);
  });
});

describe('listSectionStories', () => {
  it('filters by section in SQL, newest first, with a count', async () => {
    // Each with a lead of its own (the factory's is a council water main): the classifier reads both.
    await createStory(db.knex, {
      title: 'Cricket board names captain',
      summary: 'Cricket West Indies named a new Test captain for the tour of England.',
      daysAgo: 2,
    });
    await createStory(db.knex, {
      title: 'Reggae Boyz draw in Toronto',
      summary: 'Jamaica drew 1-1 with Canada in a World Cup qualifier.',
      tags: ['football'],
      daysAgo: 1,
    });
    await createStory(db.knex, { title: 'Parliament sits late', summary: 'The House sat past midnight to pass the budget bill.', daysAgo: 1 });
    const page = await listSectionStories(db.knex, { section: 'sports' });
    expect(page.items.map((s) => s.title)).toEqual(['Reggae Boyz draw in Toronto', 'Cricket board names captain']);
    expect(page.total).toBe(2);
  });

  it('shows the 20 newest for latest and caribbean', async () => {
    for (let i = 0; i < 25; i++) await createStory(db.knex, { title: `Story ${i}`, daysAgo: i });
    for (const section of ['latest', 'caribbean']) {
      const page = await listSectionStories(db.knex, { section });
      expect(page.items).toHaveLength(20);
      expect(page.items[0]?.title).toBe('Story 0');
      expect(page.total).toBe(20);
      expect(page.hasMore).toBe(false);
    }
  });

  it('answers an unknown section, or an injection attempt, with an empty result', async () => {
    await createStory(db.knex, { title: 'Cricket board names captain' });
    for (const section of ['lifestyle', "sports'] or true --", '']) {
      const page = await listSectionStories(db.knex, { section });
      expect(page.query.kind).toBe('unknown');
      expect(page.items).toEqual([]);
    }
  });
});

describe('searchStories', () => {
  it('finds published stories by words in title, summary or tags (stemmed), newest first', async () => {
    await createStory(db.knex, { title: 'Hurricanes batter coast', daysAgo: 3 });
    await createStory(db.knex, { title: 'Quiet day', summary: 'A hurricane watch was lifted.', daysAgo: 1 });
    await createStory(db.knex, { title: 'Budget', tags: ['hurricane-relief'], daysAgo: 2, pipeline_stage: 'drafted', status: 'draft', published_at: null });
    const page = await searchStories(db.knex, { q: 'hurricane' });
    expect(page.items.map((s) => s.title)).toEqual(['Quiet day', 'Hurricanes batter coast']);
  });

  it('pages newest first alike whether a word is in a few stories or in many', async () => {
    // Over FEW_MATCHES matches the search walks the newest-first index; under, it sorts its matches.
    const many = FEW_MATCHES + 30;
    const stories = Array.from({ length: many }, (_, i) =>
      storyInput({
        title: `Cricket report ${i}`,
        slug: `cricket-report-${i}`,
        daysAgo: i / 24,
        summary: i % 10 === 3 ? 'Sargassum on the beach.' : 'Match day.',
      }),
    );
    await insertStoriesBulk(db.knex, stories);
    for (const [word, expected] of [
      ['cricket', Array.from({ length: many }, (_, i) => i)],
      ['sargassum', Array.from({ length: many }, (_, i) => i).filter((i) => i % 10 === 3)],
    ] as const) {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 20) {
        const page = await searchStories(db.knex, { q: word, offset, limit: 20 });
        seen.push(...page.items.map((s) => s.title));
        expect(page.hasMore).toBe(offset + 20 < expected.length);
        if (!page.hasMore) break;
      }
      expect(seen).toEqual(expected.map((i) => `Cricket report ${i}`));
    }
  });

  it('treats SQL and query syntax as plain words', async () => {
    await createStory(db.knex, { title: 'Harbour news' });
    for (const q of ["'; drop table synced_content; --", '"unclosed', '!!!', ' & | ! ( )', '']) {
      await expect(searchStories(db.knex, { q })).resolves.toMatchObject({ items: [] });
    }
    expect((await listStories(db.knex)).items).toHaveLength(1);
  });
});

describe('updateStory', () => {
  it('applies a patch and appends the audit entry in one step', async () => {
    const story = await createStory(db.knex, { title: 'Draft story', pipeline_stage: 'drafted', status: 'draft', published_at: null });
    const updated = await updateStory(
      db.knex,
      story.id,
      { flag_reason: 'check figures', title: 'Cricket final set' },
      auditEntry('edit', 'ana@c360.test', now),
    );
    expect(updated.flag_reason).toBe('check figures');
    expect(updated.audit_log).toEqual([{ action: 'edit', user: 'ana@c360.test', timestamp: now.toISOString() }]);
    expect(updated.slug).toBe('cricket-final-set-jamaica'); // unpublished: the address follows the title
    const again = await updateStory(db.knex, story.id, { urgency: 40 }, auditEntry('edit', 'bo@c360.test', now));
    expect(again.audit_log.map((e) => e.user)).toEqual(['ana@c360.test', 'bo@c360.test']);
    // the section columns follow the new title
    await updateStory(
      db.knex,
      story.id,
      { pipeline_stage: 'published', status: 'published', published_at: now.toISOString() },
      auditEntry('publish', 'bo', now),
    );
    expect((await listSectionStories(db.knex, { section: 'sports' })).items.map((s) => s.id)).toEqual([story.id]);
  });

  it('keeps the address of a published story when its title changes', async () => {
    const story = await createStory(db.knex, { title: 'Original title here' });
    const updated = await updateStory(db.knex, story.id, { title: 'Corrected title here' }, auditEntry('edit', 'a', now));
    expect(updated.slug).toBe(story.slug);
  });

  it('updates many stories in one call as updateStory does each: own patch, own audit entry, unknown ids left out', async () => {
    const [a, b] = await Promise.all([
      createStory(db.knex, { title: 'Draft about roads', pipeline_stage: 'drafted', status: 'draft', published_at: null }),
      createStory(db.knex, { title: 'Published about schools' }),
    ]);
    const updated = await updateStories(db.knex, [
      { id: a.id, patch: { title: 'Cricket final set' }, audit: auditEntry('edit', 'ana', now) },
      {
        id: b.id,
        patch: { source_list: ['Gleaner', 'Observer'], source_count: 2 },
        audit: [auditEntry('source_added', 'cluster', now), auditEntry('edit', 'bo', now)],
      },
      { id: '00000000-0000-4000-8000-000000000000', patch: { urgency: 1 }, audit: auditEntry('edit', 'a', now) },
    ]);
    expect(updated.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    const [sa, sb] = [await getStoryById(db.knex, a.id), await getStoryById(db.knex, b.id)];
    expect(sa).toMatchObject({ title: 'Cricket final set', slug: 'cricket-final-set-jamaica', source_list: a.source_list });
    expect(sa!.audit_log.map((e) => e.user)).toEqual(['ana']);
    expect(sb).toMatchObject({ title: 'Published about schools', slug: b.slug, source_list: ['Gleaner', 'Observer'], source_count: 2 });
    expect(sb!.audit_log.map((e) => e.action)).toEqual(['source_added', 'edit']);
    await expect(updateStories(db.knex, [{ id: a.id, patch: { nope: 1 } as never, audit: auditEntry('edit', 'a', now) }])).rejects.toThrow(
      /not a story column/,
    );
  });

  it('says not found for an unknown id', async () => {
    await expect(updateStory(db.knex, '00000000-0000-4000-8000-000000000000', { urgency: 1 }, auditEntry('edit', 'a', now))).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await getStoryById(db.knex, 'nope')).toBeNull();
  });
});
