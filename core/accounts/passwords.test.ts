import { describe, expect, it } from 'vitest';
import { generatePassword } from './accounts';
import { assertStrongPassword, hashPassword, passwordWeaknesses, verifyPassword } from './passwords';

describe('passwordWeaknesses', () => {
  it.each([
    ['sea-breeze-2026', []],
    ['short1!', ['length']],
    ['onlyletterslongenough', ['characters']],
    ['1234567890', ['characters', 'pwned']],
    ['Password1', ['pwned']],
    ['password', ['characters', 'pwned']],
    ['ÉtéCaraïbe-9', []],
    ['x'.repeat(257) + '1', ['length']],
  ])('%s → %j', (password, reasons) => {
    expect(passwordWeaknesses(password)).toEqual(reasons);
  });

  it('throws weak_password with the reasons as details', () => {
    expect(() => assertStrongPassword('abc')).toThrow(expect.objectContaining({ code: 'weak_password', details: { reasons: ['length', 'characters'] } }));
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
