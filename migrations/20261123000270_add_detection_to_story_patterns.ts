import type { Knex } from 'knex';

// What pattern detection records beside the Pattern shape: the signal keys and stories behind a
// pattern, and a dedupe key so a re-run over the same window updates the pattern instead of repeating it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table story_patterns
      add column signal_keys text[] not null default '{}',
      add column story_ids uuid[] not null default '{}',
      add column dedupe_key text unique,
      add column updated_at timestamptz not null default now()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table story_patterns drop column signal_keys, drop column story_ids, drop column dedupe_key, drop column updated_at');
}
