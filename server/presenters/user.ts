import type { AuthenticatedSession } from '../../core/accounts/sessions';
import type { User } from '../../core/accounts/user';
import { hasRole } from '../../core/accounts/user';
import { CONSOLE_ACCESS_MESSAGE } from '../middleware/session';

/** Spec section 4: a client refreshes when within 3 ticks of 30 s (90 s) of expiry. */
export const REFRESH_MARGIN_SECONDS = 90;

export function presentUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    email_verified: user.email_verified,
    identities: user.identities,
    created_at: user.created_at,
    last_sign_in_at: user.last_sign_in_at,
  };
}

/**
 * The session as the browser may see it: who, until when, and when to refresh. The tokens
 * themselves stay in httpOnly cookies and never appear in a body.
 */
export function presentSession(session: Pick<AuthenticatedSession, 'user' | 'accessExpiresAt'>, now: Date) {
  const expiresAt = Math.floor(session.accessExpiresAt.getTime() / 1000);
  const canUseConsole = hasRole(session.user.role, 'editor');
  return {
    user: presentUser(session.user),
    session: {
      token_type: 'cookie',
      expires_at: expiresAt,
      expires_in: Math.max(0, expiresAt - Math.floor(now.getTime() / 1000)),
      refresh_at: expiresAt - REFRESH_MARGIN_SECONDS,
    },
    console: canUseConsole ? { allowed: true } : { allowed: false, message: CONSOLE_ACCESS_MESSAGE },
  };
}
