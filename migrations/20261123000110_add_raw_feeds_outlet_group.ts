import type { Knex } from 'knex';

// Each source item keeps its outlet's kind and owner group as they were when it arrived (items from
// files and webhooks have no feed row to join), so the pipeline can tell independent sources apart.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table raw_feeds
      add column outlet_kind text not null default 'press' check (outlet_kind in ('press', 'official', 'aggregator')),
      add column owner_group text`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table raw_feeds drop column outlet_kind, drop column owner_group');
}
