import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { FastLane } from './fast-lane';

export type RunningServer = { url: string; server: Server; close: () => Promise<void> };

/** Why a server could not listen, in words an operator can act on; `undefined` when not a listen error. */
export function describeListenError(error: unknown, host: string, port: number): { message: string; hint: string } | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return {
        message: `Cannot listen on ${where}: the port is already in use.`,
        hint: `Stop whatever listens there, or choose another port with --port N (or PORT).`,
      };
    case 'EADDRNOTAVAIL':
      return {
        message: `Cannot listen on ${where}: ${host} is not an address of this machine.`,
        hint: 'Use 127.0.0.1 (this machine only), 0.0.0.0 (every interface) or one of its own addresses, with --host or HOST.',
      };
    case 'EACCES':
    case 'EPERM':
      return {
        message: `Cannot listen on ${where}: permission denied.`,
        hint: 'Ports below 1024 need privileges: use a port from 1024 up with --port N (or PORT).',
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NONAME':
      return {
        message: `Cannot listen on ${where}: the host name ${host} does not resolve.`,
        hint: 'Set --host or HOST to an address of this machine (127.0.0.1, 0.0.0.0, ::).',
      };
    case 'ERR_SOCKET_BAD_PORT':
      return { message: `Cannot listen on ${where}: not a valid port.`, hint: 'Use a port from 1 to 65535 with --port N (or PORT).' };
    default:
      return undefined;
  }
}

type ServedApp = Express & { shutdown?: () => Promise<void>; closeStreams?: () => void; fastLane?: FastLane };

/**
 * The http server's request listener: the app's fast lane first (cached public answers, sent
 * without entering Express), the app for everything else. `app.fastLane` is read per request,
 * so a test may swap it to compare the two paths.
 */
export function requestListener(app: ServedApp): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const fastLane = app.fastLane;
    if (fastLane) {
      try {
        if (fastLane(req, res)) return;
      } catch (error) {
        // Nothing is written before the fast lane has its answer; if it failed before, the app answers.
        if (res.headersSent) {
          res.destroy(error as Error);
          return;
        }
      }
    }
    app(req, res);
  };
}

/**
 * How long a client may take, in ms: to send its headers (`headersMs`) and its whole request
 * (`requestMs`); to send its next request on a kept-alive connection (`keepAliveMs`, longer than
 * typical proxies' 60 s); and how long a connection may go with nothing sent or received
 * (`idleMs`: a client that reads an answer a byte a second stalls the server's write, and is cut
 * when it has stalled this long; live streams send a heartbeat well within it). The header and
 * request limits are checked every `checkEveryMs` (Node's default, 30 s, would let a client that
 * trickles its headers hold a connection up to 50 s instead of 20).
 */
export type ServerTimeouts = { headersMs: number; requestMs: number; keepAliveMs: number; idleMs: number; checkEveryMs: number };
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 20_000, requestMs: 60_000, keepAliveMs: 65_000, idleMs: 120_000, checkEveryMs: 5_000 };

/**
 * Listens, and closes gracefully: stops accepting, lets requests in flight finish (up to
 * `graceMs`, then cuts what is left), then releases the app's own resources (listeners, timers).
 * The one way C360 serves: `c360 serve` (each worker of `--workers`), the tests and the e2e harness.
 */
export async function startServer(
  app: ServedApp,
  options: { host: string; port: number; graceMs?: number; timeouts?: Partial<ServerTimeouts> },
): Promise<RunningServer> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server: Server = createServer({ connectionsCheckingInterval: timeouts.checkEveryMs }, requestListener(app));
  // A listen error (EADDRINUSE, EADDRNOTAVAIL…) comes as an 'error' event: only 'listening' is success.
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    try {
      server.listen(options.port, options.host, () => {
        server.off('error', failed);
        resolve();
      });
    } catch (error) {
      server.off('error', failed);
      reject(error as Error); // a port out of range throws at once
    }
  });
  // Slow clients cannot hold sockets forever (see ServerTimeouts).
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  server.keepAliveTimeout = timeouts.keepAliveMs;
  server.timeout = timeouts.idleMs;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), options.graceMs ?? 5000);
        cut.unref();
        app.closeStreams?.();
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }).then(() => app.shutdown?.())),
  };
}
