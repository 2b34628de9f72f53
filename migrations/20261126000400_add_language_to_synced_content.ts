import type { Knex } from 'knex';

/**
 * The language a story's layers are written in (ISO 639-1: en, es, fr, nl…), so the article can
 * mark its text with lang and offer a translation to readers of another language. The writer
 * prefers English reports; a story whose items are all in one other language is written in it.
 * Existing stories take that language from their items (the item's own, else its feed's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table synced_content add column language text not null default 'en'`);
  await knex.raw(`
    update synced_content s set language = l.language
    from (
      select r.story_id, min(lower(left(coalesce(r.language, f.language, 'en'), 2))) as language
      from raw_feeds r left join feeds f on f.id = r.feed_id
      where r.story_id is not null
      group by r.story_id
      having count(distinct lower(left(coalesce(r.language, f.language, 'en'), 2))) = 1
    ) l
    where l.story_id = s.id and l.language <> 'en'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table synced_content drop column language');
}
