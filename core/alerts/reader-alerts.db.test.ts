import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addUser } from '../accounts/accounts';
import type { User } from '../accounts/user';
import type { Database } from '../db/open-database';
import { silentLogger } from '../logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { setFollows } from '../readers/readers';
import { ingestStormDocuments, type StormDocument } from '../storms/ingest-storms';
import { createStory } from '../../test/factories/stories';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { openTestDatabase } from '../../test/helpers/test-database';
import { createAlert, dispatchAlerts, listAlerts } from './alerts';
import { createReaderAlert, deleteReaderAlert, listReaderAlerts, setReaderAlertEnabled } from './reader-alerts';

let db: Database;
let smtp: TestSmtpServer;
let mailer: Mailer;
let reader: User;
let other: User;
let editor: User;
const sample = (name: string): StormDocument => ({ label: name, text: readFileSync(new URL(`../../data/samples/storms/${name}`, import.meta.url), 'utf8') });
const STORMS = ['CurrentStorms-previous.json', 'index-at-previous.xml', 'CurrentStorms.json', 'index-at.xml'].map(sample);
const hourAgo = () => new Date(Date.now() - 3_600_000);
const dispatch = () => dispatchAlerts({ db: db.knex, mailer, logger: silentLogger, clock: () => new Date(), origin: 'https://c360.test' });
const mailTo = (email: string) => smtp.messages.filter((m) => JSON.stringify(m.to).includes(email));

beforeAll(async () => {
  db = await openTestDatabase();
  smtp = await startTestSmtpServer();
  mailer = createMailer({ url: smtp.url, port: 587, from: 'C360 <alerts@c360.test>' });
  reader = await addUser(db.knex, { email: 'island-reader@c360.test', role: 'reader', password: 'correct horse 42' });
  other = await addUser(db.knex, { email: 'second-reader@c360.test', role: 'reader', password: 'correct horse 42' });
  editor = await addUser(db.knex, { email: 'desk-editor@c360.test', role: 'editor', password: 'correct horse 42' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
  await db.close();
});
beforeEach(async () => {
  for (const table of ['alert_deliveries', 'alerts', 'job_cursors', 'reader_follows', 'storm_alerts', 'storm_advisories', 'storms', 'synced_content'])
    await db.knex(table).delete();
  smtp.messages.length = 0;
});

describe('reader alerts', () => {
  it('belong to their reader: another reader gets not_found, and the console never lists them', async () => {
    const alert = await createReaderAlert(db.knex, { owner: reader, alert: { kind: 'story', scope: 'follows' }, now: new Date() });
    expect(alert).toMatchObject({ kind: 'story', scope: 'follows', place: null, region: null, alert_level: 'low', is_active: true });
    expect((await listReaderAlerts(db.knex, reader)).map((a) => a.id)).toEqual([alert.id]);
    expect(await listReaderAlerts(db.knex, other)).toEqual([]);
    await expect(setReaderAlertEnabled(db.knex, { owner: other, id: alert.id, active: false, now: new Date() })).rejects.toMatchObject({ code: 'not_found' });
    await expect(deleteReaderAlert(db.knex, { owner: other, id: alert.id })).rejects.toMatchObject({ code: 'not_found' });
    expect((await setReaderAlertEnabled(db.knex, { owner: reader, id: alert.id, active: false, now: new Date() })).is_active).toBe(false);

    // An editor's reader alerts stay out of their Alert Manager, and console alerts out of the reader's list.
    await createReaderAlert(db.knex, { owner: editor, alert: { kind: 'storm', scope: 'region', place: 'haiti' }, now: new Date() });
    const consoleAlert = await createAlert(db.knex, { owner: editor, alert: { region: 'jamaica' }, now: new Date() });
    expect((await listAlerts(db.knex, editor)).map((a) => a.id)).toEqual([consoleAlert.id]);
    expect((await listReaderAlerts(db.knex, editor)).map((a) => a.place)).toEqual(['haiti']);
    await expect(deleteReaderAlert(db.knex, { owner: editor, id: consoleAlert.id })).rejects.toMatchObject({ code: 'not_found' });

    await deleteReaderAlert(db.knex, { owner: reader, id: alert.id });
    expect(await listReaderAlerts(db.knex, reader)).toEqual([]);
  });

  it('e-mails a reader once when a story in a followed island or topic is published; not for other places, drafts or a disabled alert', async () => {
    await setFollows(db.knex, { reader, follows: { regions: ['jamaica'], topics: ['business'] }, now: hourAgo() });
    await createReaderAlert(db.knex, { owner: reader, alert: { kind: 'story', scope: 'follows' }, now: hourAgo() });
    const off = await createReaderAlert(db.knex, { owner: other, alert: { kind: 'story', scope: 'region', place: 'jamaica' }, now: hourAgo() });
    await setReaderAlertEnabled(db.knex, { owner: other, id: off.id, active: false, now: hourAgo() });

    const now = new Date();
    const jamaica = await createStory(db.knex, { now, daysAgo: 0, title: 'Montego Bay airport adds routes', region: 'Jamaica' });
    const business = await createStory(db.knex, { now, daysAgo: 0, title: 'Barbados bank posts record profit', region: 'Barbados', tags: ['finance'] });
    await createStory(db.knex, { now, daysAgo: 0, title: 'Haiti school reopens', region: 'Haiti' });
    await createStory(db.knex, { now, daysAgo: 0, title: 'Jamaica draft story', region: 'Jamaica', pipeline_stage: 'drafted', published_at: null });

    expect(await dispatch()).toMatchObject({ storyEvents: 3, sent: 2, failed: 0 });
    await smtp.waitForMessage((m) => m.subject === `C360 alert: ${business.title}`);
    const mine = mailTo('island-reader@c360.test');
    expect(mine.map((m) => m.subject).sort()).toEqual([`C360 alert: ${business.title}`, `C360 alert: ${jamaica.title}`].sort());
    const mail = mine.find((m) => m.subject?.includes(jamaica.title))!;
    expect(mail.text).toContain('new stories about the islands you follow (Jamaica), and on business');
    expect(mail.text).toContain(`https://c360.test/article/${jamaica.slug}-`);
    expect(mail.text).toContain('Manage your alerts: https://c360.test/account#alerts');
    expect(mailTo('second-reader@c360.test')).toEqual([]);
    expect(await dispatch()).toMatchObject({ sent: 0 });
  });

  it('e-mails a reader a storm advisory threatening an island they follow, not one they do not', async () => {
    await setFollows(db.knex, { reader, follows: { regions: ['jamaica'], topics: [] }, now: hourAgo() });
    await setFollows(db.knex, { reader: other, follows: { regions: ['barbados'], topics: [] }, now: hourAgo() });
    await createReaderAlert(db.knex, { owner: reader, alert: { kind: 'storm', scope: 'follows' }, now: hourAgo() });
    await createReaderAlert(db.knex, { owner: other, alert: { kind: 'storm', scope: 'follows' }, now: hourAgo() });

    await ingestStormDocuments(db.knex, { clock: () => new Date(), logger: silentLogger }, STORMS, { shiftDatesToNow: true });
    expect(await dispatch()).toMatchObject({ stormEvents: 1, sent: 1 });
    const mail = await smtp.waitForMessage();
    expect(JSON.stringify(mail.to)).toContain('island-reader@c360.test');
    expect(mail.subject).toBe('C360 alert: Hurricane Watch for Jamaica: Hurricane Keron, advisory 14');
    expect(mail.text).toContain('storm watches and warnings for the islands you follow (Jamaica)');
    expect(mailTo('second-reader@c360.test')).toEqual([]);
  });

  it("e-mails a reader in their language (users.language): Spanish here, the story's own words kept", async () => {
    await db.knex('users').where({ id: other.id }).update({ language: 'es' });
    try {
      await setFollows(db.knex, { reader: other, follows: { regions: ['jamaica'], topics: [] }, now: hourAgo() });
      await createReaderAlert(db.knex, { owner: other, alert: { kind: 'story', scope: 'follows' }, now: hourAgo() });
      await createReaderAlert(db.knex, { owner: other, alert: { kind: 'storm', scope: 'follows' }, now: hourAgo() });
      const story = await createStory(db.knex, { now: new Date(), daysAgo: 0, title: 'Montego Bay airport adds routes', region: 'Jamaica' });
      await ingestStormDocuments(db.knex, { clock: () => new Date(), logger: silentLogger }, STORMS, { shiftDatesToNow: true });
      expect(await dispatch()).toMatchObject({ sent: 2, failed: 0 });
      await smtp.waitForMessage((m) => m.subject === `Alerta de C360: ${story.title}`);
      const storyMail = mailTo('second-reader@c360.test').find((m) => m.subject === `Alerta de C360: ${story.title}`)!;
      expect(storyMail.text).toContain(
        'Se acaba de publicar una noticia que coincide con su alerta de C360 de noticias nuevas sobre las islas que sigue (Jamaica).',
      );
      expect(storyMail.text).toContain('Gestione sus alertas: https://c360.test/account#alerts');
      const stormMail = await smtp.waitForMessage((m) => m.subject?.startsWith('Alerta de C360: Vigilancia de huracán para Jamaica') === true);
      expect(stormMail.subject).toBe('Alerta de C360: Vigilancia de huracán para Jamaica: Huracán Keron, boletín 14');
      expect(stormMail.text).toContain('km/h');
      expect(stormMail.text).not.toContain('Your C360 alert');
    } finally {
      await db.knex('users').where({ id: other.id }).update({ language: null });
    }
  });
});
