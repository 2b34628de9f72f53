import type { Knex } from 'knex';

/**
 * Curation rules for newsletter sections (spec entity: id, name, type, criteria, priority,
 * enabled). Seeded with the spec's three rules; editors change them in the console.
 * Priority 1 is the strongest (as for featured stories).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table curation_rules (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(name) between 1 and 100),
      type text not null check (type in ('urgency', 'keyword', 'topic', 'region')),
      criteria jsonb not null,
      priority integer not null default 1 check (priority between 1 and 10),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      updated_by text
    )`);
  await knex.raw(`
    insert into curation_rules (name, type, criteria, priority, enabled, updated_by) values
      ('High urgency', 'urgency', '{"threshold": 80}', 1, true, 'migration'),
      ('Diaspora keywords', 'keyword', '{"keywords": ["remittances", "tourism", "investment", "education"]}', 2, true, 'migration'),
      ('Economic topics', 'topic', '{"topics": ["GDP", "inflation", "trade", "employment"]}', 3, true, 'migration')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table curation_rules');
}
