import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type pino from 'pino';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../core/logger';

// Query values that are secrets or personal data: confirmation and unsubscribe tokens, OpenID
// codes and states, e-mail addresses.
const SECRET_PARAMS = /([?&](?:token|code|state|session_state|id_token|access_token|refresh_token|password|email|id)=)[^&#]*/gi;

export function redactUrl(url: string | undefined): string {
  if (url !== undefined && url.length <= 500 && !url.includes('=')) return url; // no values, nothing to hide (most requests)
  return (url ?? '').replace(SECRET_PARAMS, '$1[redacted]').slice(0, 500);
}

/**
 * One structured log line per request: method, path (secret query values redacted), status,
 * time, a request id. Never headers, so never cookies, tokens or the Authorization header;
 * never bodies, so never passwords.
 */
export function requestLog(logger: Logger): RequestHandler {
  const middleware = pinoHttp({
    logger: logger as unknown as pino.Logger,
    genReqId: (req, res) => {
      const id = randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown; originalUrl?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.originalUrl ?? req.url) }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
      err: (err: Error) => ({ type: err.name, message: err.message }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // Probes and scrapes come every few seconds; a line each would bury the log.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url === '/metrics' },
    quietReqLogger: true,
  });
  return middleware as unknown as RequestHandler;
}
