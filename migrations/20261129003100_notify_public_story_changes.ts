import type { Knex } from 'knex';

/**
 * Story-change notifications say whether a public story was touched: payload 'public' when a row
 * published before or after the statement is among those it changed, 'drafts' otherwise. The
 * server keeps its cached public pages through 'drafts' (a pipeline run changes unpublished
 * stories all the time, and dropping every page each time made each request during a run wait
 * for the database: issue 25); the console still hears every change. Transition tables need one
 * trigger per event; truncate has none and says 'public'.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop trigger synced_content_changed on synced_content');
  await knex.raw(`
    create function c360_notify_stories_changed_rows() returns trigger
    language plpgsql as $$
    declare
      touched boolean := false;
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        touched := exists (select 1 from new_rows where pipeline_stage = 'published');
      end if;
      if not touched and tg_op in ('UPDATE', 'DELETE') then
        touched := exists (select 1 from old_rows where pipeline_stage = 'published');
      end if;
      perform pg_notify('c360_stories_changed', case when touched then 'public' else 'drafts' end);
      return null;
    end $$`);
  await knex.raw(`
    create trigger synced_content_inserted after insert on synced_content
    referencing new table as new_rows
    for each statement execute function c360_notify_stories_changed_rows()`);
  await knex.raw(`
    create trigger synced_content_updated after update on synced_content
    referencing old table as old_rows new table as new_rows
    for each statement execute function c360_notify_stories_changed_rows()`);
  await knex.raw(`
    create trigger synced_content_deleted after delete on synced_content
    referencing old table as old_rows
    for each statement execute function c360_notify_stories_changed_rows()`);
  await knex.raw(`
    create function c360_notify_stories_truncated() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify('c360_stories_changed', 'public');
      return null;
    end $$`);
  await knex.raw(`
    create trigger synced_content_truncated after truncate on synced_content
    for each statement execute function c360_notify_stories_truncated()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['synced_content_inserted', 'synced_content_updated', 'synced_content_deleted', 'synced_content_truncated'])
    await knex.raw(`drop trigger ${t} on synced_content`);
  await knex.raw('drop function c360_notify_stories_changed_rows()');
  await knex.raw('drop function c360_notify_stories_truncated()');
  await knex.raw(`
    create trigger synced_content_changed
    after insert or update or delete or truncate on synced_content
    for each statement execute function c360_notify_stories_changed()`);
}
