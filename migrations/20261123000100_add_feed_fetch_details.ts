import type { Knex } from 'knex';

// What `feeds list` and OPML export need beyond the registry's first shape: the outlet's web page
// (OPML htmlUrl), when a fetch last succeeded, and the RSS <ttl> the feed last asked for.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table feeds
      add column html_url text,
      add column last_success_at timestamptz,
      add column ttl_seconds integer check (ttl_seconds is null or ttl_seconds >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table feeds drop column html_url, drop column last_success_at, drop column ttl_seconds');
}
