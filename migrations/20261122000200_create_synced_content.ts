import type { Knex } from 'knex';

/**
 * Stories. Table and column names are the prototype's (an export of its database loads as is);
 * `sections`, `region_visible` and `search_vector` are derived columns that let every public read
 * filter, rank and paginate in SQL on an index.
 */
export async function up(knex: Knex): Promise<void> {
  // array_to_string is only STABLE in general; for text[] it is deterministic, which the
  // generated search column needs.
  await knex.raw(`
    create function c360_tags_text(text[]) returns text
    language sql immutable parallel safe
    as $$ select coalesce(array_to_string($1, ' '), '') $$`);

  await knex.raw(`
    create table synced_content (
      id uuid primary key default gen_random_uuid(),
      sanity_id text unique,
      title text not null,
      summary text not null default '',
      region text not null default 'Caribbean',
      slug text unique,
      status text not null default 'draft',
      pipeline_stage text not null default 'ingested'
        check (pipeline_stage in ('ingested', 'enriched', 'ranked', 'drafted', 'verified', 'published')),
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      source_count integer not null default 0,
      source_list text[] not null default '{}',
      tags text[] not null default '{}',
      layers jsonb not null default '[]',
      charts jsonb not null default '[]',
      ai_risk_level text not null default 'medium' check (ai_risk_level in ('low', 'medium', 'high', 'critical')),
      triangulation_check boolean not null default false,
      truth_score real check (truth_score between 0 and 1),
      fact_check_score real check (fact_check_score between 0 and 1),
      auto_publish_eligible boolean not null default false,
      human_verified boolean not null default false,
      editor_signed_off boolean not null default false,
      ai_fact_check_panel jsonb not null default '[]',
      enrichment_data jsonb not null default '{}',
      external_data_feeds jsonb,
      audit_log jsonb not null default '[]',
      flag_reason text,
      storm_type text,
      urgency integer not null default 0 check (urgency between 0 and 100),
      status_flags text[] not null default '{}',
      sync_status text,
      last_updated_by text,
      is_featured boolean not null default false,
      section_featured boolean not null default false,
      featured_priority integer not null default 1,
      feature_expires_at timestamptz,
      sections text[] not null default '{}',
      region_visible boolean not null default false,
      search_vector tsvector generated always as (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(summary, '')), 'B') ||
        setweight(to_tsvector('english', c360_tags_text(tags)), 'C')
      ) stored,
      constraint published_has_date check (pipeline_stage <> 'published' or published_at is not null)
    )`);

  const published = `pipeline_stage = 'published' and region_visible`;
  await knex.raw(`create index synced_content_published_idx on synced_content (published_at desc, id) where ${published}`);
  await knex.raw(`create index synced_content_featured_idx on synced_content (featured_priority, published_at desc) where ${published} and is_featured`);
  // Article addresses end in the last 8 hex digits of the id: look them up by index, not by scan.
  await knex.raw(`create index synced_content_short_id_idx on synced_content ((right(replace(id::text, '-', ''), 8)))`);
  // No pending list: PGlite has no autovacuum to flush one, and a long list makes every search scan it.
  await knex.raw(`create index synced_content_search_idx on synced_content using gin (search_vector) with (fastupdate = off)`);
  await knex.raw(`create index synced_content_stage_idx on synced_content (pipeline_stage, updated_at desc)`);
  await knex.raw(`create index synced_content_updated_idx on synced_content (updated_at desc)`);
  // One partial index per section of the spec keeps every section page an index range scan.
  for (const section of ['business', 'politics', 'weather', 'sports', 'culture', 'technology']) {
    await knex.raw(
      `create index synced_content_section_${section}_idx on synced_content (published_at desc, id) where ${published} and sections @> array['${section}']`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table synced_content');
  await knex.raw('drop function c360_tags_text(text[])');
}
