import { describe, expect, it } from 'vitest';
import { generatePassword } from './accounts';
import { assertStrongPassword, hashPassword, passwordWeaknesses, verifyPassword } from './passwords';

describe('passwordWeaknesses', () => {
  it.each([
    ['sea-breeze-2026', []],
    ['onlyletterslongenough', ['characters']],
    ['1234567890', ['characters', 'pwned']],
    ['Password1', ['pwned']],
    ['password', ['characters', 'pwned']],
    ['ÉtéCaraïbe-9', []],
    ['x'.repeat(257) + '1', ['length']],
    // Pass length, characters and the list, but a strength estimator (zxcvbn score < 3) guesses them.
    ['aaaaaaa1', ['guessable']],
    ['abcd1234efgh', ['guessable']],
    ['qwertyuiop1', ['guessable']],
    ['Jamaica2026', ['guessable']],
    ['short1!', ['length', 'guessable']],
    ['correct horse 42', []],
    ['tropical-storm-77', []],
  ])('%s → %j', (password, reasons) => {
    expect(passwordWeaknesses(password)).toEqual(reasons);
  });

  it('counts the e-mail address as a guessable word', () => {
    expect(passwordWeaknesses('kingstonharbour1!')).toEqual([]);
    expect(passwordWeaknesses('kingstonharbour1!', ['kingstonharbour@example.org'])).toEqual(['guessable']);
  });

  it('says what to do when a password is too easy to guess', () => {
    expect(() => assertStrongPassword('aaaaaaa1')).toThrow(
      expect.objectContaining({
        code: 'weak_password',
        details: { reasons: ['guessable'], score: 1, requiredScore: 3 },
        message: expect.stringMatching(/too easy to guess: make it longer.*three or four unrelated words.*repeated characters/),
      }),
    );
  });

  it('throws weak_password with the reasons as details', () => {
    expect(() => assertStrongPassword('abc')).toThrow(
      expect.objectContaining({ code: 'weak_password', details: expect.objectContaining({ reasons: ['length', 'characters', 'guessable'] }) }),
    );
  });

  it('generated passwords are strong and differ', () => {
    const a = generatePassword();
    expect(passwordWeaknesses(a)).toEqual([]);
    expect(a).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('argon2id hashes', () => {
  it('hash with argon2id and a random salt; verify only the right password; reject a malformed hash', async () => {
    const hash = await hashPassword('sea-breeze-2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('sea-breeze-2026')).not.toBe(hash);
    expect(await verifyPassword(hash, 'sea-breeze-2026')).toBe(true);
    expect(await verifyPassword(hash, 'sea-breeze-2027')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'sea-breeze-2026')).toBe(false);
  });
});
