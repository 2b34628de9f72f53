import type { Knex } from 'knex';
import { storedLanguage } from '../mail/reader-mail-text';
import { randomBytes } from 'node:crypto';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { assertStrongPassword, hashPassword, MAX_PASSWORD_LENGTH, verifyAgainstNothing, verifyPassword } from './passwords';
import { revokeSessionsOfUser } from './session-repository';
import { parseEmailAddress } from './email-address';
import { normalizeEmail, type Role, type User } from './user';
import {
  countAdmins,
  findIdentity,
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  listUsers as listUserRows,
  markEmailVerified,
  publicUser,
  setUserPassword,
  touchIdentity,
  touchSignIn,
  updateUserRole,
} from './user-repository';

/** Account use cases, shared by the HTTP API and the `c360 users` command. */

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const INVALID_CREDENTIALS = 'Invalid login credentials';

/** The canonical address, or invalid_email (400) for anything but a plain local@domain (email-address.ts). */
const requireEmail = parseEmailAddress;

/** Sign-up by e-mail and password. Always a reader: only an admin grants more. */
export async function signUp(db: Knex, input: { email?: string; password?: string; now: Date; language?: string | null }): Promise<User> {
  if (!input.email || !input.password) throw new C360Error('invalid_input', MISSING_CREDENTIALS);
  const email = requireEmail(input.email);
  assertStrongPassword(input.password, [email]);
  const passwordHash = await hashPassword(input.password);
  // The language the reader signed up in (the c360_lang cookie): their e-mails are written in it.
  const user = await insertUser(db, { email, role: 'reader', passwordHash, emailVerified: false, language: storedLanguage(input.language) });
  if (!user) throw new C360Error('user_already_exists', 'User already registered');
  await touchSignIn(db, user.id, input.now);
  return publicUser(user);
}

/**
 * Password sign-in. Unknown e-mail, account without a password and wrong password all give
 * the same answer in the same time, so the endpoint does not reveal who has an account.
 */
export async function signInWithPassword(db: Knex, input: { email?: string; password?: string; now: Date }): Promise<User> {
  if (!input.email || !input.password) throw new C360Error('invalid_input', MISSING_CREDENTIALS);
  const invalid = new C360Error('invalid_credentials', INVALID_CREDENTIALS);
  if (input.password.length > MAX_PASSWORD_LENGTH) throw invalid;
  const user = await findUserByEmail(db, normalizeEmail(input.email));
  if (!user?.password_hash) {
    await verifyAgainstNothing(input.password);
    throw invalid;
  }
  if (!(await verifyPassword(user.password_hash, input.password))) throw invalid;
  await touchSignIn(db, user.id, input.now);
  return publicUser(user);
}

export type IdentityClaims = { provider: string; subject: string; email?: string | null; emailVerified: boolean; now: Date };

/**
 * Sign-in through an OpenID provider. The (provider, subject) pair names the account; an
 * existing account with the same e-mail is linked only when the provider vouches for the
 * e-mail. Linking an account whose own e-mail was never verified removes its password and
 * ends its sessions: whoever registered that address without owning it loses the account to
 * the address's real owner (the "pre-hijacking" attack).
 */
export async function signInWithIdentity(
  db: Knex,
  claims: IdentityClaims,
  logger?: Logger,
  options: { language?: string | null } = {},
): Promise<{ user: User; linked: boolean; created: boolean }> {
  const known = await findIdentity(db, claims.provider, claims.subject);
  if (known) {
    const user = await findUserById(db, known.user_id);
    if (!user) throw new C360Error('unauthorized', 'This sign-in is no longer linked to an account.');
    await touchIdentity(db, claims.provider, claims.subject, claims.now);
    await touchSignIn(db, user.id, claims.now);
    return { user: publicUser(user), linked: false, created: false };
  }
  if (!claims.email) throw new C360Error('unauthorized', 'The identity provider did not share an e-mail address, which C360 needs for an account.');
  const email = requireEmail(claims.email);
  return db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      if (!claims.emailVerified) {
        throw new C360Error(
          'forbidden',
          'An account with this e-mail already exists, and the provider has not verified the e-mail. Sign in with your password instead.',
        );
      }
      if (!existing.email_verified) {
        await setUserPassword(trx, existing.id, null);
        await revokeSessionsOfUser(trx, existing.id, 'linked_to_verified_identity', claims.now);
        await markEmailVerified(trx, existing.id);
        logger?.warn(
          { userId: existing.id, provider: claims.provider },
          'linked a verified identity to an unverified account: password removed, sessions ended',
        );
      }
      await insertIdentity(trx, { ...claims, userId: existing.id, email, emailVerified: true });
      await touchSignIn(trx, existing.id, claims.now);
      return { user: publicUser((await findUserById(trx, existing.id))!), linked: true, created: false };
    }
    // A new account keeps the language the reader signed in from (the c360_lang cookie): its e-mails are in it.
    const created = await insertUser(trx, {
      email,
      role: 'reader',
      passwordHash: null,
      emailVerified: claims.emailVerified,
      language: storedLanguage(options.language),
    });
    if (!created) throw new C360Error('conflict', 'An account with this e-mail was created at the same moment; please try again.');
    await insertIdentity(trx, { ...claims, userId: created.id, email, emailVerified: claims.emailVerified });
    await touchSignIn(trx, created.id, claims.now);
    return { user: publicUser((await findUserById(trx, created.id))!), linked: false, created: true };
  });
}

/** A password a person can type, with 72+ bits of entropy. */
export function generatePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(24);
  let out = '';
  for (const byte of bytes) if (byte < 248) out += alphabet[byte % alphabet.length];
  const body = out.slice(0, 16).padEnd(16, '7');
  return `${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}-${body.slice(12, 16)}`;
}

/**
 * An account created by an operator (CLI) or the demo. The operator vouches for the address,
 * so it counts as verified and a provider sign-in with the same e-mail links to it.
 */
export async function addUser(db: Knex, input: { email: string; role: Role; password: string }): Promise<User> {
  const email = requireEmail(input.email);
  assertStrongPassword(input.password, [email]);
  const user = await insertUser(db, { email, role: input.role, passwordHash: await hashPassword(input.password), emailVerified: true });
  if (!user)
    throw new C360Error('conflict', `A user with the e-mail ${email} already exists.`, { hint: 'Change their role with `c360 users role EMAIL ROLE`.' });
  return publicUser(user);
}

export async function listUsers(
  db: Knex,
  options: { offset?: number; limit?: number; role?: Role } = {},
): Promise<{ items: User[]; hasMore: boolean; offset: number; limit: number }> {
  const offset = Math.max(0, options.offset ?? 0);
  const limit = Math.min(200, Math.max(1, options.limit ?? 50));
  const page = await listUserRows(db, { offset, limit, role: options.role });
  return { items: page.items.map(publicUser), hasMore: page.hasMore, offset, limit };
}

export async function getUser(db: Knex, idOrEmail: string): Promise<User | null> {
  const user = idOrEmail.includes('@') ? await findUserByEmail(db, normalizeEmail(idOrEmail)) : await findUserById(db, idOrEmail);
  return user ? publicUser(user) : null;
}

/** Changes a role. The last admin cannot be demoted: someone must always be able to manage users. */
export async function changeUserRole(db: Knex, input: { user: string; role: Role }): Promise<{ user: User; previous: Role }> {
  return db.transaction(async (trx) => {
    const user = input.user.includes('@') ? await findUserByEmail(trx, normalizeEmail(input.user)) : await findUserById(trx, input.user);
    if (!user) throw new C360Error('not_found', `No user ${input.user}.`, { hint: 'List users with `c360 users list`.' });
    if (user.role === 'admin' && input.role !== 'admin') {
      // Lock admin rows so two concurrent demotions cannot both pass the count.
      await trx.raw(`select id from users where role = 'admin' for update`);
      if ((await countAdmins(trx)) <= 1) {
        throw new C360Error('conflict', `${user.email} is the only admin; make someone else admin first.`);
      }
    }
    await updateUserRole(trx, user.id, input.role);
    return { user: publicUser({ ...user, role: input.role }), previous: user.role };
  });
}

/** The demo's first admin: created only when no admin exists. Returns the password once. */
export async function ensureAdmin(db: Knex, input: { email: string }): Promise<{ created: true; user: User; password: string } | { created: false }> {
  if ((await countAdmins(db)) > 0) return { created: false };
  const password = generatePassword();
  const user = await addUser(db, { email: input.email, role: 'admin', password });
  return { created: true, user, password };
}
