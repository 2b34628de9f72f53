import type { Knex } from 'knex';

/**
 * The client addresses each account last signed in from with its password (issue 21): the sign-in
 * throttle never slows the owner at an address they used before, and every server must know that
 * address, not only the one the owner happened to reach. `account` is the lower-cased e-mail the
 * sign-in named (the throttle runs before the account is looked up).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sign_in_addresses (
      account text not null,
      address text not null,
      signed_in_at timestamptz not null,
      primary key (account, address)
    )`);
  await knex.raw('create index sign_in_addresses_signed_in_at_idx on sign_in_addresses (signed_in_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table sign_in_addresses');
}
