import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedRoute, rss, startFeedHost, type FeedHost } from '../../test/helpers/feed-host';
import { runCli, tempDataDir } from '../../test/helpers/run-cli';

/**
 * The real binary, end to end, in few spawns (each costs seconds): the use cases behind these
 * commands are tested in-process in core/ (registry, ingest, files, storms).
 */
let host: FeedHost;

beforeAll(async () => {
  host = await startFeedHost({
    '/good.xml': feedRoute({
      etag: '"g1"',
      body: rss([{ title: 'Budget &lt;b&gt;passes&lt;/b&gt;', link: 'https://x.example/a?utm_source=rss', guid: 'a-1', description: 'The House voted 21-3.' }]),
    }),
    // A 503 whose error page never ends: the fetch must drop it, and the command still exit.
    '/down': (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>busy</p>'.repeat(500)), 5);
      res.on('close', () => clearInterval(timer));
    },
  });
});
afterAll(() => host.close());

describe('c360 feeds, ingest and storms (end to end)', () => {
  it('imports feeds, ingests over HTTP and from stdin, lists the last error, reads storm advisories', async () => {
    const env = { C360_DATA_DIR: tempDataDir(), C360_ALLOW_PRIVATE_FEEDS: '1' };
    expect((await runCli(['db', 'migrate'], { env })).exitCode).toBe(0);

    const opml = join(mkdtempSync(join(tmpdir(), 'c360-opml-')), 'local.opml');
    writeFileSync(
      opml,
      `<opml version="2.0" xmlns:c360="urn:c360:opml:1"><body>
        <outline text="Kingston Ledger" xmlUrl="${host.url('/good.xml')}" c360:region="Jamaica" c360:ownerGroup="Ledger Media Group"/>
        <outline text="Busy Outlet" xmlUrl="${host.url('/down')}" c360:region="Barbados"/></body></opml>`,
    );
    const imported = await runCli(['feeds', 'import', opml, '--json'], { env });
    expect(imported.exitCode, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({ added: 2, updated: 0, feeds: 2 });

    const started = Date.now();
    const run = await runCli(['ingest', '--json'], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(JSON.parse(run.stdout)).toMatchObject({ feeds: 2, fetched: 1, failed: 1, itemsNew: 1 });
    expect(host.requests.find((r) => r.path === '/good.xml')!.headers['user-agent']).toMatch(/^C360\/\d+\.\d+\.\d+ \(/);

    const list = await runCli(['feeds', 'list'], { env });
    expect(list.stdout).toContain('LAST ERROR');
    expect(list.stdout).toMatch(/Busy Outlet.*failed 503.*HTTP 503/);

    const fromStdin = await runCli(['ingest', '--file', '-', '--outlet', 'Castries Voice', '--json'], {
      env,
      input: readFileSync(new URL('../../test/fixtures/feeds/atom.xml', import.meta.url), 'utf8'),
    });
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ itemsNew: 2 });

    const storms = await runCli(['storms', 'ingest', '--samples', '--shift-dates-to-now', '--json'], { env });
    expect(storms.exitCode, storms.stderr).toBe(0);
    expect(JSON.parse(storms.stdout)).toMatchObject({ documents: 4, storms: 7, skipped: [] });
  }, 120_000);

  it("prints a malformed document's error as JSON on stdout with --json, and exits 1", async () => {
    const env = { C360_DATA_DIR: tempDataDir() };
    expect((await runCli(['db', 'migrate'], { env })).exitCode).toBe(0);
    const bad = fileURLToPath(new URL('../../test/fixtures/feeds/invalid.xml', import.meta.url));
    const run = await runCli(['ingest', '--file', bad, '--outlet', 'Broken Outlet', '--json'], { env });
    expect(run.exitCode).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ feeds: 1, fetched: 0, failed: 1, itemsNew: 0, error: { code: 'invalid_input' } });
    expect(out.results[0]).toMatchObject({ outlet: 'Broken Outlet', status: 'failed' });
    expect(out.error.message).toMatch(/not well-formed XML/);
    expect(out.results[0].error).toBe(out.error.message);
    expect(run.stderr).not.toMatch(/at .*\.ts:/);
  }, 120_000);
});
