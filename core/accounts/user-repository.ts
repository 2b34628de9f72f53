import type { Knex } from 'knex';
import type { Role, User } from './user';

/** All SQL about users and their linked identities. */

export type UserRow = User & { password_hash: string | null };

export const USER_COLUMNS = `u.id, u.email, u.role, u.email_verified, u.password_hash, u.created_at, u.last_sign_in_at,
  coalesce((select array_agg(i.provider order by i.provider) from user_identities i where i.user_id = u.id), '{}') as providers`;

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

export function rowToUser(row: Record<string, unknown>): UserRow {
  const providers = (row.providers as string[] | null) ?? [];
  const passwordHash = (row.password_hash as string | null) ?? null;
  return {
    id: row.id as string,
    email: row.email as string,
    role: row.role as Role,
    email_verified: Boolean(row.email_verified),
    has_password: passwordHash !== null,
    password_hash: passwordHash,
    created_at: toIso(row.created_at)!,
    last_sign_in_at: toIso(row.last_sign_in_at),
    identities: [...(passwordHash ? ['email'] : []), ...providers],
  };
}

/** The user as the rest of the code sees it: never the password hash. */
export function publicUser(user: UserRow): User {
  const { password_hash: _hidden, ...rest } = user;
  return rest;
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserRow | null> {
  const { rows } = await db.raw(`select ${USER_COLUMNS} from users u where u.email = ?`, [email]);
  return rows[0] ? rowToUser(rows[0]) : null;
}

export async function findUserById(db: Knex, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.raw(`select ${USER_COLUMNS} from users u where u.id = ?`, [id]);
  return rows[0] ? rowToUser(rows[0]) : null;
}

export async function insertUser(
  db: Knex,
  input: { email: string; role: Role; passwordHash: string | null; emailVerified: boolean; language?: string | null },
): Promise<UserRow | null> {
  const { rows } = await db.raw(
    `insert into users (email, role, password_hash, email_verified, email_confirmed_at, language) values (?, ?, ?, ?, case when ? then now() end, ?)
     on conflict (email) do nothing returning id`,
    [input.email, input.role, input.passwordHash, input.emailVerified, input.emailVerified, input.language ?? null],
  );
  return rows[0] ? findUserById(db, rows[0].id as string) : null;
}

export async function listUsers(db: Knex, options: { offset: number; limit: number; role?: Role }): Promise<{ items: UserRow[]; hasMore: boolean }> {
  const bindings: unknown[] = [];
  let where = '';
  if (options.role) {
    where = 'where u.role = ?';
    bindings.push(options.role);
  }
  const { rows } = await db.raw(`select ${USER_COLUMNS} from users u ${where} order by u.created_at, u.email offset ? limit ?`, [
    ...bindings,
    options.offset,
    options.limit + 1,
  ] as Knex.RawBinding[]);
  return { items: rows.slice(0, options.limit).map(rowToUser), hasMore: rows.length > options.limit };
}

export async function countAdmins(db: Knex): Promise<number> {
  const { rows } = await db.raw(`select count(*)::int as n from users where role = 'admin'`);
  return Number(rows[0].n);
}

export async function updateUserRole(db: Knex, id: string, role: Role): Promise<void> {
  await db.raw(`update users set role = ?, updated_at = now() where id = ?`, [role, id]);
}

export async function setUserPassword(db: Knex, id: string, passwordHash: string | null): Promise<void> {
  await db.raw(`update users set password_hash = ?, updated_at = now() where id = ?`, [passwordHash, id]);
}

export async function markEmailVerified(db: Knex, id: string): Promise<void> {
  await db.raw(`update users set email_verified = true, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = ?`, [id]);
}

export async function touchSignIn(db: Knex, id: string, now: Date): Promise<void> {
  await db.raw(`update users set last_sign_in_at = ? where id = ?`, [now.toISOString(), id]);
}

export type IdentityRow = { provider: string; subject: string; user_id: string };

export async function findIdentity(db: Knex, provider: string, subject: string): Promise<IdentityRow | null> {
  const { rows } = await db.raw(`select provider, subject, user_id from user_identities where provider = ? and subject = ?`, [provider, subject]);
  return (rows[0] as IdentityRow | undefined) ?? null;
}

export async function insertIdentity(
  db: Knex,
  input: { provider: string; subject: string; userId: string; email: string | null; emailVerified: boolean; now: Date },
): Promise<void> {
  await db.raw(
    `insert into user_identities (provider, subject, user_id, email, email_verified, last_sign_in_at) values (?, ?, ?, ?, ?, ?)
     on conflict (provider, subject) do nothing`,
    [input.provider, input.subject, input.userId, input.email, input.emailVerified, input.now.toISOString()],
  );
}

export async function touchIdentity(db: Knex, provider: string, subject: string, now: Date): Promise<void> {
  await db.raw(`update user_identities set last_sign_in_at = ? where provider = ? and subject = ?`, [now.toISOString(), provider, subject]);
}
