import type { Knex } from 'knex';

// Document frequencies of clustering terms (for TF-IDF), counted over every clustered source item.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table cluster_term_stats (term text primary key, df integer not null default 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table cluster_term_stats');
}
