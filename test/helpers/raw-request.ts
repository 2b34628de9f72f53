import { type Agent, request as httpRequest } from 'node:http';
import type { FastLane } from '../../server/fast-lane';

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

/**
 * The app's fast lane watched by a test: how many requests it has answered, and one request sent
 * both ways, through Express (the fast lane off for it) and then as the server takes it.
 */
export function watchFastLane(app: { fastLane: FastLane }, base: string) {
  let answered = 0;
  const lane = app.fastLane;
  app.fastLane = (req, res) => {
    const done = lane(req, res);
    if (done) answered += 1;
    return done;
  };
  return {
    get answered() {
      return answered;
    },
    /** `byLane`: how many of the second request's answers the fast lane gave (1 or 0). */
    async bothPaths(path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
      const current = app.fastLane;
      app.fastLane = () => false;
      let express: RawAnswer;
      try {
        express = await rawRequest(base, path, options);
      } finally {
        app.fastLane = current;
      }
      const before = answered;
      const viaLane = await rawRequest(base, path, options);
      return { express, viaLane, byLane: answered - before };
    },
  };
}
