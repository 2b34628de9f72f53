import express, { Router, type ErrorRequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import { syncedDocument } from '../../core/sanity/documents';
import { describeWebhookSecurity, handleSanityWebhook, recordOversizedDelivery, SANITY_BODY_LIMIT_BYTES } from '../../core/sanity/handle-webhook';
import { sendError } from '../http-errors';

/**
 * POST /api/sync-sanity: Sanity's webhook. Self-contained: it reads its own raw body (the signature
 * covers the exact bytes), with its own size limit, and answers its own JSON errors, so it works
 * wherever it is mounted as long as that is before any JSON body parser.
 */
export const SANITY_WEBHOOK_PATH = '/api/sync-sanity';

/**
 * The body, by operation as docs/openapi.json names it (its request body is derived from this; server/openapi.db.test.ts).
 * Not parsed here: the signature covers the raw bytes, so core parses them and validates with these schemas.
 */
export const SANITY_REQUEST_BODIES = { 'POST /api/sync-sanity': syncedDocument };

export function sanityWebhookRouter(deps: { db: Knex; clock: () => Date; logger: Logger; secret?: string; insecureDev?: boolean }): Router {
  const router = Router();
  const security = describeWebhookSecurity(deps);
  if (security.mode !== 'signed') deps.logger.warn({ sanityWebhook: security.mode }, security.message);

  router.post(SANITY_WEBHOOK_PATH, express.raw({ type: () => true, limit: SANITY_BODY_LIMIT_BYTES }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await handleSanityWebhook(deps.db, deps, { rawBody, headers: req.headers, secret: deps.secret, insecureDev: deps.insecureDev });
    res.setHeader('Cache-Control', 'no-store');
    res.status(result.status).json(result.body);
  });

  const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
    if (req.path !== SANITY_WEBHOOK_PATH) return next(error);
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') {
      void recordOversizedDelivery(deps.db, deps, req.headers).then((r) => res.status(r.status).json(r.body));
      return;
    }
    if (type === 'request.aborted') return;
    deps.logger.error({ err: (error as Error).message }, 'sanity webhook error');
    sendError(res, 400, 'bad_request', 'The request body could not be read.');
  };
  router.use(bodyErrors);
  return router;
}
