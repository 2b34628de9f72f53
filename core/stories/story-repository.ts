import type { Knex } from 'knex';
import { query, sql, trusted, type Sql } from '../db/sql';
import { getStormContext } from '../storms/storm-threat';
import { C360Error } from '../errors';
import { parseArticleId, articlePath, buildSlug, slugTopics } from './article-address';
import { JAMAICA_BASE, DEFAULT_BASE, LEAD_PRIORITY, rankStory, type Ranking } from './home-ranking';
import { mentionWords, STORM_STORY_HOURS, wordPattern, type StormContext } from './storm-news';
import { buildHomeLayout, MORE_NEWS_START, type HomeLayout } from './home-layout';
import { isRegionVisible } from './regions';
import { parseSection, storySections, SECTION_PAGE_SIZE, LATEST_SECTION_SIZE, type SectionQuery } from './sections';
import type { AuditEntry, Story, StoryPatch } from './story';
import { searchableQuery } from './search-query';
import { englishSearchTerms } from './search-terms';

/**
 * All SQL about stories. Public reads filter, rank and paginate in the database, each on an
 * index (see the synced_content migration), so they stay flat as the archive grows.
 */

const COLUMNS = [
  'id',
  'sanity_id',
  'title',
  'summary',
  'region',
  'slug',
  'status',
  'pipeline_stage',
  'published_at',
  'created_at',
  'updated_at',
  'source_count',
  'source_list',
  'tags',
  'layers',
  'charts',
  'ai_risk_level',
  'triangulation_check',
  'truth_score',
  'fact_check_score',
  'auto_publish_eligible',
  'human_verified',
  'editor_signed_off',
  'ai_fact_check_panel',
  'enrichment_data',
  'external_data_feeds',
  'audit_log',
  'flag_reason',
  'storm_type',
  'urgency',
  'status_flags',
  'sync_status',
  'last_updated_by',
  'is_featured',
  'section_featured',
  'featured_priority',
  'feature_expires_at',
  'sources',
  'storm_id',
  'storm_name',
  'language',
] as const;
/** Readers' views live in their own table (a view is not an edit of the story). */
export const VIEW_COUNT_SQL = `coalesce((select v.views from story_view_counts v where v.story_id = s.id), 0) as view_count`;
/** The editor whose approval stands (the last approve not followed by a lapse), read from the audit log in SQL so cards do not carry it. */
export const APPROVED_BY_SQL = `(select case when e->>'action' = 'manual_override_approve' then e->>'user' end
     from jsonb_array_elements(coalesce(s.audit_log, '[]'::jsonb)) with ordinality a(e, n)
    where e->>'action' in ('manual_override_approve', 'approval_lapsed') order by n desc limit 1) as approved_by`;

/** Every story column plus its view count, for queries elsewhere in the core (readers' pages). */
export const SELECT = `${COLUMNS.map((c) => `s.${c}`).join(', ')}, ${VIEW_COUNT_SQL}`;
const JSON_COLUMNS = new Set(['layers', 'charts', 'ai_fact_check_panel', 'enrichment_data', 'external_data_feeds', 'audit_log', 'sources']);
const DATE_COLUMNS = ['published_at', 'created_at', 'updated_at', 'feature_expires_at'] as const;

/** Published and about a place the site covers: what readers may see. */
export const PUBLIC = `s.pipeline_stage = 'published' and s.region_visible`;
const BASE = `(case when s.region ~* 'jamaica' then ${JAMAICA_BASE} else ${DEFAULT_BASE} end)`;

export const MAX_PAGE_SIZE = 50;
/** Section counts stop here ("100+ stories found"): counting a whole archive would not stay flat. */
export const COUNT_CAP = 100;

export type NewStory = Partial<Omit<Story, 'created_at' | 'updated_at'>> & { title: string };
export type RankedStory = Story & { ranking: Ranking };
export type Page<T> = { items: T[]; offset: number; limit: number; hasMore: boolean };

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

export function rowToStory(row: Record<string, unknown>): Story {
  const story = { ...row } as Record<string, unknown>;
  for (const column of DATE_COLUMNS) story[column] = toIso(row[column]);
  for (const column of JSON_COLUMNS) story[column] = parseJson(row[column]);
  for (const column of ['tags', 'source_list', 'status_flags']) story[column] = (row[column] as string[] | null) ?? [];
  for (const column of ['truth_score', 'fact_check_score']) story[column] = row[column] === null ? null : Number(row[column]);
  story.source_count = Number(row.source_count);
  story.urgency = Number(row.urgency);
  story.featured_priority = Number(row.featured_priority);
  story.view_count = Number(row.view_count ?? 0);
  story.sources = (story.sources as Story['sources'] | undefined) ?? [];
  delete story.score;
  delete story.grp;
  delete story.tier;
  return story as unknown as Story;
}

function toRow(values: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    row[key] = JSON_COLUMNS.has(key) && value !== null ? JSON.stringify(value) : value;
  }
  return row;
}

/** Columns derived from the story's own fields, recomputed on every write. */
function derivedColumns(story: Pick<Story, 'title' | 'summary' | 'tags' | 'region'>): Record<string, unknown> {
  return { sections: storySections(story), region_visible: isRegionVisible(story.region) };
}

/**
 * Free addresses for these bases, looked up in one query: each base itself if free, else base-2,
 * base-3...; never the same for two stories of one batch.
 */
async function freeSlugs(db: Knex, bases: readonly string[], exceptId?: string): Promise<string[]> {
  const stems = bases.map((b) => b || 'story');
  if (stems.length === 0) return [];
  const unique = [...new Set(stems)];
  const q = db('synced_content')
    .select('slug')
    .whereRaw('(slug = any(?::text[]) or slug like any(?::text[]))', [unique, unique.map((s) => `${s}-%`)]);
  if (exceptId) q.whereNot('id', exceptId);
  const taken = new Set((await q).map((r: { slug: string }) => r.slug));
  return stems.map((stem) => {
    let slug = stem;
    for (let n = 2; taken.has(slug); n++) slug = `${stem}-${n}`;
    taken.add(slug);
    return slug;
  });
}

export async function insertStory(db: Knex, input: NewStory): Promise<Story> {
  return (await insertStories(db, [input]))[0]!;
}

/** New stories in one statement (a clustering batch starts hundreds), in the order given. */
export async function insertStories(db: Knex, inputs: readonly NewStory[]): Promise<Story[]> {
  if (inputs.length === 0) return [];
  const bases = inputs.map(withDefaults);
  const free = await freeSlugs(db, bases.filter((b) => b.slug === undefined).map(baseSlug));
  let next = 0;
  const rows = (await db('synced_content')
    .insert(bases.map((b) => storyRow(b, b.slug ?? free[next++]!)))
    .returning(COLUMNS as unknown as string[])) as Record<string, unknown>[];
  return rows.map(rowToStory);
}

/** A new story's defaults, its address before it is made free, and its row: one rule for every insert. */
const withDefaults = (input: NewStory) => ({ summary: '', region: 'Caribbean', tags: [] as string[], ...input });
const baseSlug = (story: ReturnType<typeof withDefaults>) => buildSlug(story.title, slugTopics(story));
const storyRow = (story: ReturnType<typeof withDefaults>, slug: string) => toRow({ ...story, slug, ...derivedColumns(story) });

/**
 * Applies a patch and appends audit entries in one transaction, so a story never changes
 * without its audit trail. Throws not_found for an unknown id.
 */
export async function updateStory(db: Knex, id: string, patch: StoryPatch, audit: AuditEntry | readonly AuditEntry[]): Promise<Story> {
  const [story] = await updateStories(db, [{ id, patch, audit }]);
  if (!story) throw new C360Error('not_found', `No story with id ${id}.`);
  return story;
}

export type StoryUpdate = { id: string; patch: StoryPatch; audit: AuditEntry | readonly AuditEntry[] };

// Story columns a patch may set, named in SQL below: only these identifiers ever reach it.
const PATCHABLE = new Set<string>([...COLUMNS, 'sections', 'region_visible']);

/**
 * updateStory for many stories in one transaction: their rows read once, and one statement for each set
 * of columns changed (a clustering batch changes hundreds of stories the same way). Stories that do not
 * exist are left out of the answer.
 */
export async function updateStories(db: Knex, updates: readonly StoryUpdate[]): Promise<Story[]> {
  if (updates.length === 0) return [];
  return db.transaction(async (trx) => {
    const ids = [...new Set(updates.map((u) => u.id))];
    const current = new Map(
      (
        (await trx('synced_content')
          .select(COLUMNS as unknown as string[])
          .whereIn('id', ids)
          .forUpdate()) as Record<string, unknown>[]
      ).map((r) => [r.id as string, r]),
    );
    // Each set of columns: its rows, each with its audit entries (jsonb_populate_record reads the columns' own types).
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const { id, patch, audit } of updates) {
      const row = current.get(id);
      if (!row) continue;
      const merged = { ...rowToStory(row), ...patch };
      const values: Record<string, unknown> = { ...patch, ...derivedColumns(merged) };
      // The address follows the title until the story is first published; after that it stays.
      if (patch.title !== undefined && row.published_at === null && patch.slug === undefined) {
        values.slug = (await freeSlugs(trx, [buildSlug(merged.title, slugTopics(merged))], id))[0];
      }
      const columns = Object.keys(values)
        .filter((k) => values[k] !== undefined)
        .sort();
      const unknown = columns.find((c) => !PATCHABLE.has(c));
      if (unknown) throw new Error(`updateStories: ${unknown} is not a story column`);
      const key = columns.join(',');
      groups.set(key, [
        ...(groups.get(key) ?? []),
        { ...Object.fromEntries(columns.map((c) => [c, values[c]])), id, audit: Array.isArray(audit) ? audit : [audit] },
      ]);
    }
    const changed: Record<string, unknown>[] = [];
    for (const [key, rows] of groups) {
      const columns = key.split(',').map((c) => `"${c}"`);
      const result = await trx.raw(
        `update synced_content s
            set (${columns.join(', ')}) = (select ${columns.map((c) => `p.${c}`).join(', ')} from jsonb_populate_record(null::synced_content, v.row) p),
                updated_at = now(), audit_log = s.audit_log || (v.row->'audit')
           from jsonb_array_elements(?::jsonb) as v(row)
          where s.id = (v.row->>'id')::uuid
          returning ${COLUMNS.map((c) => `s.${c}`).join(', ')}`,
        [JSON.stringify(rows)],
      );
      changed.push(...(result.rows as Record<string, unknown>[]));
    }
    const views = new Map(
      ((await trx('story_view_counts').select('story_id', 'views').whereIn('story_id', ids)) as { story_id: string; views: number }[]).map((v) => [
        v.story_id,
        v.views,
      ]),
    );
    return changed.map((row) => rowToStory({ ...row, view_count: views.get(row.id as string) ?? 0 }));
  });
}

export async function getStoryById(db: Knex, id: string): Promise<Story | null> {
  if (parseArticleId(id).kind !== 'uuid') return null;
  const row = await db('synced_content as s').select(db.raw(SELECT)).where('s.id', id).first();
  return row ? rowToStory(row) : null;
}

export type PublishedLookup = { story: Story; matchedBy: 'uuid' | 'slug-short-id' | 'slug' | 'redirect'; canonicalPath: string };

/**
 * One published story by UUID, slug-with-short-id or bare slug. Short ids are only 32 bits, so
 * when several stories share one the slug part picks between them.
 */
export async function findPublishedStory(db: Knex, rawId: string | null | undefined): Promise<PublishedLookup | null> {
  const parsed = parseArticleId(rawId);
  const published = () => db('synced_content as s').select(db.raw(SELECT)).whereRaw(PUBLIC);
  let row: Record<string, unknown> | undefined;
  let matchedBy: PublishedLookup['matchedBy'] = 'slug';
  switch (parsed.kind) {
    case 'missing':
    case 'invalid':
      return null;
    case 'uuid':
      row = await published().where('s.id', parsed.id).first();
      matchedBy = 'uuid';
      break;
    case 'slug-short-id': {
      const rows = await published().whereRaw(`right(replace(s.id::text, '-', ''), 8) = ?`, [parsed.shortId]).limit(20);
      row = rows.find((r: Record<string, unknown>) => r.slug === parsed.slug) ?? rows[0];
      matchedBy = 'slug-short-id';
      // "some-words-deadbeef" may also be a bare slug whose last word looks like hex.
      if (!row) {
        row = await published().where('s.slug', `${parsed.slug}-${parsed.shortId}`).first();
        matchedBy = 'slug';
      }
      break;
    }
    case 'slug':
      row = await published().where('s.slug', parsed.slug).first();
      break;
  }
  if (!row) return redirectedStory(db, parsed);
  const story = rowToStory(row);
  return { story, matchedBy, canonicalPath: articlePath(story)! };
}

/** The address of a story merged into another by re-clustering leads to the one that survived (story_redirects). */
async function redirectedStory(db: Knex, parsed: ReturnType<typeof parseArticleId>): Promise<PublishedLookup | null> {
  let target: { to_id: string } | undefined;
  if (parsed.kind === 'uuid') target = await db('story_redirects').select('to_id').where('from_id', parsed.id).first();
  else if (parsed.kind === 'slug-short-id')
    target = await db('story_redirects')
      .select('to_id')
      .whereRaw(`right(replace(from_id::text, '-', ''), 8) = ?`, [parsed.shortId])
      .orderByRaw('from_slug = ? desc', [parsed.slug])
      .first();
  else if (parsed.kind === 'slug') target = await db('story_redirects').select('to_id').where('from_slug', parsed.slug).first();
  if (!target) return null;
  const row = await db('synced_content as s').select(db.raw(SELECT)).whereRaw(PUBLIC).where('s.id', target.to_id).first();
  if (!row) return null;
  const story = rowToStory(row);
  return { story, matchedBy: 'redirect', canonicalPath: articlePath(story)! };
}

function pageBounds(offset = 0, limit = SECTION_PAGE_SIZE): { offset: number; limit: number } {
  return {
    offset: Math.max(0, Math.floor(Number.isFinite(offset) ? offset : 0)),
    limit: Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : SECTION_PAGE_SIZE))),
  };
}

/**
 * The storm tier of a story in SQL: 0 warned, 1 linked, null for a story that is not storm news.
 * The same rule as stormTier in storm-news.ts (a test holds the two together).
 */
function stormTierSql(storms: StormContext, now: string): Sql {
  if (storms.storms.length === 0) return trusted('null::int');
  const recent = sql`s.published_at > ${now}::timestamptz - interval '${trusted(String(STORM_STORY_HOURS))} hours'`;
  const warned = storms.storms
    .filter((storm) => storm.regions.length > 0)
    .map((storm) => {
      const regions = wordPattern(storm.regions, 'pg');
      return sql`((s.storm_id = ${storm.id} or (s.title || ' ' || coalesce(s.summary, '')) ~* ${wordPattern(mentionWords(storm), 'pg')}) and (s.region ~* ${regions} or s.title ~* ${regions}))`;
    });
  const ids = storms.storms.map((storm) => sql`${storm.id}`);
  return sql`(case when ${recent} and ${warned.length ? joinSql(warned, ' or ') : trusted('false')} then 0 when ${recent} and s.storm_id in (${joinSql(ids, ', ')}) then 1 end)`;
}

function joinSql(parts: readonly Sql[], separator: string): Sql {
  return parts.slice(1).reduce((all, part) => sql`${all}${trusted(separator)}${part}`, parts[0]!);
}

/**
 * Published stories in home order (home-ranking.ts): featured priority 1; the stories of a
 * threatening storm (warned, then linked); other featured stories by priority; then by score while
 * the score is positive (a bounded, recent set); then the rest newest first. Five index scans,
 * each cut at offset + limit rows, so deep archives cost nothing here. Without `storms` the storm
 * context is read first (one small query).
 */
export async function listHomeStories(db: Knex, options: { now: Date; offset?: number; limit?: number; storms?: StormContext }): Promise<Page<RankedStory>> {
  const { offset, limit } = pageBounds(options.offset, options.limit);
  const storms = options.storms ?? (await getStormContext(db, options.now));
  const now = options.now.toISOString();
  const n = offset + limit + 1;
  const columns = trusted(SELECT);
  const published = trusted(PUBLIC);
  const base = trusted(BASE);
  const lead = trusted(String(LEAD_PRIORITY));
  const featuredNow = sql`(s.is_featured and (s.feature_expires_at is null or s.feature_expires_at > ${now}::timestamptz))`;
  const age = sql`(extract(epoch from (${now}::timestamptz - s.published_at)) / 86400)`;
  const tier = stormTierSql(storms, now);
  const bonus = sql`(case when ${featuredNow} then 100 - 10 * s.featured_priority else 0 end)`;
  const storm = storms.storms.length
    ? sql`
      union all
      (select ${columns}, 1 as grp, greatest(0, ${base} - ${age} + ${bonus}) as score, ${tier} as tier
         from synced_content s
         where ${published} and s.published_at > ${now}::timestamptz - interval '${trusted(String(STORM_STORY_HOURS))} hours'
           and ${tier} is not null and not (${featuredNow} and s.featured_priority <= ${lead})
         order by tier, score desc, s.published_at desc, s.id desc limit ${n})`
    : trusted('');
  const rows = await query(
    db,
    sql`
    select * from (
      (select ${columns}, 0 as grp, greatest(0, ${base} - ${age} + (100 - 10 * s.featured_priority)) as score, null::int as tier
         from synced_content s where ${published} and ${featuredNow} and s.featured_priority <= ${lead}
         order by s.featured_priority, score desc, s.published_at desc, s.id desc limit ${n})
      ${storm}
      union all
      (select ${columns}, 2 as grp, greatest(0, ${base} - ${age} + (100 - 10 * s.featured_priority)) as score, null::int as tier
         from synced_content s where ${published} and ${featuredNow} and s.featured_priority > ${lead} and ${tier} is null
         order by s.featured_priority, score desc, s.published_at desc, s.id desc limit ${n})
      union all
      (select ${columns}, 3 as grp, greatest(0, ${base} - ${age}) as score, null::int as tier
         from synced_content s
         where ${published} and not ${featuredNow} and ${tier} is null
           and s.published_at > ${now}::timestamptz - interval '${trusted(String(JAMAICA_BASE))} days'
           and ${base} - ${age} > 0
         order by score desc, s.published_at desc, s.id desc limit ${n})
      union all
      (select ${columns}, 4 as grp, 0 as score, null::int as tier
         from synced_content s
         where ${published} and not ${featuredNow} and ${tier} is null and ${base} - ${age} <= 0
         order by s.published_at desc, s.id desc limit ${n})
    ) ranked
    order by grp, case when grp in (0, 2) then featured_priority end, tier, score desc, published_at desc, id desc
    offset ${offset} limit ${limit + 1}`,
  );
  // The order comes from SQL; the score and its reason from the same pure rule the tests check.
  const items = (rows as Record<string, unknown>[]).slice(0, limit).map((row) => {
    const story = rowToStory(row);
    return { ...story, ranking: rankStory(story, options.now, storms) };
  });
  return { items, offset, limit, hasMore: rows.length > limit };
}

export type HomePage = HomeLayout<RankedStory> & { moreNewsHasMore: boolean; moreNewsNext: number; storms: StormContext };

/**
 * The home layout: the storm context, the first 15 ranked stories placed by the layout rule, then
 * a first page of More News (moreNewsNext: the ranked position the next page starts at).
 */
export async function getHomePage(db: Knex, options: { now: Date; moreNewsLimit?: number }): Promise<HomePage> {
  const moreNewsLimit = Math.min(MAX_PAGE_SIZE, options.moreNewsLimit ?? 20);
  const storms = await getStormContext(db, options.now);
  const page = await listHomeStories(db, { now: options.now, offset: 0, limit: MORE_NEWS_START + moreNewsLimit, storms });
  return { ...buildHomeLayout(page.items), moreNewsHasMore: page.hasMore, moreNewsNext: page.items.length, storms };
}

export type SectionPage = Page<Story> & { query: SectionQuery; total: number; totalCapped: boolean };

/** A section page, newest first. latest/caribbean show the 20 newest; keyword sections page on. */
export async function listSectionStories(db: Knex, options: { section: string; offset?: number; limit?: number }): Promise<SectionPage> {
  const query = parseSection(options.section);
  const bounds = pageBounds(options.offset, options.limit);
  if (query.kind === 'unknown') return { query, items: [], ...bounds, hasMore: false, total: 0, totalCapped: false };
  const cap = query.kind === 'latest' ? LATEST_SECTION_SIZE : Number.POSITIVE_INFINITY;
  const offset = Math.min(bounds.offset, cap);
  const limit = Math.max(0, Math.min(bounds.limit, cap - offset));
  const filtered = () => {
    const q = db('synced_content as s').whereRaw(PUBLIC);
    // The section name is checked against the fixed list above, and the literal lets the
    // planner use that section's partial index.
    if (query.kind === 'keyword') q.whereRaw(`s.sections @> array['${query.section}']`);
    return q;
  };
  const rows =
    limit === 0
      ? []
      : await filtered()
          .select(db.raw(SELECT))
          .orderBy([
            { column: 's.published_at', order: 'desc' },
            { column: 's.id', order: 'desc' },
          ])
          .offset(offset)
          .limit(limit + 1);
  const countCap = Math.min(COUNT_CAP, cap);
  const [{ count }] = await db
    .from(
      filtered()
        .select(db.raw('1'))
        .limit(countCap + 1)
        .as('c'),
    )
    .count({ count: '*' });
  const total = Number(count);
  return {
    query,
    items: rows.slice(0, limit).map(rowToStory),
    offset,
    limit: bounds.limit,
    hasMore: rows.length > limit && offset + limit < cap,
    total: Math.min(total, countCap),
    totalCapped: total > countCap,
  };
}

/** Up to this many matches, a search sorts its matches itself instead of walking the archive. */
export const FEW_MATCHES = 200;

/**
 * Full-text search over title, summary and tags of published stories, newest first.
 *
 * Two plans, chosen on a bounded count through the text index: a word in many stories walks the
 * newest-first index and stops at the page; a word in few stories fetches its matches through the
 * text index and sorts only those. Left to itself the planner guesses a rare word's frequency from
 * sampled statistics and, guessing high, walked the whole archive to find five matches.
 */
export async function searchStories(db: Knex, options: { q: string; offset?: number; limit?: number }): Promise<Page<Story>> {
  const { offset, limit } = pageBounds(options.offset, options.limit);
  const typed = searchableQuery(options.q.slice(0, 200));
  if (typed === null) return { items: [], offset, limit, hasMore: false };
  // The index is English: a storm's type and the countries, typed in Spanish, French or Dutch, are read in English.
  const q = englishSearchTerms(typed);
  const matches = `s.search_vector @@ websearch_to_tsquery('english', ?) and ${PUBLIC}`;
  const probe = await db.raw(`select count(*)::int as n from (select 1 from synced_content s where ${matches} limit ${FEW_MATCHES}) m`, [q]);
  const few = Number(probe.rows[0].n) < FEW_MATCHES;
  const rows = few
    ? (
        await db.raw(
          `with hits as materialized (select s.id, s.published_at from synced_content s where ${matches}),
           page as (select h.id, h.published_at from hits h order by h.published_at desc, h.id desc offset ? limit ?)
           select ${SELECT} from page p join synced_content s on s.id = p.id order by p.published_at desc, p.id desc`,
          [q, offset, limit + 1],
        )
      ).rows
    : await db('synced_content as s')
        .select(db.raw(SELECT))
        .whereRaw(matches, [q])
        .orderBy([
          { column: 's.published_at', order: 'desc' },
          { column: 's.id', order: 'desc' },
        ])
        .offset(offset)
        .limit(limit + 1);
  return { items: rows.slice(0, limit).map(rowToStory), offset, limit, hasMore: rows.length > limit };
}

/** Every story whatever its stage (console and CLI), most recently updated first. */
export async function listStories(db: Knex, options: { stage?: string; offset?: number; limit?: number } = {}): Promise<Page<Story>> {
  const { offset, limit } = pageBounds(options.offset, options.limit);
  const q = db('synced_content as s').select(db.raw(SELECT));
  if (options.stage) q.where('s.pipeline_stage', options.stage);
  const rows = await q
    .orderBy([
      { column: 's.updated_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .offset(offset)
    .limit(limit + 1);
  return { items: rows.slice(0, limit).map(rowToStory), offset, limit, hasMore: rows.length > limit };
}

/**
 * Inserts many stories at once (imports, benchmarks): derived columns are computed as for a
 * single insert; each story must bring a unique slug or a title that yields one.
 */
export async function insertStoriesBulk(db: Knex, stories: readonly NewStory[], batchSize = 500): Promise<number> {
  const rows = stories.map(withDefaults).map((story) => storyRow(story, story.slug ?? baseSlug(story)));
  for (let i = 0; i < rows.length; i += batchSize) await db('synced_content').insert(rows.slice(i, i + batchSize));
  return rows.length;
}

export type RefileCounts = { examined: number; refiled: number };

/**
 * Files every story again by the rule every insert and update files it by (derivedColumns), in
 * batches by id, and writes only the rows whose sections differ: a release whose classifier files
 * everything as before rewrites nothing. A row whose title, lead or tags changed since it was read
 * is left to the write that changed it (that write filed it too). Only `sections` changes: not
 * updated_at nor the audit log, since no one edited the story. Run it in a transaction to make the
 * whole re-filing one change.
 */
export async function refileStorySections(db: Knex, options: { batchSize?: number } = {}): Promise<RefileCounts> {
  const batchSize = options.batchSize ?? 1000;
  const counts: RefileCounts = { examined: 0, refiled: 0 };
  let after: string | null = null;
  for (;;) {
    const q = db('synced_content').select('id', 'title', 'summary', 'tags', 'region', 'sections').orderBy('id').limit(batchSize);
    if (after !== null) q.where('id', '>', after);
    const rows = (await q) as { id: string; title: string; summary: string; tags: string[] | null; region: string; sections: string[] | null }[];
    if (rows.length === 0) return counts;
    counts.examined += rows.length;
    after = rows[rows.length - 1]!.id;
    const changed: { id: string; title: string; summary: string; tags: string[]; sections: string[] }[] = [];
    for (const row of rows) {
      const story = { ...row, tags: row.tags ?? [] };
      const sections = derivedColumns(story).sections as string[];
      if (sections.join('\n') !== (row.sections ?? []).join('\n'))
        changed.push({ id: row.id, title: row.title, summary: row.summary, tags: story.tags, sections });
    }
    if (changed.length === 0) continue;
    const { rows: updated } = await db.raw(
      `update synced_content s set sections = v.sections
         from jsonb_to_recordset(?::jsonb) as v(id uuid, title text, summary text, tags text[], sections text[])
        where s.id = v.id and s.title = v.title and s.summary = v.summary and s.tags = v.tags
        returning s.id`,
      [JSON.stringify(changed)],
    );
    counts.refiled += (updated as unknown[]).length;
  }
}

/** Published stories about a place (region contains it) matching any of the words, newest first. */
export async function listLocalStories(db: Knex, options: { place: string; words: readonly string[]; limit?: number }): Promise<Story[]> {
  const words = options.words.map((w) => w.replace(/[^\p{L}\p{N} -]/gu, '').trim()).filter(Boolean);
  if (words.length === 0) return [];
  const rows = await db('synced_content as s')
    .select(db.raw(SELECT))
    .whereRaw(PUBLIC)
    .whereRaw('s.region ilike ?', [`%${options.place.replace(/[%_\\]/g, '')}%`])
    .whereRaw(`s.search_vector @@ websearch_to_tsquery('english', ?)`, [words.join(' or ')])
    .orderBy([
      { column: 's.published_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(Math.min(20, options.limit ?? 5));
  return rows.map(rowToStory);
}
