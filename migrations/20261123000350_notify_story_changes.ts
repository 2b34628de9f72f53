import type { Knex } from 'knex';

/**
 * One NOTIFY per statement that changes stories, whoever runs it (the server, a CLI worker,
 * cron, another server on the same PostgreSQL): the server drops its cached public pages when
 * it hears one. Statement-level, so a bulk import costs one notification, and PostgreSQL folds
 * identical notifications within a transaction into one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function c360_notify_stories_changed() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify('c360_stories_changed', '');
      return null;
    end $$`);
  await knex.raw(`
    create trigger synced_content_changed
    after insert or update or delete or truncate on synced_content
    for each statement execute function c360_notify_stories_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger synced_content_changed on synced_content');
  await knex.raw('drop function c360_notify_stories_changed()');
}
