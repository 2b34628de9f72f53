import { z } from 'zod';
import { getOutboxMessage, listOutbox } from '../../core/demo/outbox-repository';
import { C360Error } from '../../core/errors';
import { parseQuery } from '../middleware/validate';
import type { ConsoleRoute } from './console';

/**
 * The demo's Outbox (admins only): what the demo's mail catcher received, newest first, and one
 * message. `enabled` says whether a mail catcher runs in this process (only `c360 demo` starts one);
 * the console shows the screen only then. A message's HTML is sent as data: the console shows it
 * in a sandboxed frame, never in its own page.
 */
const listQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The query strings these routes parse, by operation as docs/openapi.json names it (its query parameters are derived from these; server/openapi.db.test.ts). */
export const OUTBOX_QUERIES = { 'GET /api/console/outbox': listQuery };

export const OUTBOX_ROUTES: readonly ConsoleRoute[] = [
  {
    method: 'get',
    path: '/console/outbox',
    role: 'admin',
    handler: async (req, _res, ctx) => {
      const { offset, limit } = parseQuery(listQuery, req);
      return { enabled: ctx.mailCatcher === true, ...(await listOutbox(ctx.db, { offset, limit })) };
    },
  },
  {
    method: 'get',
    path: '/console/outbox/:id',
    role: 'admin',
    handler: async (req, _res, ctx) => {
      const id = String(req.params.id ?? '');
      const message = await getOutboxMessage(ctx.db, id);
      if (!message) throw new C360Error('not_found', `No message ${id.slice(0, 40)} in the outbox.`);
      return { message };
    },
  },
];
