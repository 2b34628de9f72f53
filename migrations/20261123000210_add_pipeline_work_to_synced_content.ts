import type { Knex } from 'knex';

/**
 * Story-level pipeline work. pipeline_next names the stage a story waits for (summarise, fact_check,
 * publish; null when nothing is due); a worker claims it with a lease like source items. sources_version
 * grows when a source joins, so a summary written from an older set of sources is not kept.
 * flag_origin tells a pipeline flag (recomputed on each check) from an editor's (kept until an editor clears it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table synced_content
      add column pipeline_next text check (pipeline_next in ('summarise', 'fact_check', 'publish')),
      add column lease_owner text,
      add column lease_expires_at timestamptz,
      add column work_attempts integer not null default 0,
      add column work_error text,
      add column next_attempt_at timestamptz,
      add column sources_version integer not null default 0,
      add column flag_origin text check (flag_origin in ('pipeline', 'editor'))`);
  await knex.raw(`create index synced_content_work_idx on synced_content (pipeline_next, updated_at) where pipeline_next is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index synced_content_work_idx');
  await knex.raw(`
    alter table synced_content
      drop column pipeline_next, drop column lease_owner, drop column lease_expires_at, drop column work_attempts,
      drop column work_error, drop column next_attempt_at, drop column sources_version, drop column flag_origin`);
}
