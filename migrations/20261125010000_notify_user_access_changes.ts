import type { Knex } from 'knex';

/**
 * A NOTIFY on c360_users_changed when someone's access changes: a role changes, an account is
 * deleted, or a session ends (sign-out, reuse detection, an admin). Whoever makes the change (the
 * console, `c360 users role`, another server), every server hears it and closes the live console
 * streams that no longer have the right to stay open. The payload is the user's id only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function c360_notify_users_changed() returns trigger
    language plpgsql as $$
    begin
      if tg_table_name = 'sessions' then
        perform pg_notify('c360_users_changed', json_build_object('userId', new.user_id)::text);
      elsif tg_op = 'DELETE' then
        perform pg_notify('c360_users_changed', json_build_object('userId', old.id)::text);
      else
        perform pg_notify('c360_users_changed', json_build_object('userId', new.id)::text);
      end if;
      return null;
    end $$`);
  await knex.raw(`
    create trigger users_access_changed
    after update of role on users
    for each row when (old.role is distinct from new.role) execute function c360_notify_users_changed()`);
  await knex.raw(`
    create trigger users_deleted
    after delete on users
    for each row execute function c360_notify_users_changed()`);
  await knex.raw(`
    create trigger sessions_revoked
    after update of revoked_at on sessions
    for each row when (old.revoked_at is null and new.revoked_at is not null) execute function c360_notify_users_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger sessions_revoked on sessions');
  await knex.raw('drop trigger users_deleted on users');
  await knex.raw('drop trigger users_access_changed on users');
  await knex.raw('drop function c360_notify_users_changed()');
}
