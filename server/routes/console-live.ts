import { authenticateAccessToken } from '../../core/accounts/sessions';
import { hasRole } from '../../core/accounts/user';
import { C360Error } from '../../core/errors';
import { cookieNames, isSecureRequest, readCookie } from '../cookies';
import { currentSession } from '../middleware/session';
import type { ConsoleRoute } from './console';

/**
 * GET /api/console/events: the console's live updates as Server-Sent Events (see
 * server/live/console-events.ts for the event types). Editors and admins only, like every
 * console route; the stream ends when the access cookie it was opened with expires, and the
 * browser reconnects with its refreshed cookie. A client that does not ask for an event stream
 * (Accept without text/event-stream) gets the relay's state as JSON instead.
 */
export const LIVE_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'get',
    path: '/console/events',
    role: 'editor',
    handler: (req, res, ctx) => {
      const session = currentSession(res);
      if (!session) throw new C360Error('unauthorized', 'Sign in to continue.');
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) return ctx.events.state();
      // The stream outlives the request's role check: a demoted or signed-out user's stream is
      // closed when the database says so (c360_users_changed) or at the next periodic re-check.
      const accessToken = readCookie(req, cookieNames(isSecureRequest(req, ctx.config.publicUrl)).access) ?? '';
      const verify = async () => {
        const now = await authenticateAccessToken(ctx.db, accessToken, ctx.clock());
        return now !== null && hasRole(now.user.role, 'editor');
      };
      ctx.events.attach(req, res, { userId: session.user.id, accessExpiresAt: session.accessExpiresAt, verify });
      return undefined;
    },
  },
];
