import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../core/accounts/accounts';
import { createAlert } from '../core/alerts/alerts';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/open-database';
import { createStory } from '../test/factories/stories';
import { migratedDataDir, runCli } from '../test/helpers/run-cli';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer({ rejectRecipient: (a) => (a === 'refused@example.org' ? { code: 550, message: 'no such user' } : null) });
});
afterAll(() => smtp.close());

describe('newsletter and alerts commands (real binary, embedded database)', () => {
  it('explain themselves', async () => {
    const help = await runCli(['newsletter', '--help']);
    for (const sub of ['generate', 'send', 'status', 'retry', 'deliver', 'segments']) expect(help.stdout).toContain(sub);
    const bad = await runCli(['newsletter', 'send', 'x', '--segment', 'everyone']);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('must be one of general, diaspora-us, diaspora-uk, business, government');
  });

  it('generate, send to a segment once, report refusals; storm ingest dispatches alerts once', async () => {
    const dataDir = await migratedDataDir();
    const env = { C360_DATA_DIR: dataDir, SMTP_URL: smtp.url, SMTP_FROM: 'C360 <news@c360.test>', C360_PUBLIC_URL: 'https://news.c360.test' };
    const db = await openDatabase(loadConfig({ C360_DATA_DIR: dataDir }), { command: 'test seed' });
    await createStory(db.knex, {
      now: new Date(),
      daysAgo: 0,
      title: 'Port of Spain ferry service resumes',
      region: 'Trinidad and Tobago',
      auto_publish_eligible: true,
    });
    for (const [email, segments] of [
      ['cli.reader@example.org', ['general']],
      ['refused@example.org', ['general']],
      ['cli.uk@example.org', ['diaspora-uk']],
    ] as const) {
      await db.knex('newsletter_subscribers').insert({ email, status: 'confirmed', segments: [...segments] });
    }
    const owner = await addUser(db.knex, { email: 'cli.editor@c360.test', role: 'editor', password: 'correct horse 42' });
    await createAlert(db.knex, { owner, alert: { region: 'jamaica' }, now: new Date(Date.now() - 3_600_000) });
    await db.close();

    const generated = await runCli(['newsletter', 'generate', '--template', 'daily-digest', '--json'], { env });
    expect(generated.exitCode, generated.stderr).toBe(0);
    const newsletter = JSON.parse(generated.stdout);

    const sent = await runCli(['newsletter', 'send', newsletter.id, '--segment', 'general', '--json'], { env });
    expect(sent.exitCode, sent.stderr).toBe(1); // one address was refused
    const result = JSON.parse(sent.stdout);
    expect(result.send).toMatchObject({ recipients: 2, counts: { sent: 1, bounced: 1 } });
    expect(result.send.requested_by).toMatch(/^cli:newsletter send \(/);
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes('cli.reader@example.org'));
    expect(mail.html).toMatch(/href="https:\/\/news\.c360\.test\/article\/port-spain-ferry-service-resumes-trinidad-[0-9a-f]{8}\?utm_source=newsletter/);
    expect(mail.text).toContain('https://news.c360.test/newsletter/unsubscribe?id=');

    const status = await runCli(['newsletter', 'status', newsletter.id], { env });
    expect(status.stdout, status.stderr).toMatch(/general\s+2\s+1\s+0\s+1/);

    const storms = await runCli(['storms', 'ingest', '--samples', '--shift-dates-to-now', '--json'], { env });
    expect(storms.exitCode, storms.stderr).toBe(0);
    expect(JSON.parse(storms.stdout).alerts, storms.stderr).toEqual({ sent: 1, failed: 0, skipped: null });
    await smtp.waitForMessage((m) => JSON.stringify(m.to).includes('cli.editor@c360.test'));
    const dispatch = await runCli(['alerts', 'dispatch', '--json'], { env });
    expect(dispatch.exitCode, dispatch.stderr).toBe(0);
    expect(JSON.parse(dispatch.stdout)).toMatchObject({ sent: 0, failed: 0 });
  }, 90_000);
});
