/**
 * Newsletter send throughput to a local SMTP server (smtp-server on 127.0.0.1):
 *
 *   reference: 50 messages with a new SMTP connection each (a mailer without a pool)
 *   baseline: the same message, personalised, sent N times, 3 at once, through the pooled mailer
 *             that newsletters use (nodemailer pool, 3 connections), no database
 *   C360:     a real send of a generated newsletter to N confirmed subscribers: queue in one
 *             transaction, claim in batches with a lease, personalise (unsubscribe link),
 *             send, record each outcome
 *
 * Prints recipients/s for both, the ratio C360/baseline, and the time to render the MJML once.
 * Never fails on a time.
 *
 *   npm run bench:newsletter                          # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npm run bench:newsletter  # a fresh schema on that server
 *   BENCH_RECIPIENTS=5000 npm run bench:newsletter
 */
import { SMTPServer } from 'smtp-server';
import { silentLogger } from '../core/logger';
import { createMailer } from '../core/mail/mailer';
import { generateNewsletter, processNewsletterQueue, sendNewsletter } from '../core/newsletter/newsletters';
import { personalise, renderNewsletterEmail } from '../core/newsletter/render-email';
import { insertStoriesBulk } from '../core/stories/story-repository';
import { openBenchDatabase } from './bench-database';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1000);
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  const single = createMailer({ url, port: 587, from: 'C360 <bench@c360.test>' });
  const mailer = createMailer({ url, port: 587, from: 'C360 <bench@c360.test>' }, { pool: true });
  const db = await openBenchDatabase();
  try {
    const now = new Date();
    await insertStoriesBulk(
      db.knex,
      Array.from({ length: 60 }, (_, i) => ({
        slug: `bench-story-${i}`,
        title: `Bench story ${i} about ${['tourism', 'trade', 'remittances', 'cricket'][i % 4]} in the region`,
        summary: 'A verified story used to measure newsletter sends, two sentences long. It has a summary.',
        region: ['Jamaica', 'Barbados', 'Trinidad and Tobago', 'Bahamas'][i % 4],
        tags: i % 3 ? ['economy'] : ['diaspora'],
        urgency: i % 7 === 0 ? 90 : 50,
        pipeline_stage: 'published' as const,
        status: 'published',
        published_at: new Date(now.getTime() - i * 60_000).toISOString(),
        auto_publish_eligible: true,
        source_count: 2,
        triangulation_check: true,
      })),
    );
    for (let i = 0; i < RECIPIENTS; i += 500) {
      const rows = Array.from({ length: Math.min(500, RECIPIENTS - i) }, (_, j) => ({
        email: `reader-${i + j}@bench.example`,
        status: 'confirmed',
        segments: ['general'],
      }));
      await db.knex('newsletter_subscribers').insert(rows);
    }
    const newsletter = await generateNewsletter(db.knex, { template: 'daily-digest', actor: { email: 'bench@c360.test' }, now });

    let t = performance.now();
    const rendered = await renderNewsletterEmail(newsletter, { origin: 'https://c360.example', now });
    const renderMs = performance.now() - t;

    // Reference: a new SMTP connection per message (what a mailer without a pool does), 50 messages.
    t = performance.now();
    for (let i = 0; i < 50; i++)
      await single.send({
        kind: 'newsletter',
        to: { address: `single-${i}@bench.example`, name: '' },
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
    const singleRate = (50 / (performance.now() - t)) * 1000;

    // Baseline: the same message, personalised the same way, N times through the pooled mailer.
    t = performance.now();
    let nextMessage = 0;
    const sender = async () => {
      for (let i = nextMessage++; i < RECIPIENTS; i = nextMessage++) {
        const email = personalise(rendered, `https://c360.example/newsletter/unsubscribe?id=${i}&token=x`);
        await mailer.send({
          kind: 'newsletter',
          to: { address: `reader-${i}@bench.example`, name: '' },
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
      }
    };
    await Promise.all([sender(), sender(), sender()]); // 3 at once, as C360 sends
    const baselineMs = performance.now() - t;

    const before = received;
    t = performance.now();
    const { recipients } = await sendNewsletter(db.knex, {
      id: newsletter.id,
      segments: ['general'],
      origin: 'https://c360.example',
      actor: { email: 'bench@c360.test' },
      mailer,
      now: new Date(),
    });
    const stats = await processNewsletterQueue({ db: db.knex, mailer, secret: SECRET, logger: silentLogger, clock: () => new Date() });
    const c360Ms = performance.now() - t;

    const baselineRate = (RECIPIENTS / baselineMs) * 1000;
    const c360Rate = (recipients / c360Ms) * 1000;
    console.log(`Newsletter send to ${fmt(RECIPIENTS)} subscribers on ${db.label}, SMTP on 127.0.0.1`);
    console.log(`  MJML render (once per newsletter):   ${fmt(renderMs, 1)} ms, ${fmt(rendered.html.length)} bytes of HTML`);
    console.log(`  a connection per message:            ${fmt(singleRate)} messages/s`);
    console.log(`  baseline (pooled mailer alone):      ${fmt(baselineRate)} messages/s`);
    console.log(
      `  C360 send (queue, claim, send, record): ${fmt(c360Rate)} recipients/s (${stats.sent} sent, ${stats.failed} failed; ${received - before} received)`,
    );
    console.log(`  ratio C360/baseline:                 ${fmt(c360Rate / baselineRate, 2)}`);
  } finally {
    mailer.close();
    single.close();
    await db.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

await main();
