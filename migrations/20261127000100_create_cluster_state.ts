import type { Knex } from 'knex';

/**
 * Clustering's shared state across workers: a generation counter that every clustering write bumps (a
 * worker whose in-memory copy of the open stories has an older generation reloads it before deciding),
 * and the order stories were started in (ties between equally similar stories go to the older, the same
 * way in memory and after a reload).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create table cluster_state (id smallint primary key check (id = 1), generation bigint not null default 0)');
  await knex.raw('insert into cluster_state (id, generation) values (1, 0)');
  await knex.raw('create sequence synced_content_cluster_seq');
  await knex.raw(`alter table synced_content add column cluster_seq bigint not null default nextval('synced_content_cluster_seq')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content drop column cluster_seq');
  await knex.raw('drop sequence synced_content_cluster_seq');
  await knex.raw('drop table cluster_state');
}
