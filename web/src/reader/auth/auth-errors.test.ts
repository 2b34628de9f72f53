import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import fr from '../../i18n/fr.json';
import nl from '../../i18n/nl.json';
import { AUTH_ERROR_KEYS, authErrorKey, failureFromQuery, GENERIC_ERROR_KEY } from './auth-errors';

const lookup = (dict: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);

describe('the sign-in page’s error texts', () => {
  it('shows a fixed text for a provider failure, never the error_description of the address', () => {
    const search = '?error=oidc_email_unverified&error_description=Your%20account%20was%20suspended%2C%20call%20555-0100';
    expect(failureFromQuery(search)).toBe('auth.errors.accountExists');
    expect(failureFromQuery('?error_description=Call%20555-0100')).toBeNull();
    expect(failureFromQuery('?error=Your%20account%20was%20suspended')).toBe(GENERIC_ERROR_KEY);
    expect(failureFromQuery('?error=__proto__')).toBe(GENERIC_ERROR_KEY);
    expect(failureFromQuery('')).toBeNull();
  });

  it('maps the auth API’s codes to their own texts', () => {
    expect(authErrorKey('invalid_credentials')).toBe('auth.errors.invalidCredentials');
    expect(authErrorKey('invalid_email')).toBe('auth.errors.invalidEmail');
    expect(authErrorKey('reset_link_invalid')).toBe('auth.errors.resetLinkInvalid');
    expect(authErrorKey('something_new')).toBe(GENERIC_ERROR_KEY);
  });

  it.each([
    ['en', en],
    ['es', es],
    ['fr', fr],
    ['nl', nl],
  ])('%s has every text the page may show', (_, dict) => {
    for (const key of AUTH_ERROR_KEYS) expect(typeof lookup(dict, key), key).toBe('string');
  });
});
