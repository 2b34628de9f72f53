import type { Knex } from 'knex';

/**
 * What the summarise and fact-check stages learn about a story: AI token usage, diaspora relevance
 * (0-100), topics and entities, the claims it makes, and its sources (per source: outlet, URL, owner
 * group, whether it counted as independent and why).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table synced_content
      add column ai_usage jsonb not null default '{}',
      add column diaspora_relevance integer check (diaspora_relevance between 0 and 100),
      add column topics text[] not null default '{}',
      add column entities text[] not null default '{}',
      add column claims jsonb not null default '[]',
      add column sources jsonb not null default '[]'`);
  // Enrichment picks stories without external data (console spec: "where external_data_feeds is null, limit 10").
  await knex.raw(`create index synced_content_enrich_idx on synced_content (updated_at) where external_data_feeds is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index synced_content_enrich_idx');
  await knex.raw(`
    alter table synced_content
      drop column ai_usage, drop column diaspora_relevance, drop column topics, drop column entities,
      drop column claims, drop column sources`);
}
