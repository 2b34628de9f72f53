import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordWeaknesses } from '../../../../core/accounts/passwords';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import fr from '../../i18n/fr.json';
import nl from '../../i18n/nl.json';

describe('the sign-up password hint', () => {
  it.each([
    ['en', en],
    ['es', es],
    ['fr', fr],
    ['nl', nl],
  ])('%s names the lengths the server enforces', (_, dict) => {
    const numbers = [...dict.auth.passwordHint.matchAll(/\d+/g)].map((m) => Number(m[0]));
    expect(numbers.slice(0, 2)).toEqual([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]);
  });
  it('matches the server: 7 characters are too short, 8 are long enough', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(passwordWeaknesses('qz7#kvw')).toContain('length');
    expect(passwordWeaknesses('qz7#kvwp')).not.toContain('length');
  });
});
