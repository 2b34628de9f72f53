import type { Server } from 'node:http';
import type { Express } from 'express';

export type RunningServer = { url: string; server: Server; close: () => Promise<void> };

/**
 * Listens, and closes gracefully: stops accepting, lets requests in flight finish (up to
 * `graceMs`, then cuts what is left), then releases the app's own resources (listeners, timers).
 */
export async function startServer(
  app: Express & { shutdown?: () => Promise<void>; closeStreams?: () => void },
  options: { host: string; port: number; graceMs?: number },
): Promise<RunningServer> {
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port, options.host, () => resolve(s));
    s.once('error', reject);
  });
  // Slow clients cannot hold sockets forever; keep-alive outlives typical proxies' 60 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 65_000;
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
