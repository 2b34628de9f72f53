import type { Knex } from 'knex';

/**
 * Sign-ins through an OpenID provider in progress: state, nonce and PKCE verifier, keyed by the
 * hash of a random value held in the browser's cookie. Each row is used once and lives minutes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table oidc_flows (
      id_hash text primary key,
      provider text not null,
      state text not null,
      nonce text not null,
      code_verifier text not null,
      redirect_to text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`);
  await knex.raw(`create index oidc_flows_expires_idx on oidc_flows (expires_at)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table oidc_flows');
}
