import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/helpers/capture-logger';
import { openTestDatabase } from '../../test/helpers/test-database';
import { startTestApp, type TestApp } from '../../test/helpers/test-app';
import { serverErrorPage } from './error-page';
import { lazyPageRenderer } from './render-page';

/** A page whose server render throws: the site's error page, status 500, one log line with the request id. */
let t: TestApp;
const logs = captureLogger();

beforeAll(async () => {
  // A server bundle whose render always throws, as a page with a bug would.
  const dir = mkdtempSync(join(tmpdir(), 'c360-ssr-'));
  const ssrEntry = join(dir, 'entry-server.mjs');
  writeFileSync(ssrEntry, "export async function render() { throw new Error('render exploded'); }\n");
  const db = await openTestDatabase();
  t = await startTestApp({ db, logger: logs.logger, renderHtml: lazyPageRenderer({ db: db.knex, clock: () => new Date(), ssrEntry, logger: logs.logger }) });
});
afterAll(async () => {
  await t?.close();
  await t?.db.close();
});

describe('a page that throws while rendering on the server', () => {
  it('answers the error page with status 500 in the page language, and never caches it', async () => {
    for (const attempt of [1, 2]) {
      const res = await fetch(`${t.url}/about`, { headers: { cookie: 'c360_lang=ES' } });
      expect(res.status, `attempt ${attempt}`).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<title>Algo salió mal | C360 Inteligencia Caribeña</title>');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    }
  });

  it('is the shell with a message and a way home, complete, and without the app (which would try the page again)', () => {
    const shell = [
      '<!doctype html>',
      '<html lang="en">',
      '  <head>',
      '    <!--c360:head-->',
      '    <script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>',
      '    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/jsx-runtime-abc.js">',
      '    <style>body{margin:0}</style>',
      '  </head>',
      '  <body>',
      '    <div id="root"><!--c360:app--></div>',
      '    <!--c360:data-->',
      '  </body>',
      '</html>',
    ].join('\n');
    const html = serverErrorPage(shell, 'https://c360.example', 'FR', '/about');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<h1>Un problème est survenu</h1>');
    expect(html).toContain(`<a href="/" class="button">Retour à l'accueil</a>`);
    expect(html).not.toMatch(/<script|modulepreload|c360:/);
    expect(html.trim()).toMatch(/<\/html>$/);
  });

  it('logs the error once, with the request id', async () => {
    const before = logs.lines().length;
    const res = await fetch(`${t.url}/section/business`);
    expect(res.status).toBe(500);
    await res.text();
    const id = res.headers.get('x-request-id');
    expect(id).toBeTruthy();
    const lines = logs.lines().slice(before);
    const errors = lines.filter((line) => JSON.stringify(line).includes('render exploded'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ level: 50, req: { id }, res: { statusCode: 500 }, err: { message: 'render exploded' } });
    // Nothing else about this request at error level.
    expect(lines.filter((line) => line.level === 50)).toHaveLength(1);
  });
});
