import type { Knex } from 'knex';

/**
 * What clustering compared for each source item (words, institutions, figures, places, outlet,
 * language, time: core/pipeline/cluster/event-features.ts), kept so a story can be re-checked member
 * by member as it grows, and how well the item fits its story (the most central report leads it).
 * Items clustered before this column existed have none; the stage computes theirs from their text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table raw_feeds add column cluster_features jsonb, add column cluster_fit real');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table raw_feeds drop column cluster_features, drop column cluster_fit');
}
