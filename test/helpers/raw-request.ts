import { type Agent, request as httpRequest } from 'node:http';

/** An answer as it came over the wire: headers as sent, the body undecoded (fetch would decompress it). */
export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request with exactly these headers and this path, not normalised (`//`, `%2e`), to a test server at `base`. */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string>; agent?: Agent } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/`, { path, method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** An answer's headers without those that differ on every answer (date, request id, connection). */
export const comparableHeaders = (r: RawAnswer) =>
  Object.fromEntries(Object.entries(r.headers).filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)));
