import type { Knex } from 'knex';

/**
 * Editors' decisions on a story's claims (confirm, dispute, dismiss), one per claim: keyed by the
 * claim's key (a hash of its normalised text), so a decision survives the next fact-check while the
 * text is the same. sources_version is the story's when the editor decided: a decision made on other
 * sources no longer applies (the fact-check stage deletes it when the sources change).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table claim_decisions (
      story_id uuid not null references synced_content(id) on delete cascade,
      claim_key text not null,
      claim text not null,
      decision text not null check (decision in ('confirmed', 'disputed', 'dismissed')),
      reason text not null check (length(reason) between 1 and 500),
      actor text not null,
      sources_version integer not null,
      decided_at timestamptz not null default now(),
      primary key (story_id, claim_key)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table claim_decisions');
}
