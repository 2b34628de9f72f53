import { C360Error } from '../../core/errors';
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
      ctx.events.attach(req, res, { userId: session.user.id, accessExpiresAt: session.accessExpiresAt });
      return undefined;
    },
  },
];
