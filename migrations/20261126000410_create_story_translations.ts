import type { Knex } from 'knex';

/**
 * A story's five layers translated on a reader's request, one row per story, language and
 * version of the story's sources (a new version means new layers: the old translation no longer
 * applies and is not served). Kept so each translation costs one AI call, however many read it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table story_translations (
      id bigserial primary key,
      story_id uuid not null references synced_content (id) on delete cascade,
      language text not null,
      sources_version integer not null,
      layers_hash text not null,
      layers jsonb not null,
      title text not null,
      summary text not null,
      created_at timestamptz not null default now(),
      unique (story_id, language, sources_version, layers_hash)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table story_translations');
}
