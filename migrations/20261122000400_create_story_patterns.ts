import type { Knex } from 'knex';

// Patterns found across stories and signals (the console spec's Pattern shape).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table story_patterns (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      description text not null default '',
      confidence real not null default 0 check (confidence between 0 and 1),
      related_signals jsonb not null default '[]',
      cluster text,
      strength text,
      emerging_trend boolean not null default false,
      region text,
      window_start timestamptz,
      window_end timestamptz,
      created_at timestamptz not null default now()
    )`);
  await knex.raw(`create index story_patterns_created_idx on story_patterns (created_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table story_patterns');
}
