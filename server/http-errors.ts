import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseRefusingWrites, isDatabaseUnreachable } from '../core/db/unreachable';
import { isC360Error, type ErrorCode } from '../core/errors';
import type { Logger } from '../core/logger';

const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  config_invalid: 500,
  not_found: 404,
  conflict: 409,
  database_locked: 503,
  database_unavailable: 503,
  migration_failed: 503,
  publish_gate_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  rate_limited: 429,
  payload_too_large: 413,
  unsupported: 422,
  upstream_failed: 502,
  internal: 500,
  listen_failed: 500,
  invalid_credentials: 400,
  weak_password: 422,
  user_already_exists: 422,
  auth_session_missing: 400,
  session_expired: 401,
  refresh_token_invalid: 401,
  refresh_token_reused: 401,
  csrf_failed: 403,
  mail_unavailable: 503,
  invalid_email: 400,
  reset_link_invalid: 400,
};

/** Codes whose `details` are meant for the user (which gate requirement failed, why a password is weak). */
const PUBLIC_DETAILS = new Set<ErrorCode>(['publish_gate_failed', 'weak_password', 'invalid_email']);

export function sendError(res: Parameters<RequestHandler>[1], status: number, code: string, message: string, extra?: Record<string, unknown>): void {
  res.status(status).json({ error: { ...extra, code, message } });
}

export const notFoundApi: RequestHandler = (req, res) => {
  sendError(res, 404, 'not_found', `No API route ${req.method} ${req.path}.`);
};

/** Seconds a client is asked to wait (Retry-After) when the database is unreachable. */
const OUTAGE_RETRY_AFTER_S = 10;

/**
 * Every error leaves as `{ error: { code, message } }`; internals are logged, never sent. Pages
 * (anything outside /api) are for people: with `htmlPage`, a failure there that is the server's
 * (5xx) answers the site's error page instead of JSON. A database that cannot be reached, or that
 * refuses writes, answers 503 with Retry-After, not 500: the request was fine and will work again.
 */
export function errorHandler(logger: Logger, options: { htmlPage?: (req: Request) => string } = {}): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    const send = (status: number, code: string, message: string, extra?: Record<string, unknown>) => {
      if (status >= 500 && options.htmlPage && isPage(req)) return sendHtmlError(res, status, options.htmlPage(req));
      sendError(res, status, code, message, extra);
    };
    if (isC360Error(error)) {
      const details =
        PUBLIC_DETAILS.has(error.code) && typeof error.details === 'object' && error.details !== null ? (error.details as Record<string, unknown>) : undefined;
      return send(STATUS[error.code], error.code, error.message, details);
    }
    if (isDatabaseUnreachable(error)) {
      logger.error({ err: error, path: req.path }, 'database unreachable');
      res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_S));
      return send(503, 'database_unavailable', 'The service is briefly unavailable. Please try again in a moment.');
    }
    // Read-only or out of disk: /readyz reports it too (core/db/readiness.ts); reads keep working.
    if (isDatabaseRefusingWrites(error)) {
      logger.error({ err: error, path: req.path }, 'database refuses writes');
      res.setHeader('Retry-After', String(OUTAGE_RETRY_AFTER_S));
      return send(503, 'database_unavailable', 'The database cannot store changes just now (it is read-only or out of disk space). Please try again later.');
    }
    if (error instanceof ZodError) {
      const message = error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; ');
      return sendError(res, 400, 'invalid_input', message);
    }
    // body-parser and friends set `type` and `status` on their errors.
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') return sendError(res, 413, 'payload_too_large', 'The request body is too large.');
    if (type === 'entity.parse.failed') return sendError(res, 400, 'invalid_json', 'The request body is not valid JSON.');
    const status = (error as { status?: number }).status;
    if (status && status >= 400 && status < 500) return sendError(res, status, 'bad_request', (error as Error).message);
    logger.error({ err: error, path: req.path }, 'unhandled error');
    send(500, 'internal', 'Something went wrong on our side. Please try again.');
  };
}

/** A request for a page, not for the API (which keeps answering JSON). */
function isPage(req: Request): boolean {
  return req.path !== '/api' && !req.path.startsWith('/api/');
}

function sendHtmlError(res: Parameters<RequestHandler>[1], status: number, html: string): void {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(html);
}
