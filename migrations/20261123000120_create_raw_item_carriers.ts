import type { Knex } from 'knex';

/**
 * "Also carried by": when another outlet's feed carries an item already stored (wire copy, syndication,
 * the same story in two feeds), the item is not stored twice; each outlet that carried it gets a row
 * here, the first one included, so the pipeline can count outlets and spot copies.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table raw_item_carriers (
      raw_feed_id uuid not null references raw_feeds (id) on delete cascade,
      outlet text not null,
      outlet_kind text not null default 'press' check (outlet_kind in ('press', 'official', 'aggregator')),
      owner_group text,
      feed_id integer references feeds (id) on delete set null,
      url text,
      guid text,
      matched_by text not null check (matched_by in ('original', 'guid', 'url', 'content_hash')),
      first_seen_at timestamptz not null default now(),
      primary key (raw_feed_id, outlet)
    )`);
  await knex.raw(`create index raw_item_carriers_outlet_idx on raw_item_carriers (outlet, first_seen_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table raw_item_carriers');
}
