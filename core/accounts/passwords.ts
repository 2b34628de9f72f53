import { hash, verify } from '@node-rs/argon2';
import { C360Error } from '../errors';

/**
 * Passwords: argon2id (memory-hard; @node-rs/argon2's defaults are the OWASP minimum of
 * 19 MiB, 2 passes, 1 lane) and the weak_password rule with its reasons.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

const REASON_TEXT: Record<WeakPasswordReason, string> = {
  length: `use ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  characters: 'mix letters with digits or symbols',
  pwned: 'it is one of the most common leaked passwords',
};

/**
 * The commonest passwords of public breach corpora (the top of the usual lists). Not a breach
 * check against a live service: C360 makes no network call at sign-up.
 */
const COMMON_PASSWORDS = new Set(
  `123456 123456789 12345678 password qwerty123 qwerty1 111111 12345 1234567890 1234567 password1 123123 000000
  iloveyou 1q2w3e4r 1q2w3e4r5t qwertyuiop 123321 654321 666666 121212 abc123 abcd1234 password123 passw0rd
  p@ssw0rd p@ssword admin123 administrator welcome1 welcome123 letmein1 monkey123 dragon123 football1
  baseball1 sunshine1 princess1 qwerty12 qwerty1234 zaq12wsx 1qaz2wsx 1qazxsw2 q1w2e3r4 q1w2e3r4t5
  trustno1 starwars1 master123 superman1 michael1 shadow123 jordan23 liverpool1 chelsea1 changeme1
  changeme123 secret123 test1234 test12345 guest123 login123 hello123 iloveyou1 asdf1234 asdfgh123 zxcvbnm1
  computer1 internet1 whatever1 freedom1 summer2024 summer2025 winter2024 password2024 password2025
  jamaica1 jamaica123 caribbean1 barbados1 trinidad1`
    .split(/\s+/)
    .filter(Boolean),
);

export function passwordWeaknesses(password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) reasons.push('length');
  const hasLetter = /\p{L}/u.test(password);
  const hasOther = /[^\p{L}]/u.test(password);
  if (!hasLetter || !hasOther) reasons.push('characters');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('pwned');
  return reasons;
}

/** Throws weak_password with its reasons (as the spec's auth client reports them). */
export function assertStrongPassword(password: string): void {
  const reasons = passwordWeaknesses(password);
  if (reasons.length === 0) return;
  throw new C360Error('weak_password', `Password is too weak: ${reasons.map((r) => REASON_TEXT[r]).join('; ')}.`, {
    details: { reasons },
  });
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never lets anyone in
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the account does not exist or has no password,
 * so response times do not tell which e-mails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('c360 timing equaliser, never a real password');
  await verifyPassword(await dummyHash, password);
  return false;
}
