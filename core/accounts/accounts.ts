import type { Knex } from 'knex';
import { storedLanguage } from '../mail/reader-mail-text';
import { randomBytes } from 'node:crypto';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { assertStrongPassword, hashPassword, MAX_PASSWORD_LENGTH, verifyAgainstNothing, verifyPassword } from './passwords';
import { recordAccountEvent, SELF } from './account-events';
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
  type UserRow,
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

/**
 * Changes a password: the current one is required (a session left open on a shared computer
 * must not be enough to lock the owner out). Every other session of the account ends; the one
 * that asked stays signed in. An account without a password (provider sign-in only) sets one
 * through "Forgot your password?", which proves the mailbox.
 */
export async function changePassword(
  db: Knex,
  input: { userId: string; currentPassword: string; newPassword: string; keepSessionId?: string; now: Date },
): Promise<{ sessionsEnded: number }> {
  const user = await findUserById(db, input.userId);
  if (!user) throw new C360Error('unauthorized', 'This account no longer exists.');
  const wrong = new C360Error('invalid_credentials', 'The current password is not correct.');
  if (!user.password_hash) {
    await verifyAgainstNothing(input.currentPassword);
    throw new C360Error('invalid_credentials', 'This account has no password yet (it signs in through a provider).', {
      hint: 'Set one with “Forgot your password?” on the sign-in page: a link is e-mailed to you.',
    });
  }
  if (input.currentPassword.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(user.password_hash, input.currentPassword))) throw wrong;
  assertStrongPassword(input.newPassword, [user.email]);
  if (input.newPassword === input.currentPassword) throw new C360Error('invalid_input', 'The new password is the same as the current one.');
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (trx) => {
    await setUserPassword(trx, user.id, passwordHash);
    const { rows } = await trx.raw(
      `update sessions set revoked_at = ?, revoked_reason = 'password_changed'
        where user_id = ? and revoked_at is null and id is distinct from ?::uuid returning id`,
      [input.now.toISOString(), user.id, input.keepSessionId ?? null],
    );
    await recordAccountEvent(trx, { userId: user.id, action: 'password_changed', actor: SELF, now: input.now, details: { sessionsEnded: rows.length } });
    return { sessionsEnded: rows.length };
  });
}

/** What deleting an account removed besides the account itself (cascades: sessions, follows, saved, alerts, identities). */
export type DeletedAccount = { userId: string; role: Role; newsletterSubscriptions: number };

/**
 * Removes an account and what belongs to it: its sessions, identities, follows, saved stories,
 * alerts and reset links (the foreign keys cascade) and the newsletter subscription of its
 * address. Kept: the audit trail (an account_events row naming who deleted it, and the stories'
 * audit logs, which name editors by the e-mail they had). The last admin cannot be removed.
 */
async function removeAccount(trx: Knex.Transaction, user: UserRow, actor: string, now: Date): Promise<DeletedAccount> {
  if (user.role === 'admin') {
    await trx.raw(`select id from users where role = 'admin' for update`);
    if ((await countAdmins(trx)) <= 1) {
      throw new C360Error('conflict', `${user.email} is the only admin and cannot be deleted; make someone else admin first.`);
    }
  }
  const { rows } = await trx.raw(`delete from newsletter_subscribers where email = ? returning id`, [user.email]);
  await recordAccountEvent(trx, { userId: user.id, action: 'account_deleted', actor, now, details: { role: user.role, newsletterSubscriptions: rows.length } });
  await trx.raw(`delete from users where id = ?`, [user.id]);
  return { userId: user.id, role: user.role, newsletterSubscriptions: rows.length };
}

/** The words a reader without a password types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * An account's owner deletes it. Confirmed by the password, or, for an account without one
 * (provider sign-in only), by typing DELETE: a session alone is not enough.
 */
export async function deleteOwnAccount(db: Knex, input: { userId: string; password?: string; confirmation?: string; now: Date }): Promise<DeletedAccount> {
  const user = await findUserById(db, input.userId);
  if (!user) throw new C360Error('unauthorized', 'This account no longer exists.');
  if (user.password_hash) {
    const password = input.password ?? '';
    if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH || !(await verifyPassword(user.password_hash, password))) {
      throw new C360Error('invalid_credentials', 'The password is not correct, so the account was not deleted.');
    }
  } else if (input.confirmation?.trim() !== DELETE_CONFIRMATION) {
    throw new C360Error('invalid_input', `Type ${DELETE_CONFIRMATION} to confirm that the account should be deleted.`);
  }
  return db.transaction(async (trx) => {
    const current = await findUserById(trx, user.id);
    if (!current) throw new C360Error('unauthorized', 'This account no longer exists.');
    return removeAccount(trx, current, SELF, input.now);
  });
}

/** An admin removes someone's account (console; `actor` is the admin's e-mail). Not their own: that is the account page's. */
export async function removeUser(
  db: Knex,
  input: { user: string; actor: { id: string; email: string }; now: Date },
): Promise<DeletedAccount & { email: string }> {
  return db.transaction(async (trx) => {
    const user = input.user.includes('@') ? await findUserByEmail(trx, normalizeEmail(input.user)) : await findUserById(trx, input.user);
    if (!user) throw new C360Error('not_found', `No user ${input.user.slice(0, 100)}.`, { hint: 'List users with `c360 users list`.' });
    if (user.id === input.actor.id) throw new C360Error('forbidden', 'Delete your own account from your account page, not from the users list.');
    return { ...(await removeAccount(trx, user, input.actor.email, input.now)), email: user.email };
  });
}
