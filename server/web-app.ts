import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type Request, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { parseArticleId } from '../core/stories/article-address';
import { findPublishedStory } from '../core/stories/story-repository';
import { sendCached, type ResponseCache } from './cache/response-cache';
import { pageLanguage, type PageLanguage } from './cookies';
import { sendError } from './http-errors';
import { serverErrorPage } from './pages/error-page';
import { headText } from './pages/head-text';
import { simplePage } from './pages/simple-page';
import type { StaticAnswers } from './static-answers';

/**
 * Renders the HTML of a page for a path, or null to send the plain app shell. This is the
 * seam for server-rendered head tags and content (the shell's <!--c360:head--> marker): the
 * result is cached per path like the API, dropped when a story changes, and answered from the
 * fast lane. So a page depends on its path and the reader's language (the c360_lang cookie)
 * alone: nothing else from cookies, the query string or other headers (who is signed in is
 * decided in the browser after load). English pages are cached and answered from the fast lane
 * as before; other languages are cached under their own key and sent with `Vary: Cookie`.
 */
export type HtmlRenderer = (input: {
  req: Request;
  path: string;
  shell: string;
  origin: string;
  language: PageLanguage;
}) => Promise<{ status: number; html: string; redirect?: string; error?: unknown } | null>;

/** The part of a page's URL its HTML depends on: the path, plus a section page's offset. */
export function pageKey(req: Request): string {
  const offset = req.path.startsWith('/section/') ? Number.parseInt(String(req.query.offset ?? '0'), 10) : 0;
  return Number.isFinite(offset) && offset > 0 ? `${req.path}?offset=${offset}` : req.path;
}

export const PAGE_DATA_ID = 'c360-data';

/**
 * Data for the page's script, as a data block the CSP allows (`script-src 'self'` forbids inline
 * executable scripts, but a `type="application/json"` block is never executed). The client reads
 * it with `JSON.parse(document.getElementById('c360-data')!.textContent!)`. Escaped so no value
 * can close the tag or open a comment.
 */
export function pageDataBlock(value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

/**
 * The CSP hashes ('sha256-…') of the <style> elements in the built shell: the inlined entry
 * stylesheet (web/paint-first.ts). None when the web app is not built.
 */
export function shellStyleHashes(webDist: string): string[] {
  const indexPath = join(webDist, 'index.html');
  if (!existsSync(indexPath)) return [];
  const shell = readFileSync(indexPath, 'utf8');
  return [...shell.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => `sha256-${createHash('sha256').update(m[1]!).digest('base64')}`);
}

/** A page for a request that failed (the database is away, a bug): the reader's language, no stack, no script. */
export type ErrorPage = (req: Request) => string;

/**
 * Serves the built web app: hashed assets for a year, other files as they are, the shell for client
 * routes. Returns the site's error page, for the app's error handler to answer failed pages with.
 */
export function serveWebApp(
  app: Express,
  deps: {
    webDist: string;
    db: Knex;
    cache: ResponseCache;
    renderHtml?: HtmlRenderer;
    originOf: (req: Request) => string;
    /** Told which answers the static middlewares send, for the fast lane to send them again. */
    staticAnswers?: Pick<StaticAnswers, 'enter' | 'leave'>;
  },
): ErrorPage {
  const indexPath = join(deps.webDist, 'index.html');
  if (!existsSync(indexPath)) {
    app.use((_req, res) => sendError(res, 503, 'web_not_built', 'The web app is not built yet. Run `npm run build:web` and restart.'));
    return (req) => {
      const language = pageLanguage(req.headers.cookie);
      const text = headText(language);
      return simplePage({
        title: text.serverError,
        heading: text.serverError,
        paragraphs: [text.serverErrorDescription],
        home: text.backHome,
        language: language.toLowerCase(),
      });
    };
  }
  const shell = readFileSync(indexPath, 'utf8');
  if (deps.staticAnswers) app.use(deps.staticAnswers.enter);
  app.use('/assets', precompressedAssets(join(deps.webDist, 'assets')));
  app.use('/assets', express.static(join(deps.webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(deps.webDist, { index: false, maxAge: '1h' }));
  if (deps.staticAnswers) app.use(deps.staticAnswers.leave);

  // A UUID is not an article's address: send browsers and crawlers to the SEO address for good.
  app.get('/article/:id', async (req, res, next) => {
    const parsed = parseArticleId(String(req.params.id));
    if (parsed.kind !== 'uuid') return next();
    const found = await findPublishedStory(deps.db, parsed.id);
    if (!found) return next();
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.redirect(301, found.canonicalPath);
  });

  // Client routes (/, /section/…, /article/…, unknown paths) get the app shell (or the rendered page).
  app.get('/{*splat}', async (req, res) => {
    const path = req.path;
    // A rendered page holds absolute URLs: it is cached per trusted origin (never per raw Host header).
    const origin = deps.originOf(req);
    const language = deps.renderHtml ? pageLanguage(req.headers.cookie) : 'EN';
    const key = deps.renderHtml ? `html:${origin}:${language === 'EN' ? '' : `${language}:`}${pageKey(req)}` : 'html:shell';
    const cached = await deps.cache.get(key, async () => {
      const rendered = deps.renderHtml ? await deps.renderHtml({ req, path, shell, origin, language }) : null;
      return {
        status: rendered?.status ?? 200,
        type: 'text/html; charset=utf-8',
        body: Buffer.from(rendered?.redirect ?? rendered?.html ?? shell),
        cacheControl: rendered?.error ? 'no-store' : 'no-cache',
        vary: deps.renderHtml ? 'Accept-Encoding, Cookie' : undefined,
        error: rendered?.error,
      };
    });
    // A page that failed to render (the error page, 500): the request's own log line carries the
    // error (pino-http logs res.err with the request id), so it is logged once per request.
    if (cached.error !== undefined) res.err = cached.error instanceof Error ? cached.error : new Error(String(cached.error));
    // A page that moved (an old address of a story) answers 301 to where it is now.
    if (cached.status === 301) {
      res.setHeader('Cache-Control', 'public, max-age=300');
      return res.redirect(301, cached.body.toString());
    }
    sendCached(req, res, cached);
    // Only English pages are bound for the fast lane, which skips readers with another language.
    if (cached.status === 200 && language === 'EN') deps.cache.bindUrl(deps.renderHtml ? origin + req.originalUrl : req.originalUrl, key);
  });

  return (req) => serverErrorPage(shell, deps.originOf(req), pageLanguage(req.headers.cookie), req.path);
}

const ASSET_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  json: 'application/json',
};

/**
 * Hashed assets compressed once at build time (web/precompress.ts): brotli at its best setting
 * when the browser accepts it, else gzip -9. Smaller than compressing on the fly, and free.
 */
export function precompressedAssets(dir: string): RequestHandler {
  return (req, res, next) => {
    const ext = /\.(js|css|svg|json)$/.exec(req.path)?.[1];
    if (!ext || req.path.includes('..') || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const accept = String(req.headers['accept-encoding'] ?? '');
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accept)) continue;
      const file = join(dir, `${req.path}${suffix}`);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (!stat) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Type', ASSET_TYPES[ext]!);
      res.setHeader('Content-Length', String(stat.size));
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
      // The validators express.static gives the plain file (the app turns Express's own ETag off, and
      // sendFile follows it), so a browser revalidating a compressed asset gets a 304, HEAD included.
      res.setHeader('ETag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`);
      res.setHeader('Last-Modified', stat.mtime.toUTCString());
      if (req.fresh) {
        res.removeHeader('Content-Length');
        return res.status(304).end();
      }
      return req.method === 'HEAD' ? res.end() : res.sendFile(file, { headers: { 'Content-Encoding': encoding } }, (error) => error && next(error));
    }
    next();
  };
}
