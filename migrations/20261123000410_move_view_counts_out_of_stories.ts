import type { Knex } from 'knex';

/**
 * Readers' view counts move to their own table. Counting a view on the story row fired the
 * story-change notification, which empties every cached public page and wakes every console:
 * a view is not an edit.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table story_view_counts (
      story_id uuid primary key references synced_content (id) on delete cascade,
      views integer not null default 0 check (views >= 0)
    )`);
  await knex.raw(`insert into story_view_counts (story_id, views) select id, view_count from synced_content where view_count > 0`);
  await knex.raw('alter table synced_content drop column view_count');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content add column view_count integer not null default 0');
  await knex.raw('update synced_content s set view_count = v.views from story_view_counts v where v.story_id = s.id');
  await knex.raw('drop table story_view_counts');
}
