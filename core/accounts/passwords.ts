import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { C360Error } from '../errors';

/**
 * Passwords: argon2id (memory-hard; @node-rs/argon2's defaults are the OWASP minimum of
 * 19 MiB, 2 passes, 1 lane) and the weak_password rule with its reasons.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** zxcvbn's score (0-4) a password needs: 3 is "safely unguessable" (about 10^8 guesses and more). */
export const MIN_PASSWORD_SCORE = 3;

export type WeakPasswordReason = 'length' | 'characters' | 'pwned' | 'guessable';

const REASON_TEXT: Record<WeakPasswordReason, string> = {
  length: `use ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
  characters: 'mix letters with digits or symbols',
  pwned: 'it is one of the most common leaked passwords',
  guessable:
    'it is too easy to guess: make it longer and less predictable, for example three or four unrelated words with a digit or symbol (no repeated characters, keyboard rows, sequences, dates, names or your e-mail)',
};

/** zxcvbn's warnings, in the words the error message uses. */
const GUESS_WARNING: Record<string, string> = {
  straightRow: 'a row of keys on the keyboard',
  keyPattern: 'a short keyboard pattern',
  simpleRepeat: 'repeated characters such as "aaa"',
  extendedRepeat: 'repeated groups of characters such as "abcabc"',
  sequences: 'a sequence such as "abc" or "1234"',
  recentYears: 'a recent year',
  dates: 'a date',
  topTen: 'one of the ten most used passwords',
  topHundred: 'one of the hundred most used passwords',
  common: 'a commonly used password',
  similarToCommon: 'close to a commonly used password',
  wordByItself: 'a single word',
  namesByThemselves: 'a name on its own',
  commonNames: 'a common name',
  userInputs: 'your e-mail address',
  pwned: 'a leaked password',
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

let estimator: ZxcvbnFactory | undefined;

/**
 * zxcvbn with the common dictionaries (passwords, diceware words) and keyboard layouts, loaded and
 * built on first use (~0.3 s): every CLI command imports this module, few check a password.
 */
function strength(password: string, userInputs: string[]): { score: number; warning: string | null } {
  if (!estimator) {
    const require = createRequire(import.meta.url);
    const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
    const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
    estimator = new Factory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: MAX_PASSWORD_LENGTH });
  }
  const result = estimator.check(password, userInputs);
  return { score: result.score, warning: result.feedback.warning };
}

/**
 * The weak_password rule: length, letters with something else, not a common leaked password, and
 * a zxcvbn score of at least 3 (so "aaaaaaa1" or "abcd1234efgh", which pass the first three, fail).
 * `userInputs` (the e-mail and its parts) count as guessable words.
 */
export function passwordWeaknesses(password: string, userInputs: string[] = []): WeakPasswordReason[] {
  return checkPassword(password, userInputs).reasons;
}

function checkPassword(password: string, userInputs: string[]): { reasons: WeakPasswordReason[]; score?: number; warning?: string | null } {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) reasons.push('length');
  const hasLetter = /\p{L}/u.test(password);
  const hasOther = /[^\p{L}]/u.test(password);
  if (!hasLetter || !hasOther) reasons.push('characters');
  if (COMMON_PASSWORDS.has(password.toLowerCase())) reasons.push('pwned');
  if (password.length > MAX_PASSWORD_LENGTH) return { reasons };
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.+_-]+/)]).filter((part) => part.length >= 3);
  const { score, warning } = strength(password, inputs);
  if (score < MIN_PASSWORD_SCORE && !reasons.includes('pwned')) reasons.push('guessable');
  return { reasons, score, warning };
}

/** Throws weak_password with its reasons (as the spec's auth client reports them), saying what to do. */
export function assertStrongPassword(password: string, userInputs: string[] = []): void {
  const { reasons, score, warning } = checkPassword(password, userInputs);
  if (reasons.length === 0) return;
  const texts = reasons.map((r) =>
    r === 'guessable' && warning && GUESS_WARNING[warning] ? `${REASON_TEXT[r]}; it looks like ${GUESS_WARNING[warning]}` : REASON_TEXT[r],
  );
  throw new C360Error('weak_password', `Password is too weak: ${texts.join('; ')}.`, {
    details: { reasons, ...(score === undefined ? {} : { score, requiredScore: MIN_PASSWORD_SCORE }) },
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
