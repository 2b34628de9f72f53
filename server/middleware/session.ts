import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { authenticateAccessToken, type AuthenticatedSession } from '../../core/accounts/sessions';
import { hasRole, type Role } from '../../core/accounts/user';
import { C360Error } from '../../core/errors';
import { cookieNames, isSecureRequest, readCookie } from '../cookies';

/**
 * Who is asking. Loaded only on routes that need it (auth, console, admin), so public reads
 * never touch the sessions table. A session cookie that no longer proves a live session
 * (expired, revoked, unknown) is remembered as such, so the answer can say "expired" rather
 * than "signed out".
 */
type AuthLocals = { auth?: AuthenticatedSession; authExpired?: boolean };

export function currentSession(res: Response): AuthenticatedSession | undefined {
  return (res.locals as AuthLocals).auth;
}

export function loadSession(deps: { db: Knex; clock: () => Date; publicUrl?: string }): RequestHandler {
  return async (req, res, next) => {
    const locals = res.locals as AuthLocals;
    if (locals.auth !== undefined || locals.authExpired) return next();
    const token = readCookie(req, cookieNames(isSecureRequest(req, deps.publicUrl)).access);
    if (!token) return next();
    try {
      const session = await authenticateAccessToken(deps.db, token, deps.clock());
      if (session) locals.auth = session;
      else locals.authExpired = true;
      next();
    } catch (error) {
      next(error);
    }
  };
}

export const CONSOLE_ACCESS_MESSAGE =
  'The console is for editors and administrators. Your account is a reader account: ask an administrator to give you the editor role.';

function forbiddenMessage(needed: Role): string {
  return needed === 'admin' ? 'Only administrators may do this.' : CONSOLE_ACCESS_MESSAGE;
}

/** 401 when not signed in (or the session ended), 403 when signed in without the role. */
export function requireRole(needed: Role): RequestHandler {
  return (_req: Request, res: Response, next) => {
    const locals = res.locals as AuthLocals;
    if (!locals.auth) {
      return next(
        locals.authExpired
          ? new C360Error('session_expired', 'Your session has expired. Refresh it or sign in again.')
          : new C360Error('unauthorized', 'Sign in to continue.'),
      );
    }
    if (!hasRole(locals.auth.user.role, needed)) return next(new C360Error('forbidden', forbiddenMessage(needed)));
    next();
  };
}
