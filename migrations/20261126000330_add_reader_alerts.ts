import type { Knex } from 'knex';

/**
 * Reader alerts live beside the console's personal alerts and share their deliveries, retries
 * and dispatch. `kind` tells them apart: 'console' (region, level and storm types, editors),
 * 'storm' (advisories threatening a place) and 'story' (new published stories) for readers.
 * A reader alert's `scope` is 'follows' (the islands, and for stories the topics, the reader
 * follows when dispatch runs) or 'region' (one island, `place`). Reader alerts have no console
 * region.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table alerts
    add column kind text not null default 'console' check (kind in ('console', 'storm', 'story')),
    add column scope text check (scope in ('follows', 'region')),
    add column place text check (length(place) between 1 and 60)`);
  await knex.raw('alter table alerts alter column region drop not null');
  await knex.raw(`alter table alerts add constraint alerts_kind_shape check (
    (kind = 'console' and region is not null and scope is null and place is null)
    or (kind <> 'console' and region is null and scope is not null and (scope = 'region') = (place is not null)))`);
  await knex.raw('create index alerts_user_kind_idx on alerts (user_id, kind, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`delete from alerts where kind <> 'console'`);
  await knex.raw('drop index alerts_user_kind_idx');
  await knex.raw('alter table alerts drop constraint alerts_kind_shape');
  await knex.raw('alter table alerts alter column region set not null');
  await knex.raw('alter table alerts drop column kind, drop column scope, drop column place');
}
