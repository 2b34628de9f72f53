import { readdirSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RequestHandler } from 'express';

/** An answer the app sent for a static file, ready to send again: status, headers in order, body. */
export type StaticAnswer = {
  status: number;
  /** Name/value pairs as the app wrote them (name casing and order kept), for one writeHead call. */
  head: string[];
  /** Where in `head` the request id's value sits: each answer gets its own. */
  idAt: number;
  body: Buffer;
};

/**
 * The web app's static files on the fast lane (issue 21): the hashed `/assets/*` files and the
 * other files at the top of the built web app (not index.html, the shell that client routes render).
 *
 * There is one rule: the fast lane sends, byte for byte, the answer the app itself sent to the
 * same request. Nothing about the answer is worked out here. The first request of a kind goes
 * through Express as before (helmet, precompressedAssets, express.static, compression, the request
 * log) and its status, headers and body are recorded as they leave the app; later requests of
 * that kind get the recording, with their own request id. So each quirk of the app's answer (no
 * ETag on a precompressed file, since the app turns Express's ETag off and sendFile follows it;
 * no ETag, Last-Modified or 304 on its HEAD; Vary and on-the-fly compression for compressible
 * files of 1 KB and more) is kept, and the compressed bytes are made once per file and encoding.
 *
 * A request's kind is everything the app's answer depends on: the exact URL (a file listed at
 * start, so no query string, no `..`, no percent-encoding, no other letter case), the method and
 * the Accept-Encoding, If-None-Match, If-Modified-Since and Cache-Control headers, each as sent.
 * Requests with Range, If-Range, If-Match or If-Unmodified-Since are never recorded nor answered.
 * The language cookie plays no part (the app's static files do not depend on it). An answer is
 * recorded only when the static middlewares sent it (between `enter` and `leave`), with status
 * 200 or 304 and no cookie; a file above `maxFileBytes` (source maps, large images) stays with
 * Express, and recordings keep at most `maxBytes` of bodies in all.
 *
 * Files are listed once at start and answers recorded once: the built app does not change while
 * the server runs (a deploy restarts it). A file rebuilt in place meanwhile keeps its recorded
 * answer until the restart.
 */
export type StaticAnswers = {
  /** Mounted before compression (it must see the bytes compression writes): records first answers. */
  record: RequestHandler;
  /** Mounted just before the static middlewares: what they send may be recorded. */
  enter: RequestHandler;
  /** Mounted just after them: a request they passed on (the app shell, a redirect) is not a file's answer. */
  leave: RequestHandler;
  /** The recorded answer to this raw request, or undefined (the app answers it). */
  answerFor: (req: IncomingMessage) => StaticAnswer | undefined;
  stats: () => { files: number; answers: number; bytes: number };
};

type FileAnswers = { answers: Map<string, StaticAnswer>; bodies: Buffer[] };
type Recording = { file: FileAnswers; kind: string; reached: boolean };

/** Names that are their own URL path (nothing to percent-encode) and no dotfile, which send ignores. */
const PLAIN_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function createStaticAnswers(options: {
  webDist: string;
  /** Larger files stay with Express (default 2 MB). */
  maxFileBytes?: number;
  /** Bodies held in all recordings (default 32 MB); past it, new bodies are not recorded. */
  maxBytes?: number;
  /** Recorded kinds of request per file (default 32): the oldest goes first. */
  maxAnswersPerFile?: number;
}): StaticAnswers {
  const maxFileBytes = options.maxFileBytes ?? 2 * 1024 * 1024;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxAnswersPerFile = options.maxAnswersPerFile ?? 32;
  const files = listFiles(options.webDist, maxFileBytes);
  const recordings = new WeakMap<ServerResponse, Recording>();
  let bytes = 0;

  const store = (recording: Recording, req: IncomingMessage, res: ServerResponse, body: Buffer): void => {
    const status = res.statusCode;
    if (!recording.reached || (status !== 200 && status !== 304) || res.hasHeader('set-cookie')) return;
    const head: string[] = [];
    let idAt = -1;
    // Names as the app set them (Node has this on every outgoing message; @types/node only on ClientRequest).
    for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const value = res.getHeader(name);
      if (value === undefined) continue;
      if (Array.isArray(value)) return; // no header of these answers repeats; one that does is not replayed
      if (name.toLowerCase() === 'x-request-id') idAt = head.length + 1;
      head.push(name, String(value));
    }
    if (idAt < 0) return;
    const length = res.getHeader('content-length');
    if (req.method === 'GET' && status === 200 && length !== undefined && Number(length) !== body.length) return;
    const { file, kind } = recording;
    let kept = file.bodies.find((b) => b.equals(body));
    if (!kept) {
      if (bytes + body.length > maxBytes) return;
      kept = body;
      file.bodies.push(body);
      bytes += body.length;
    }
    if (file.answers.size >= maxAnswersPerFile) file.answers.delete(file.answers.keys().next().value!);
    file.answers.set(kind, { status, head, idAt, body: kept });
  };

  return {
    record: (req, res, next) => {
      const file = req.method === 'GET' || req.method === 'HEAD' ? files.get(req.url) : undefined;
      const kind = file && kindOf(req);
      if (file && kind !== undefined && !file.answers.has(kind)) {
        const recording: Recording = { file, kind, reached: false };
        recordings.set(res, recording);
        tapBody(res, (body) => store(recording, req, res, body));
      }
      next();
    },
    enter: (_req, res, next) => {
      const recording = recordings.get(res);
      if (recording) recording.reached = true;
      next();
    },
    leave: (_req, res, next) => {
      const recording = recordings.get(res);
      if (recording) recording.reached = false;
      next();
    },
    answerFor: (req) => {
      const file = files.get(req.url!);
      if (!file || file.answers.size === 0) return undefined;
      const kind = kindOf(req);
      return kind === undefined ? undefined : file.answers.get(kind);
    },
    stats: () => ({ files: files.size, answers: [...files.values()].reduce((n, f) => n + f.answers.size, 0), bytes }),
  };
}

/** The URL paths of the files express.static would send: the top of webDist (but the shell) and assets/. */
function listFiles(webDist: string, maxFileBytes: number): Map<string, FileAnswers> {
  const files = new Map<string, FileAnswers>();
  for (const [dir, prefix] of [
    [webDist, '/'],
    [join(webDist, 'assets'), '/assets/'],
  ] as const) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // not built
    }
    for (const name of names) {
      if (!PLAIN_NAME.test(name) || (prefix === '/' && name === 'index.html')) continue;
      const stat = statSync(join(dir, name), { throwIfNoEntry: false });
      if (stat?.isFile() && stat.size <= maxFileBytes) files.set(prefix + name, { answers: new Map(), bodies: [] });
    }
  }
  return files;
}

/**
 * Everything of a request the app's answer for a static file depends on, or undefined for a
 * request the fast lane leaves to the app (ranges and the preconditions that go with them).
 * Header values hold no line feed (the HTTP parser refuses them), so the joined key is unambiguous.
 */
function kindOf(req: IncomingMessage): string | undefined {
  const h = req.headers;
  if (h.range !== undefined || h['if-range'] !== undefined || h['if-match'] !== undefined || h['if-unmodified-since'] !== undefined) return undefined;
  const kind = `${req.method}\n${given(h['accept-encoding'])}\n${given(h['if-none-match'])}\n${given(h['if-modified-since'])}\n${given(h['cache-control'])}`;
  return kind.length <= 1024 ? kind : undefined;
}

/** A header's value, told apart from its absence. */
function given(value: string | undefined): string {
  return value === undefined ? '' : `=${value}`;
}

/** Collects the bytes written to `res` (after compression, which writes through these) and hands them over when it finishes. */
function tapBody(res: ServerResponse, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as ServerResponse['write'];
  res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    keep(chunk, rest[0]);
    return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as ServerResponse['end'];
  res.once('finish', () => done(Buffer.concat(chunks)));
}
