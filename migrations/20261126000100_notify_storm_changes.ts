import type { Knex } from 'knex';

/**
 * The home page leads with a threatening storm and ranks its stories first, so a change to storms or
 * their watches and warnings changes public pages as a story change does: the same notification,
 * once per statement, tells servers to drop their cached public pages.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create trigger storms_changed
    after insert or update or delete or truncate on storms
    for each statement execute function c360_notify_stories_changed()`);
  await knex.raw(`
    create trigger storm_alerts_changed
    after insert or update or delete or truncate on storm_alerts
    for each statement execute function c360_notify_stories_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger storm_alerts_changed on storm_alerts');
  await knex.raw('drop trigger storms_changed on storms');
}
