/**
 * Public story reads as the archive grows: seeds 1k, 10k and 100k published stories (at a
 * steady 150 a day, as a newsroom would accumulate them) and times the home query, a section,
 * two searches and the three article lookups. Prints medians and the 100k/1k ratio per read.
 * The common search word fills every page; the rare one ("sargassum") is in exactly five stories
 * spread across the archive at every size, so its ratio shows archive growth, not a bigger answer.
 * Goal: every ratio under 1.5. Never fails on a time.
 *
 *   npx tsx bench/story-reads.ts            # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/story-reads.ts   # a fresh schema on that server
 */
import { randomUUID } from 'node:crypto';
import { openBenchDatabase } from './bench-database';
import { buildSlug, shortId } from '../core/stories/article-address';
import { findPublishedStory, getHomePage, insertStoriesBulk, listSectionStories, searchStories, type NewStory } from '../core/stories/story-repository';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PER_DAY = 150;
const RARE_MATCHES = 5;
const now = new Date();

const REGIONS = ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas', 'Haiti', 'Dominican Republic', 'Caribbean', 'Saint Lucia', 'Guyana'];
const TOPICS = [
  ['Parliament debates budget measures', ['politics', 'government']],
  ['Tourism arrivals climb again', ['tourism', 'business']],
  ['Storm season outlook revised', ['weather', 'hurricane']],
  ['Cricket board names new squad', ['cricket', 'sports']],
  ['Festival lineup announced downtown', ['culture', 'music']],
  ['Digital payments pilot expands', ['technology']],
  ['Water supply works scheduled', ['infrastructure']],
] as const;

function makeStories(count: number): NewStory[] {
  const rareEvery = Math.floor(count / RARE_MATCHES);
  return Array.from({ length: count }, (_, i) => {
    const [topic, tags] = TOPICS[i % TOPICS.length]!;
    const region = REGIONS[i % REGIONS.length]!;
    // Newest first: story i is i/PER_DAY days old, plus a little jitter so ties are rare.
    const published = new Date(now.getTime() - (i / PER_DAY) * 86_400_000 - (i % 13) * 60_000);
    return {
      id: randomUUID(),
      title: `${topic} report ${i} ${region}`,
      slug: `${buildSlug(topic)}-${i}`,
      summary: `Report ${i}: ${topic.toLowerCase()} in ${region}, with reactions from residents and officials.${i % rareEvery === 7 ? ' Sargassum landings reported.' : ''}`,
      region,
      tags: [...tags],
      pipeline_stage: 'published',
      status: 'published',
      published_at: published.toISOString(),
      source_count: 1 + (i % 4),
      triangulation_check: true,
      is_featured: i % 5000 === 3,
      featured_priority: 1 + (i % 5),
    } satisfies NewStory;
  });
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main(): Promise<void> {
  const results = new Map<string, number[]>();
  let label = '';
  for (const size of SIZES) {
    const db = await openBenchDatabase({ poolSize: 2 });
    label = db.label;
    const stories = makeStories(size);
    const seedStart = Date.now();
    await insertStoriesBulk(db.knex, stories);
    await db.knex.raw('analyze synced_content');
    process.stderr.write(`seeded ${size} stories in ${((Date.now() - seedStart) / 1000).toFixed(1)} s\n`);
    const target = stories[Math.floor(size / 2)]!;
    const [row] = await db.knex('synced_content').select('slug').where('id', target.id!);
    const reads: Record<string, () => Promise<unknown>> = {
      'home page': () => getHomePage(db.knex, { now }),
      'section (business)': () => listSectionStories(db.knex, { section: 'business' }),
      'search "festival"': () => searchStories(db.knex, { q: 'festival' }),
      'search "sargassum"': () => searchStories(db.knex, { q: 'sargassum' }),
      'article by UUID': () => findPublishedStory(db.knex, target.id),
      'article by slug-shortid': () => findPublishedStory(db.knex, `${row.slug}-${shortId(target.id!)}`),
      'article by slug': () => findPublishedStory(db.knex, row.slug),
    };
    for (const [name, read] of Object.entries(reads)) {
      const list = results.get(name) ?? [];
      list.push(await median(read));
      results.set(name, list);
    }
    await db.close();
  }

  const header = ['read', ...SIZES.map((s) => `${s / 1000}k (ms)`), `ratio ${SIZES.at(-1)! / 1000}k/${SIZES[0]! / 1000}k`];
  const rows = [...results].map(([name, ms]) => [name, ...ms.map((m) => m.toFixed(3)), (ms.at(-1)! / ms[0]!).toFixed(2)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`story reads on ${label}, median of ${RUNS} runs each`);
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

await main();
