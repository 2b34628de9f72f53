import type { Knex } from 'knex';

/**
 * The language a reader reads the site in (en, es, fr, nl: the c360_lang cookie when they signed
 * up or subscribed), so the e-mails they get (newsletter confirmation, e-mail confirmation,
 * alerts) are in it. Null: not known (accounts and sign-ups from before), e-mailed in English.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['users', 'newsletter_subscribers']) {
    await knex.raw(`alter table ${table} add column language text check (language in ('en', 'es', 'fr', 'nl'))`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['users', 'newsletter_subscribers']) await knex.raw(`alter table ${table} drop column language`);
}
