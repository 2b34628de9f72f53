import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { createStory } from '../../test/factories/stories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { openTestDatabase } from '../../test/helpers/test-database';
import { generateNewsletter, processNewsletterQueue, sendNewsletter } from './newsletters';

let db: Database;
let smtp: TestSmtpServer;
const SECRET = 'newsletter-test-secret-newsletter-test-secret';

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await db.close();
});

describe('processNewsletterQueue', () => {
  it('when the SMTP server cannot be reached, stops, records the attempts made and gives the rest back untouched; later each person gets it once', async () => {
    await createStory(db.knex, {
      now: new Date(),
      daysAgo: 0,
      title: 'Antigua airport terminal opens',
      region: 'Antigua and Barbuda',
      auto_publish_eligible: true,
    });
    for (let i = 0; i < 8; i++)
      await db.knex('newsletter_subscribers').insert({ email: `queue-${i}@example.org`, status: 'confirmed', segments: ['business'] });
    const newsletter = await generateNewsletter(db.knex, { template: 'business-brief', actor: { email: 'desk@c360.test' }, now: new Date() });
    const { recipients } = await sendNewsletter(db.knex, {
      id: newsletter.id,
      segments: ['business'],
      origin: 'https://c360.test',
      actor: { email: 'desk@c360.test' },
      mailer: { configured: true },
      now: new Date(),
    });
    expect(recipients).toBe(8);

    const down = createMailer({ url: 'smtp://127.0.0.1:1', port: 587, from: 'x@c360.test' }, { pool: true, timeoutMs: 2_000 });
    const failed = await processNewsletterQueue({ db: db.knex, mailer: down, secret: SECRET, logger: silentLogger, clock: () => new Date() });
    down.close();
    expect(failed.sent).toBe(0);
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(failed.failed).toBeLessThanOrEqual(3); // those already started; nothing more once the server is known to be down
    const rows = await db.knex('newsletter_deliveries').where({ newsletter_id: newsletter.id }).select('status', 'attempts');
    expect(rows.filter((r) => r.status === 'failed').every((r) => r.attempts === 1)).toBe(true);
    expect(rows.filter((r) => r.status === 'queued').every((r) => r.attempts === 0)).toBe(true);
    expect(rows.filter((r) => r.status === 'queued').length).toBe(8 - failed.failed);

    const up = createMailer({ url: smtp.url, port: 587, from: 'C360 <news@c360.test>' }, { pool: true });
    try {
      const later = () => new Date(Date.now() + 2 * 60_000); // the failed ones are due again
      const sent = await processNewsletterQueue({ db: db.knex, mailer: up, secret: SECRET, logger: silentLogger, clock: later });
      expect(sent).toMatchObject({ sent: 8, failed: 0, finishedSends: 1 });
      expect(await processNewsletterQueue({ db: db.knex, mailer: up, secret: SECRET, logger: silentLogger, clock: later })).toMatchObject({ claimed: 0 });
    } finally {
      up.close();
    }
    await new Promise((r) => setTimeout(r, 200));
    const to = smtp.messages.map((m) => JSON.stringify(m.to));
    for (let i = 0; i < 8; i++) expect(to.filter((t) => t.includes(`queue-${i}@example.org`))).toHaveLength(1);
    expect((await db.knex('newsletters').where({ id: newsletter.id }).first()).status).toBe('sent');
  });
});

describe('generateNewsletter: the intro and each story say how it was checked', () => {
  it('a force-published single-source story is not counted as checked against two sources', async () => {
    const now = new Date();
    await db.knex('synced_content').delete();
    await createStory(db.knex, {
      now,
      daysAgo: 0,
      title: 'Caribbean Development Bank approves loan to Saint Lucia',
      region: 'Saint Lucia',
      auto_publish_eligible: true,
      sources: [
        { outlet: 'St Lucia Times', url: null, independent: true },
        { outlet: 'Caribbean Wire', url: null, independent: true },
      ],
      ai_fact_check_panel: [{ claim: 'The bank approved the loan.', resolved: true, verdict: 'corroborated' }],
    });
    await createStory(db.knex, {
      now,
      daysAgo: 0,
      title: 'Festival poster competition opens in Bridgetown',
      region: 'Barbados',
      auto_publish_eligible: true,
      human_verified: true,
      source_count: 1,
      source_list: ['Barbados Today'],
      triangulation_check: false,
      sources: [{ outlet: 'Barbados Today', url: null, independent: true }],
      audit_log: [{ action: 'manual_override_publish', user: 'desk@c360.test', timestamp: now.toISOString(), reason: 'Slow day' }],
    });
    const newsletter = await generateNewsletter(db.knex, { template: 'daily-digest', actor: { email: 'desk@c360.test' }, now });
    expect(newsletter.intro).toBe('2 stories from across the Caribbean today: 1 confirmed by two or more independent sources, 1 not independently confirmed.');
    const articles = newsletter.sections.flatMap((s) => s.articles);
    expect(Object.fromEntries(articles.map((a) => [a.title.split(' ')[0], a.verification]))).toEqual({
      Caribbean: 'independent_sources',
      Festival: 'unverified',
    });
  });
});
