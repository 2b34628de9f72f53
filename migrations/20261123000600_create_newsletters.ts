import type { Knex } from 'knex';

/**
 * Newsletters built in the console (spec entity Newsletter: id, title, template, status, createdAt).
 * `sections` is the snapshot of the Newsletter sections chosen when the draft was generated
 * (id, type, title, content, articles, priority, aiGenerated), so what is sent is what was
 * previewed. A newsletter is a draft until its first send starts, then sending, then sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table newsletters (
      id uuid primary key default gen_random_uuid(),
      title text not null check (length(title) between 1 and 200),
      template text not null,
      status text not null default 'draft' check (status in ('draft', 'sending', 'sent')),
      intro text not null default '' check (length(intro) <= 2000),
      sections jsonb not null default '[]',
      pool_size integer not null default 0,
      created_by text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      generated_at timestamptz not null default now(),
      sent_at timestamptz
    )`);
  await knex.raw(`create index newsletters_created_idx on newsletters (created_at desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table newsletters');
}
