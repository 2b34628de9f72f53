import type { Knex } from 'knex';

/**
 * The sources_version a story had when an editor approved it (the approve override): the approval
 * holds while the sources are the same and lapses when they change. Stories approved before this
 * column existed keep their approval for their current sources.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content add column approved_sources_version integer');
  await knex.raw('update synced_content set approved_sources_version = sources_version where human_verified');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content drop column approved_sources_version');
}
