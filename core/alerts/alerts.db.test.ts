import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '../accounts/accounts';
import type { User } from '../accounts/user';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { ingestStormDocuments, type StormDocument } from '../storms/ingest-storms';
import { createStory } from '../../test/factories/stories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { openTestDatabase } from '../../test/helpers/test-database';
import { alertHistory, createAlert, deleteAlert, dispatchAlerts, listAlerts, MAX_CONSOLE_ALERTS, setAlertEnabled } from './alerts';

let db: Database;
let smtp: TestSmtpServer;
let mailer: Mailer;
let editor: User;
let other: User;
const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const STORMS = ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(sample);
const hourAgo = () => new Date(Date.now() - 3_600_000);
const dispatch = () => dispatchAlerts({ db: db.knex, mailer, logger: silentLogger, clock: () => new Date(), origin: 'https://c360.test' });
const mailTo = (email: string) => smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ url: smtp.url, port: 587, from: 'C360 <alerts@c360.test>' });
  editor = await addUser(db.knex, { email: 'forecaster@c360.test', role: 'editor', password: 'correct horse 42' });
  other = await addUser(db.knex, { email: 'someone-else@c360.test', role: 'editor', password: 'correct horse 42' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await db.close();
});
beforeEach(async () => {
  for (const table of ['alert_deliveries', 'alerts', 'job_cursors', 'storm_alerts', 'storm_advisories', 'storms', 'synced_content'])
    await db.knex(table).delete();
  smtp.messages.length = 0;
});

describe('personal alerts', () => {
  it('belong to their owner: create, list, disable, enable, delete; nobody else can touch them', async () => {
    const alert = await createAlert(db.knex, {
      owner: editor,
      alert: { region: 'barbados', storm_types: ['Hurricane'], notification_methods: ['email', 'push'] },
      now: new Date(),
    });
    expect(alert).toMatchObject({
      region: 'barbados',
      alert_level: 'medium',
      storm_types: ['Hurricane'],
      notification_methods: ['email', 'push'],
      is_active: true,
      deliveries: 0,
    });
    expect((await listAlerts(db.knex, editor)).map((a) => a.id)).toEqual([alert.id]);
    expect(await listAlerts(db.knex, other)).toEqual([]);
    await expect(setAlertEnabled(db.knex, { owner: other, id: alert.id, active: false, now: new Date() })).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteAlert(db.knex, { owner: other, id: alert.id })).rejects.toMatchObject({ code: 'not_found' });
    expect((await setAlertEnabled(db.knex, { owner: editor, id: alert.id, active: false, now: new Date() })).is_active).toBe(false);
    expect((await setAlertEnabled(db.knex, { owner: editor, id: alert.id, active: true, now: new Date() })).is_active).toBe(true);
    await deleteAlert(db.knex, { owner: editor, id: alert.id });
    expect(await listAlerts(db.knex, editor)).toEqual([]);
    await expect(createAlert(db.knex, { owner: editor, alert: { region: 'atlantis' }, now: new Date() })).rejects.toThrow();
    await expect(deleteAlert(db.knex, { owner: editor, id: "1' or '1'='1" })).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('dispatchAlerts', () => {
  it('e-mails once per alert and storm advisory; not for a disabled alert, another region, or a push-only alert', async () => {
    const jamaica = await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica' }, now: hourAgo() });
    const disabled = await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', storm_types: ['Hurricane'] }, now: hourAgo() });
    await setAlertEnabled(db.knex, { owner: editor, id: disabled.id, active: false, now: hourAgo() });
    await createAlert(db.knex, { owner: other, alert: { region: 'barbados' }, now: hourAgo() });
    await createAlert(db.knex, { owner: other, alert: { region: 'jamaica', notification_methods: ['push', 'whatsapp'] }, now: hourAgo() });
    const regional = await createAlert(db.knex, {
      owner: other,
      alert: { region: 'caribbean', alert_level: 'critical', storm_types: ['Hurricane'] },
      now: hourAgo(),
    });

    await ingestStormDocuments(db.knex, { clock: () => new Date(), logger: silentLogger }, STORMS, { shiftDatesToNow: true });
    const first = await dispatch();
    expect(first).toMatchObject({ stormEvents: 1, sent: 2, failed: 0 });
    await smtp.waitForMessage((m) => JSON.stringify(m.to).includes('someone-else'));

    const mine = mailTo('forecaster@c360.test');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('C360 alert: Hurricane Watch for Jamaica: Hurricane Keron, advisory 14');
    expect(mine[0]!.text).toContain('HURRICANE WATCH: Jamaica (medium)');
    expect(mine[0]!.text).toContain('https://c360.test/storm-centre');
    const theirs = mailTo('someone-else@c360.test');
    expect(theirs).toHaveLength(1); // the Regional critical alert: the hurricane warnings for Haiti and the Dominican Republic
    expect(theirs[0]!.text).toMatch(/HURRICANE WARNING: .*\(critical\)/);
    expect(theirs[0]!.text).not.toContain('Jamaica (medium)');

    // Run again, and ingest the same advisory again: nothing new goes out.
    expect(await dispatch()).toMatchObject({ sent: 0 });
    await ingestStormDocuments(db.knex, { clock: () => new Date(), logger: silentLogger }, STORMS, { shiftDatesToNow: true });
    expect(await dispatch()).toMatchObject({ sent: 0, matched: 2 });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages).toHaveLength(2);
    expect((await listAlerts(db.knex, editor)).find((a) => a.id === jamaica.id)).toMatchObject({ deliveries: 1 });
    expect(await alertHistory(db.knex, { owner: editor, id: disabled.id })).toEqual([]);
    expect((await alertHistory(db.knex, { owner: other, id: regional.id })).map((d) => [d.event_kind, d.status])).toEqual([['storm', 'sent']]);
  });

  it('e-mails once for a matching published story, not for another region, a lower level or a story published before the alert', async () => {
    await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', alert_level: 'high', storm_types: ['Flood'] }, now: hourAgo() });
    const now = new Date();
    const match = await createStory(db.knex, {
      now,
      daysAgo: 0,
      title: 'Flash flooding cuts off Portland communities',
      region: 'Jamaica',
      ai_risk_level: 'high',
      urgency: 70,
    });
    await createStory(db.knex, { now, daysAgo: 0, title: 'Flooding in Bridgetown', region: 'Barbados', ai_risk_level: 'critical' });
    await createStory(db.knex, { now, daysAgo: 0, title: 'Minor flooding on a Kingston street', region: 'Jamaica', ai_risk_level: 'low', urgency: 20 });
    await createStory(db.knex, { now, daysAgo: 0.2, title: 'Earlier floods in Jamaica', region: 'Jamaica', ai_risk_level: 'critical' });
    await createStory(db.knex, { now, daysAgo: 0, title: 'Budget debate in Kingston', region: 'Jamaica', ai_risk_level: 'critical' });

    expect(await dispatch()).toMatchObject({ storyEvents: 5, sent: 1 });
    const mail = await smtp.waitForMessage();
    expect(mail.subject).toBe('C360 alert: Flash flooding cuts off Portland communities');
    expect(mail.text).toContain(`https://c360.test/article/${match.slug}-`);
    expect(await dispatch()).toMatchObject({ sent: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('records a failed e-mail and retries it when due; does nothing without SMTP', async () => {
    await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', alert_level: 'low' }, now: hourAgo() });
    await createStory(db.knex, { now: new Date(), daysAgo: 0, title: 'Kingston water main repaired', region: 'Jamaica' });
    const noMail = createMailer(undefined);
    expect(await dispatchAlerts({ db: db.knex, mailer: noMail, logger: silentLogger, clock: () => new Date(), origin: 'https://c360.test' })).toMatchObject({
      skipped: 'mail_unavailable',
      sent: 0,
    });

    const down = createMailer({ url: 'smtp://127.0.0.1:1', port: 587, from: 'x@c360.test' }, { timeoutMs: 2_000 });
    const failed = await dispatchAlerts({ db: db.knex, mailer: down, logger: silentLogger, clock: () => new Date(), origin: 'https://c360.test' });
    expect(failed).toMatchObject({ sent: 0, failed: 1 });
    const row = await db.knex('alert_deliveries').first();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now());

    // Not yet due: nothing; due: sent once, by the working server.
    expect(await dispatch()).toMatchObject({ retried: 0, sent: 0 });
    const later = () => new Date(Date.now() + 2 * 60_000);
    expect(await dispatchAlerts({ db: db.knex, mailer, logger: silentLogger, clock: later, origin: 'https://c360.test' })).toMatchObject({
      retried: 1,
      sent: 1,
    });
    expect(await dispatchAlerts({ db: db.knex, mailer, logger: silentLogger, clock: later, origin: 'https://c360.test' })).toMatchObject({
      retried: 0,
      sent: 0,
    });
    expect((await db.knex('alert_deliveries').first()).status).toBe('sent');
    await smtp.waitForMessage();
    expect(smtp.messages).toHaveLength(1);
  });
});

describe('console alerts: capped and de-duplicated (issue 25, item 6)', () => {
  it('refuses the same alert twice (in any order) and more than 20 per editor', async () => {
    await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', storm_types: ['Hurricane', 'Tropical Storm'] }, now: new Date() });
    await expect(
      createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', storm_types: ['Tropical Storm', 'Hurricane', 'Hurricane'] }, now: new Date() }),
    ).rejects.toMatchObject({ code: 'conflict', message: 'You already have this alert.' });
    // Another owner may have the same alert.
    await createAlert(db.knex, { owner: other, alert: { region: 'jamaica', storm_types: ['Hurricane', 'Tropical Storm'] }, now: new Date() });
    const levels = ['low', 'medium', 'high', 'critical'] as const;
    const regions = ['caribbean', 'jamaica', 'barbados', 'trinidad', 'bahamas'] as const;
    let created = 1;
    for (const region of regions)
      for (const alert_level of levels) {
        if (created === MAX_CONSOLE_ALERTS) break;
        if (region === 'jamaica' && alert_level === 'medium') continue;
        await createAlert(db.knex, { owner: editor, alert: { region, alert_level }, now: new Date() });
        created++;
      }
    expect(await listAlerts(db.knex, editor)).toHaveLength(MAX_CONSOLE_ALERTS);
    await expect(createAlert(db.knex, { owner: editor, alert: { region: 'jamaica', alert_level: 'medium' }, now: new Date() })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await listAlerts(db.knex, editor)).toHaveLength(MAX_CONSOLE_ALERTS);
  });
});
