import type { Server } from 'node:http';
import type { Express } from 'express';

export type RunningServer = { url: string; close: () => Promise<void> };

/** Listens, and closes gracefully: stops accepting, lets requests in flight finish. */
export async function startServer(app: Express, options: { host: string; port: number }): Promise<RunningServer> {
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(options.port, options.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5000).unref();
      }),
  };
}
