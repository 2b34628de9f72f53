import type { Knex } from 'knex';

/**
 * Who started each OpenID sign-in in progress (a hash of the client address), so one client's
 * pending sign-ins can be capped: a flood of starts from one address replaces its own rows
 * instead of growing the table (issue 25: 37,712 rows in 35 s from one client).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table oidc_flows add column client_hash text');
  await knex.raw('create index oidc_flows_client_idx on oidc_flows (client_hash, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index oidc_flows_client_idx');
  await knex.raw('alter table oidc_flows drop column client_hash');
}
