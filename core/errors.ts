/**
 * Typed errors with a stable `code`. Callers branch on the code, never on message text.
 * The server maps codes to HTTP statuses; the CLI prints `message` (and `hint`) on one line each.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'config_invalid'
  | 'not_found'
  | 'conflict'
  | 'database_locked'
  | 'database_unavailable'
  | 'migration_failed'
  | 'publish_gate_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported'
  | 'upstream_failed'
  | 'internal'
  | 'listen_failed'
  // accounts and sessions (issue 5)
  | 'invalid_credentials'
  | 'weak_password'
  | 'user_already_exists'
  | 'auth_session_missing'
  | 'session_expired'
  | 'refresh_token_invalid'
  | 'refresh_token_reused'
  | 'csrf_failed'
  | 'mail_unavailable'
  // account recovery (issue 25)
  | 'invalid_email'
  | 'reset_link_invalid';

export class C360Error extends Error {
  readonly code: ErrorCode;
  readonly hint?: string;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, options: { hint?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'C360Error';
    this.code = code;
    this.hint = options.hint;
    this.details = options.details;
  }
}

export function isC360Error(error: unknown, code?: ErrorCode): error is C360Error {
  return error instanceof C360Error && (code === undefined || error.code === code);
}
