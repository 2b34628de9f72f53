import type { RequestHandler } from 'express';
import { sendError } from '../http-errors';

/**
 * NUL (U+0000) has no place in any input C360 takes, and PostgreSQL refuses it in text ("invalid
 * byte sequence"), which used to surface as a 500 from whichever query met it first. Refused here,
 * once for every route: in the address (path and query, where only %00 can carry it) before
 * anything else runs, and in parsed bodies (values and keys, at any depth) after the body parsers.
 */

const MESSAGE = 'The request contains a NUL character (\\u0000), which is not allowed';

export const rejectNulInUrl: RequestHandler = (req, res, next) => {
  if (!/%00/i.test(req.url)) return next();
  const where = req.url.indexOf('?') >= 0 && /%00/i.test(req.url.slice(req.url.indexOf('?'))) ? 'query string' : 'address';
  res.setHeader('Cache-Control', 'no-store');
  sendError(res, 400, 'invalid_input', `${MESSAGE} in the ${where}. Remove it and try again.`);
};

/** The path (`body.a.b[2]`) of the first string or key holding a NUL, or null. */
export function findNul(value: unknown, path = 'body', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path} (a field name)`;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export const rejectNulInBody: RequestHandler = (req, res, next) => {
  const where = req.body === undefined ? null : findNul(req.body);
  if (!where) return next();
  sendError(res, 400, 'invalid_input', `${MESSAGE} in ${where}. Remove it and try again.`);
};
