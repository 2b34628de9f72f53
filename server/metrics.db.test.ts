import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRawItems, type FixtureItem } from '../test/factories/raw-items';
import { seedStorm } from '../test/factories/storms';
import { feedRoute, rss, startFeedHost, type FeedHost } from '../test/helpers/feed-host';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { addFeed } from '../core/feeds/feed-repository';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const TOKEN = 'metrics-token-0123456789';

let t: TestApp;
let editor: TestClient;
let smtp: TestSmtpServer;
let feeds: FeedHost;

beforeAll(async () => {
  // A reader whose address the SMTP server refuses for good makes one e-mail fail.
  smtp = await startTestSmtpServer({ rejectRecipient: (address) => (address.startsWith('refused') ? { code: 550, message: 'No such mailbox' } : null) });
  feeds = await startFeedHost({
    '/ok.xml': feedRoute({
      body: rss([{ title: 'Barbados budget passes', link: 'https://nation.example/budget', pubDate: 'Fri, 20 Nov 2026 10:00:00 GMT' }]),
      etag: '"v1"',
    }),
    '/not-xml': feedRoute({ body: '<html><body>moved</body></html>', contentType: 'text/html' }),
  });
  t = await startTestApp({ env: { C360_METRICS_TOKEN: TOKEN, SMTP_URL: smtp.url, SMTP_FROM: 'C360 <news@c360.test>', C360_ALLOW_PRIVATE_FEEDS: '1' } });
  editor = (await t.signedIn('editor')).client;
});
afterAll(async () => {
  await t.close();
  await feeds.close();
  await smtp.close();
});

const scrape = (token = TOKEN) => fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });

/** The value of one sample (name and labels as printed), or 0 when it is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function waitForRun(id: string) {
  for (let i = 0; i < 400; i++) {
    const { run } = await editor.json(await editor.get(`/api/console/pipeline/runs/${id}`));
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not finish');
}

describe('/metrics', () => {
  it('is refused without the token or with a wrong one', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    const wrong = await scrape('not-the-token-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    expect(await wrong.text()).not.toContain('c360_');
  });

  it('is not served at all when no token is configured', async () => {
    const other = await startTestApp();
    try {
      expect((await fetch(`${other.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('counts requests by route pattern, cache hits, pipeline stages, queues and the storm advisory age', async () => {
    const now = Date.now();
    await insertRawItems(
      t.db.knex,
      fixture.items.slice(0, 12).map((i, n) => {
        const at = new Date(now - 60_000 * (n + 1)).toISOString();
        return { outlet: i.outlet, title: i.title, summary: i.summary, published_at: at, created_at: at };
      }),
    );
    await seedStorm(t.db.knex, new Date(now - 3_600_000));
    const before = await (await scrape()).text();
    expect(sample(before, 'c360_queue_depth{stage="cluster"}')).toBe(12);

    const res = await editor.post('/api/console/pipeline/runs', { kind: 'full' });
    expect(res.status).toBe(202);
    const run = await waitForRun((await res.json()).run.id);
    expect(run.status).toBe('completed');
    for (let i = 0; i < 3; i++) expect((await fetch(`${t.url}/api/home`)).status).toBe(200);
    expect((await fetch(`${t.url}/api/articles/no-such-story`)).status).toBe(404);

    const res2 = await scrape();
    expect(res2.status).toBe(200);
    expect(res2.headers.get('content-type')).toContain('text/plain');
    const after = await res2.text();
    // Route patterns, never raw URLs.
    expect(sample(after, 'c360_http_requests_total{method="POST",route="/api/console/pipeline/runs",status="2xx"}')).toBe(1);
    expect(sample(after, 'c360_http_requests_total{method="GET",route="/api/articles/:id",status="4xx"}')).toBe(1);
    expect(after).not.toContain('no-such-story');
    const home =
      sample(after, 'c360_http_requests_total{method="GET",route="/api/home",status="2xx"}') +
      sample(after, 'c360_http_requests_total{method="GET",route="(fast lane)",status="2xx"}');
    expect(home).toBe(3);
    expect(after).toMatch(/^c360_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/api\/home",status="2xx"\} 1$/m);
    expect(sample(after, 'c360_response_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'c360_response_cache_misses_total')).toBeGreaterThanOrEqual(1);
    // The run went through the stages: items clustered, stories summarised with the (offline) AI provider.
    expect(sample(after, 'c360_pipeline_stage_items_total{stage="cluster",outcome="processed"}')).toBe(12);
    expect(sample(after, 'c360_pipeline_stage_items_total{stage="summarise",outcome="processed"}')).toBeGreaterThan(0);
    expect(sample(after, 'c360_pipeline_stage_duration_seconds_count{stage="cluster"}')).toBeGreaterThan(0);
    expect(sample(after, 'c360_ai_calls_total{task="summarise"}')).toBeGreaterThan(0);
    expect(sample(after, 'c360_queue_depth{stage="cluster"}')).toBe(0);
    expect(sample(after, 'c360_feeds{state="enabled"}')).toBe(0);
    expect(sample(after, 'c360_pipeline_runs_running')).toBe(0);
    expect(sample(after, 'c360_pipeline_last_run_end_timestamp_seconds{status="succeeded"}')).toBeGreaterThanOrEqual(Math.floor(now / 1000));
    expect(sample(after, 'c360_storm_advisory_age_seconds')).toBeGreaterThan(0);
    expect(sample(after, 'c360_database_figures_up')).toBe(1);
    expect(after).toContain('process_cpu_user_seconds_total');
  });

  it('counts feed fetches by outcome and names the failing feeds', async () => {
    const ok = await addFeed(t.db.knex, { url: feeds.url('/ok.xml'), outlet: 'Nation News', region: 'Barbados' });
    const missing = await addFeed(t.db.knex, { url: feeds.url('/gone.xml'), outlet: 'Gone Gazette', region: 'Jamaica' });
    const notFeed = await addFeed(t.db.knex, { url: feeds.url('/not-xml'), outlet: 'Html Herald', region: 'Guyana' });
    const before = await (await scrape()).text();

    const run = await waitForRun((await (await editor.post('/api/console/pipeline/runs', { kind: 'step', step: 'ingestion' })).json()).run.id);
    expect(run.status).toBe('completed');
    const after = await (await scrape()).text();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('c360_feed_fetches_total{outcome="ok",error=""}')).toBe(1);
    expect(moved('c360_feed_fetches_total{outcome="error",error="http_status"}')).toBe(1);
    expect(moved('c360_feed_fetches_total{outcome="error",error="parse"}')).toBe(1);
    expect(sample(after, `c360_feed_consecutive_errors{feed_id="${missing.id}",outlet="Gone Gazette"}`)).toBe(1);
    expect(sample(after, `c360_feed_consecutive_errors{feed_id="${notFeed.id}",outlet="Html Herald"}`)).toBe(1);
    expect(after).not.toContain(`feed_id="${ok.id}"`);
    expect(sample(after, 'c360_feeds{state="failing"}')).toBe(2);

    // Fetched again at once (due now), the good feed answers 304 to its validator; and a scheduled job fired.
    await t.db.knex('feeds').update({ next_fetch_at: new Date(Date.now() - 1000) });
    const fired = new Date('2026-11-27T12:15:00Z');
    await t.db.knex('schedule_runs').insert({ job: 'ingest', due_at: fired, claimed_by: 'test', claimed_at: fired });
    await waitForRun((await (await editor.post('/api/console/pipeline/runs', { kind: 'step', step: 'ingestion' })).json()).run.id);
    const again = await (await scrape()).text();
    expect(
      sample(again, 'c360_feed_fetches_total{outcome="not_modified",error=""}') - sample(before, 'c360_feed_fetches_total{outcome="not_modified",error=""}'),
    ).toBe(1);
    expect(sample(again, 'c360_schedule_last_run_timestamp_seconds{job="ingest"}')).toBe(fired.getTime() / 1000);
    expect(sample(again, `c360_feed_consecutive_errors{feed_id="${missing.id}",outlet="Gone Gazette"}`)).toBe(2);
  });

  it('counts e-mails sent and failed, by kind', async () => {
    const before = await (await scrape()).text();
    const reader = t.client();
    const subscribe = (email: string) => reader.post('/api/newsletter/subscribe', { email });
    expect((await subscribe('reader@example.org')).status).toBe(202);
    expect((await subscribe('refused@example.org')).status).toBe(202);
    await smtp.waitForMessage((m) => m.subject !== undefined && JSON.stringify(m.to).includes('reader@example.org'));
    // The confirmation goes out after the answer: wait until both attempts are counted.
    const series = (text: string, name: string) =>
      sample(text, `${name}{kind="newsletter_confirmation"}`) - sample(before, `${name}{kind="newsletter_confirmation"}`);
    let after = '';
    for (let i = 0; i < 100; i++) {
      after = await (await scrape()).text();
      if (series(after, 'c360_mail_sent_total') + series(after, 'c360_mail_failed_total') >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(series(after, 'c360_mail_sent_total')).toBe(1);
    expect(series(after, 'c360_mail_failed_total')).toBe(1);
  });
});
