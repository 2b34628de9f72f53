import { createServer } from 'node:net';

/** A loopback port free at the moment of asking (the OS picks it), for a server a test or bench starts itself. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
