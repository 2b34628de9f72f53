import { emailProblem } from './email-address';

/** Users and roles. A role includes everything the roles before it may do. */

export const ROLES = ['reader', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type User = {
  id: string;
  email: string;
  role: Role;
  email_verified: boolean;
  has_password: boolean;
  created_at: string;
  last_sign_in_at: string | null;
  /** Providers linked to the account ('google', 'microsoft'); 'email' when it has a password. */
  identities: string[];
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when `role` may do what `needed` may do. */
export function hasRole(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/** E-mails compare case-insensitively everywhere; stored lower-case and trimmed. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * A plain `local@domain` (email-address.ts says what is refused and why). Whether the address
 * exists is what the confirmation e-mail (newsletter) or the provider (OIDC) proves.
 */
export function isValidEmail(email: string): boolean {
  return emailProblem(email) === null;
}
