import { isC360Error } from '../errors';

/** Node's socket errors for a server that is down, unreachable or dropped the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL's SQLSTATEs for a server that cannot serve at all: class 08 (connection exception)
 * and 57P01–57P03 (shut down by an admin or a crash, starting up: "cannot connect now").
 */
const SERVER_DOWN = /^(08...|57P0[123])$/;

/**
 * Whether a database call failed because the database cannot be reached (down, restarting,
 * network gone, every connection busy), as opposed to a query that is wrong or refused. Callers
 * then answer 503 and may serve what they had (server/cache/response-cache.ts), rather than a 500.
 *
 * node-postgres gives a dropped connection no code, only its fixed message ("Connection
 * terminated unexpectedly"); that one library message is read, for lack of anything else.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  if (isC360Error(error)) return error.code === 'database_unavailable';
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_DOWN.test(code))) return true;
  // knex: no connection free in time (the pool waits on connections that never come back).
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && /^Connection terminated( unexpectedly)?$/.test(message)) return true;
  // Node's connect to a name with several addresses fails with an AggregateError of each attempt.
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDatabaseUnreachable(e, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnreachable(cause, depth + 1);
}

/**
 * SQLSTATEs and file-system codes of a database that answers but cannot store anything: a
 * read-only transaction or server (25006), a full disk (53100, or ENOSPC from the embedded
 * database's own files) or a read-only file system (EROFS).
 */
const WRITES_REFUSED = new Set(['25006', '53100', 'ENOSPC', 'EROFS']);

/** Whether a database call failed because the database refuses writes (read-only, disk full), not because of the query. */
export function isDatabaseRefusingWrites(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && WRITES_REFUSED.has(code)) return true;
  return cause !== undefined && isDatabaseRefusingWrites(cause, depth + 1);
}
