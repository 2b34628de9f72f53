import type { Knex } from 'knex';

/**
 * The island a story is about, as the key a reader follows ('jamaica', 'trinidad-and-tobago',
 * 'caribbean' for regional stories), and an index of published stories by that key, newest
 * first: a reader's "My Caribbean" page is one index range scan per followed island.
 *
 * The patterns repeat core/readers/follow-rules.ts (migrations never import the core); a test
 * checks that both give the same key. Order matters: "Dominican Republic" before "Dominica",
 * "Grenadines" before "Grenada".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function c360_region_key(text) returns text
    language sql immutable parallel safe
    as $$ select case
      when $1 ~* 'jamaica' then 'jamaica'
      when $1 ~* 'barbados' then 'barbados'
      when $1 ~* 'trinidad|tobago' then 'trinidad-and-tobago'
      when $1 ~* 'bahamas' then 'bahamas'
      when $1 ~* 'cuba' then 'cuba'
      when $1 ~* 'dominican republic' then 'dominican-republic'
      when $1 ~* 'haiti' then 'haiti'
      when $1 ~* 'puerto rico' then 'puerto-rico'
      when $1 ~* 'antigua|barbuda' then 'antigua-and-barbuda'
      when $1 ~* 'lucia' then 'saint-lucia'
      when $1 ~* 'grenadines|vincent' then 'saint-vincent-and-the-grenadines'
      when $1 ~* 'grenada' then 'grenada'
      when $1 ~* 'dominica' then 'dominica'
      when $1 ~* 'kitts|nevis' then 'saint-kitts-and-nevis'
      when $1 ~* 'caribbean|west indies' then 'caribbean'
    end $$`);
  await knex.raw(`
    create index synced_content_region_key_idx on synced_content (c360_region_key(region), published_at desc, id)
      where pipeline_stage = 'published' and region_visible`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index synced_content_region_key_idx');
  await knex.raw('drop function c360_region_key(text)');
}
