import type { Knex } from 'knex';

/** Stories a reader saved to read later; a deleted story or account takes its rows with it. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table reader_saved (
      user_id uuid not null references users (id) on delete cascade,
      story_id uuid not null references synced_content (id) on delete cascade,
      saved_at timestamptz not null default now(),
      primary key (user_id, story_id)
    )`);
  // The Saved page: newest saved first, one range scan per reader.
  await knex.raw('create index reader_saved_user_idx on reader_saved (user_id, saved_at desc, story_id desc)');
  // Deleting a story finds its saved rows without a scan.
  await knex.raw('create index reader_saved_story_idx on reader_saved (story_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table reader_saved');
}
