import { describe, expect, it } from 'vitest';
import { signInWithPassword } from '../../core/accounts/accounts';
import { openDatabase } from '../../core/db/open-database';
import { runCli, tempDataDir } from '../../test/helpers/run-cli';

/** The real `c360` binary: demo admin, users add/list/role. */
describe('c360 users', () => {
  it('the demo creates one admin and prints its password once; users add, list and role manage accounts', async () => {
    const dataDir = tempDataDir();
    const env = { C360_DATA_DIR: dataDir };
    const demo = await runCli(['demo', '--no-serve'], { env });
    expect(demo.exitCode).toBe(0);
    const password = /password: (\S+)/.exec(demo.stderr)?.[1];
    expect(demo.stderr).toContain('e-mail:   admin@c360.local');
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    // (A second demo creates no admin: ensureAdmin's test in core/accounts/sessions.db.test.ts.)

    const add = await runCli(['users', 'add', 'Desk@C360.test', '--role', 'editor'], { env, input: 'harbour-lights-19\n' });
    expect(add.exitCode).toBe(0);
    expect(add.stdout).toBe('Added editor desk@c360.test.');

    const weak = await runCli(['users', 'add', 'weak@c360.test'], { env, input: 'password\n' });
    expect(weak.exitCode).toBe(1);
    expect(weak.stderr).toContain('Password is too weak');

    const role = await runCli(['users', 'role', 'desk@c360.test', 'admin'], { env });
    expect(role.exitCode).toBe(0);
    expect(role.stdout).toBe('desk@c360.test: editor → admin.');
    const badRole = await runCli(['users', 'role', 'desk@c360.test', 'owner'], { env });
    expect(badRole.exitCode).not.toBe(0);
    expect(badRole.stderr).toContain('must be one of reader, editor, admin');

    const list = await runCli(['users', 'list', '--json'], { env });
    const users = JSON.parse(list.stdout) as { email: string; role: string }[];
    expect(users.map((u) => [u.email, u.role])).toEqual([
      ['admin@c360.local', 'admin'],
      ['desk@c360.test', 'admin'],
    ]);
    expect(list.stdout).not.toContain('argon2');

    // Removing needs --yes; the only admin stays; a removed account no longer signs in.
    await runCli(['users', 'add', 'gone@c360.test', '--role', 'reader'], { env, input: 'harbour-lights-20\n' });
    const unconfirmed = await runCli(['users', 'remove', 'gone@c360.test'], { env });
    expect(unconfirmed.exitCode).toBe(1);
    expect(unconfirmed.stderr).toContain('Nothing was removed');
    const removed = await runCli(['users', 'remove', 'Gone@C360.test', '--yes'], { env });
    expect(removed.exitCode).toBe(0);
    expect(removed.stdout).toBe('Removed reader gone@c360.test (0 newsletter subscription(s)).');
    const missing = await runCli(['users', 'remove', 'gone@c360.test', '--yes'], { env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain('No user gone@c360.test');

    // The printed passwords really sign in.
    const db = await openDatabase({ dataDir }, { command: 'test' });
    try {
      expect((await signInWithPassword(db.knex, { email: 'admin@c360.local', password, now: new Date() })).role).toBe('admin');
      expect((await signInWithPassword(db.knex, { email: 'desk@c360.test', password: 'harbour-lights-19', now: new Date() })).role).toBe('admin');
    } finally {
      await db.close();
    }
  }, 240_000);
});
