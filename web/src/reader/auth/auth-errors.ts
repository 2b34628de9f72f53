/**
 * The sign-in page's error texts: a fixed, translated text per known error code (the auth API's
 * and the provider sign-in's), a generic one for any other. Never text from the address: the
 * provider callback's redirect carries a code only, and a `error_description` someone put in a
 * link ("Your account was suspended, call …") is ignored.
 */
const KEYS: Record<string, string> = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  invalid_input: 'auth.errors.missing',
  user_already_exists: 'auth.errors.userExists',
  invalid_email: 'auth.errors.invalidEmail',
  weak_password: 'auth.errors.weakPassword',
  rate_limited: 'auth.errors.rateLimited',
  mail_unavailable: 'auth.errors.mailUnavailable',
  reset_link_invalid: 'auth.errors.resetLinkInvalid',
  oidc_flow_missing: 'auth.errors.providerFailed',
  oidc_provider_mismatch: 'auth.errors.providerFailed',
  oidc_provider_error: 'auth.errors.providerFailed',
  oidc_exchange_failed: 'auth.errors.providerFailed',
  unauthorized: 'auth.errors.providerFailed',
  oidc_email_missing: 'auth.errors.providerNoEmail',
  oidc_email_unverified: 'auth.errors.accountExists',
  forbidden: 'auth.errors.accountExists',
  oidc_unavailable: 'auth.errors.providerUnavailable',
  upstream_failed: 'auth.errors.providerUnavailable',
  network: 'auth.errors.network',
};

export const GENERIC_ERROR_KEY = 'auth.errors.generic';

/** The translation key for an error code (the generic text for an unknown one). */
export function authErrorKey(code: string | null | undefined): string {
  return (code && Object.hasOwn(KEYS, code) ? KEYS[code] : undefined) ?? GENERIC_ERROR_KEY;
}

/** The error a provider sign-in came back with (`?error=<code>`), as a key; null when none. */
export function failureFromQuery(search: string): string | null {
  const code = new URLSearchParams(search).get('error');
  return code === null ? null : authErrorKey(code);
}

/** Every key the page may show, for the translation test. */
export const AUTH_ERROR_KEYS = [...new Set([...Object.values(KEYS), GENERIC_ERROR_KEY])];
