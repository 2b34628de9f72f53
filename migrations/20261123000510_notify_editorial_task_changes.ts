import type { Knex } from 'knex';

/**
 * One NOTIFY per statement that changes editorial tasks, whoever runs it, so every open console
 * updates its task list live (the server relays c360_tasks_changed as Server-Sent Events).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function c360_notify_tasks_changed() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify('c360_tasks_changed', '');
      return null;
    end $$`);
  await knex.raw(`
    create trigger editorial_tasks_changed
    after insert or update or delete or truncate on editorial_tasks
    for each statement execute function c360_notify_tasks_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger editorial_tasks_changed on editorial_tasks');
  await knex.raw('drop function c360_notify_tasks_changed()');
}
