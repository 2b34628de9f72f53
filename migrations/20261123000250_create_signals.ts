import type { Knex } from 'knex';

/**
 * Signals: topics or entities whose frequency bursts against their baseline (the console spec's Signal
 * shape; clusterId and patternTags are cluster_id and pattern_tags here). signal_key, mentions, baseline,
 * story_ids and the window say what was counted; dedupe_key keeps one row per key and window.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table signals (
      id uuid primary key default gen_random_uuid(),
      source text not null,
      type text not null check (type in ('Economic', 'Political', 'Environmental', 'Social', 'Security')),
      strength text not null check (strength in ('High', 'Medium', 'Low')),
      title text not null,
      summary text not null default '',
      "timestamp" timestamptz not null,
      verified boolean not null default false,
      region text not null default 'Caribbean',
      keywords text[] not null default '{}',
      sentiment real not null default 0 check (sentiment between -1 and 1),
      urgency integer not null default 0 check (urgency between 0 and 100),
      cluster_id text,
      pattern_tags text[] not null default '{}',
      signal_key text not null,
      mentions integer not null default 0,
      baseline real not null default 0,
      story_ids uuid[] not null default '{}',
      window_start timestamptz not null,
      window_end timestamptz not null,
      dedupe_key text not null unique,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`create index signals_timestamp_idx on signals ("timestamp" desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table signals');
}
