import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Logger } from '../../core/logger';
import { parseSection } from '../../core/stories/sections';
import { findPublishedStory } from '../../core/stories/story-repository';
import { homePayload, presentArticle, sectionPayload } from '../routes/public-stories';
import { getStormContext } from '../../core/storms/storm-threat';
import { stormCentrePayload } from '../routes/storms';
import { pageDataBlock, type HtmlRenderer } from '../web-app';
import type { PageLanguage } from '../cookies';
import { serverErrorPage } from './error-page';
import { buildHead, type PageHead } from './head-tags';
import { headText } from './head-text';

type InitialData = { key: string; data: unknown; error?: { status: number; message: string } } | null;
/** What the browser needs to know about this server: whether it can send e-mail (the newsletter box shows only then). */
export type SiteConfig = { newsletter: boolean };
type SsrEntry = { render: (url: string, initial: InitialData, language: string, site: SiteConfig, origin: string) => Promise<string> };

type Page = { status: number; head: PageHead; initial: InitialData; ssr: boolean } | { redirect: string };

/**
 * Server rendering of public pages: the head tags crawlers read, the page's HTML (React, from
 * the SSR build of web/), and its data as a JSON block the browser hydrates from. Pages are
 * rendered in the reader's language (the c360_lang cookie) and depend on it and their path (and a
 * section page's offset) alone, so the server may cache them per language: a Spanish reader gets
 * a Spanish page at once, with no English flash.
 */
export async function createPageRenderer(deps: {
  db: Knex;
  clock: () => Date;
  ssrEntry: string;
  logger: Logger;
  site?: SiteConfig;
  translation?: boolean;
}): Promise<HtmlRenderer> {
  const site: SiteConfig = deps.site ?? { newsletter: false };
  let entry: SsrEntry | null = null;
  if (existsSync(deps.ssrEntry)) entry = (await import(pathToFileURL(deps.ssrEntry).href)) as SsrEntry;
  else deps.logger.warn({ ssrEntry: deps.ssrEntry }, 'server rendering bundle missing: pages get head tags only (run `npm run build:web`)');

  return async ({ req, path, shell, origin, language }) => {
    const page = await resolvePage(deps.db, deps.clock(), path, req, deps.translation ?? false, language);
    if ('redirect' in page) return { status: 301, html: '', redirect: page.redirect };
    let app = '';
    if (page.ssr && entry) {
      try {
        app = await entry.render(renderablePath(path) + sectionQuery(path, req), page.initial, language, site, origin);
      } catch (error) {
        // Never a half-rendered page, nor the page left to the browser (its render would likely fail
        // the same way): the site's error page. The request's log line carries the error, with its id.
        return { status: 500, html: serverErrorPage(shell, origin, language, path), error };
      }
    }
    const html = shell
      // The page's language, whether or not the server rendered its body: the browser renders it in
      // the cookie's language too (entry-client.tsx), and the head's own words are in it.
      .replace('<html lang="en">', `<html lang="${language.toLowerCase()}">`)
      .replace('<!--c360:head-->', buildHead(page.head, origin, language))
      .replace('<!--c360:app-->', app)
      // The block goes to every page: the site settings and the origin (share links are absolute); the data only with rendered HTML.
      .replace('<!--c360:data-->', pageDataBlock({ initial: app ? page.initial : null, language, site, origin }));
    return { status: page.status, html };
  };
}

/**
 * The path as the page's router may read it. A path that starts with two slashes or a slash and a
 * backslash (`//`, `///`, `/\`) reads as a protocol-relative address with no host (the renderer
 * threw `Invalid URL`); such a path names no page, so its slashes after the first are escaped and
 * it renders as the unknown page it is.
 */
export function renderablePath(path: string): string {
  return /^\/[/\\]/.test(path) ? `/${encodeURIComponent(path.slice(1))}` : path;
}

export function offsetOf(req: Request): number {
  const n = Number.parseInt(String(req.query.offset ?? '0'), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 100_000) : 0;
}

function sectionQuery(path: string, req: Request): string {
  return path.startsWith('/section/') && offsetOf(req) > 0 ? `?offset=${offsetOf(req)}` : '';
}

async function resolvePage(db: Knex, now: Date, path: string, req: Request, translation: boolean, language: PageLanguage): Promise<Page> {
  const text = headText(language);
  if (path === '/') return { status: 200, head: { kind: 'home' }, initial: { key: 'home', data: await homePayload(db, now) }, ssr: true };

  const section = /^\/section\/([^/]+)\/?$/.exec(path);
  if (section) {
    const name = decodeURIComponent(section[1]!).toLowerCase().slice(0, 40);
    const query = parseSection(name);
    const offset = offsetOf(req);
    const data = await sectionPayload(db, { section: name, offset });
    // The section's name and subtitle as the page shows them (web/src/reader/section/SectionPage.tsx).
    const heading = query.kind === 'unknown' ? text.sectionNotFound : query.kind === 'latest' ? text.latestHeading : text.sections[query.section];
    const subtitle =
      query.kind === 'unknown' ? text.noStoriesInSection : query.kind === 'latest' ? text.latestSubtitle : text.sectionSubtitle(heading.toLowerCase());
    return {
      status: query.kind === 'unknown' ? 404 : 200,
      head: { kind: 'section', path: `/section/${encodeURIComponent(name)}${offset ? `?offset=${offset}` : ''}`, heading, subtitle },
      initial: { key: `section:${name}:${offset}`, data },
      ssr: true,
    };
  }

  const article = /^\/article(?:\/([^/]+))?\/?$/.exec(path);
  if (article) {
    const id = article[1] ? decodeURIComponent(article[1]) : '';
    if (!id) return notFound('/article', text.articleNotFound, text.noArticleId, null);
    const found = await findPublishedStory(db, id);
    if (!found)
      return notFound(path, text.articleNotFound, text.articleNotFoundDescription, {
        key: `article:${id}`,
        data: undefined,
        error: { status: 404, message: 'The requested article could not be found' },
      });
    // Any other address of the story (a UUID, an old slug) moves for good to its current one.
    if (found.canonicalPath !== path) return { redirect: found.canonicalPath };
    return {
      status: 200,
      head: { kind: 'article', story: found.story },
      initial: { key: `article:${id}`, data: presentArticle(found, await getStormContext(db, now), now, { translation }) },
      ssr: true,
    };
  }

  if (path === '/storm-centre') {
    return {
      status: 200,
      head: { kind: 'page', path, title: text.stormCentre, description: text.stormCentreDescription },
      initial: { key: 'storm-centre', data: await stormCentrePayload(db, now) },
      ssr: true,
    };
  }
  if (path === '/auth')
    return { status: 200, head: { kind: 'page', path, title: text.signIn, description: text.signInDescription, noindex: true }, initial: null, ssr: true };
  if (path === '/about') return { status: 200, head: { kind: 'page', path, title: text.about, description: text.aboutDescription }, initial: null, ssr: true };
  // A reader's own pages (they load their data in the browser, once signed in): not for crawlers.
  if (path === '/my-caribbean')
    return {
      status: 200,
      head: { kind: 'page', path, title: text.myCaribbean, description: text.myCaribbeanDescription, noindex: true },
      initial: null,
      ssr: true,
    };
  if (path === '/saved')
    return { status: 200, head: { kind: 'page', path, title: text.saved, description: text.savedDescription, noindex: true }, initial: null, ssr: true };
  if (path === '/account')
    return { status: 200, head: { kind: 'page', path, title: text.account, description: text.accountDescription, noindex: true }, initial: null, ssr: true };
  // The console renders in the browser only (it is for signed-in editors, not crawlers).
  if (/^\/(dashboard|admin|analytics)(\/|$)/.test(path)) {
    return { status: 200, head: { kind: 'page', path, title: text.console, description: text.consoleDescription, noindex: true }, initial: null, ssr: false };
  }
  return notFound(path, text.pageNotFound, text.pageNotFoundDescription, null);
}

function notFound(path: string, title: string, description: string, initial: InitialData): Page {
  return { status: 404, head: { kind: 'page', path, title, description, noindex: true }, initial, ssr: true };
}

/** The renderer, created on the first page request (the SSR bundle is imported then, not at start-up). */
export function lazyPageRenderer(deps: Parameters<typeof createPageRenderer>[0]): HtmlRenderer {
  let renderer: Promise<HtmlRenderer> | undefined;
  return (input) => {
    renderer ??= createPageRenderer(deps);
    return renderer.then((render) => render(input));
  };
}
