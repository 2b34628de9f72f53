import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubscriberByEmail } from '../core/newsletter/subscriber-repository';
import { startTestSmtpServer, type TestSmtpServer } from '../test/helpers/smtp-server';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/**
 * The e-mails a reader gets are in the language they read the site in (the c360_lang cookie when
 * they subscribed or signed up, kept on their record); without one, English.
 */
let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'C360 <news@c360.test>' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailTo = (address: string) => smtp.waitForMessage((m) => JSON.stringify(m.to ?? '').includes(address));

describe("newsletter confirmation in the subscriber's language", () => {
  it("a Spanish reader's confirmation is Spanish (subject and body); an English one stays English", async () => {
    const spanish = t.client();
    spanish.jar.set(spanish.host, 'c360_lang', 'ES');
    expect((await spanish.post('/api/newsletter/subscribe', { email: 'lector@example.org' })).status).toBe(202);
    const es = await mailTo('lector@example.org');
    expect(es.subject).toBe('Confirme su suscripción al boletín de C360');
    expect(es.text).toContain('Confírmelo abriendo este enlace:');
    expect(es.text).toContain('/newsletter/confirm?token=');
    expect(es.text).toMatch(/dese de baja aquí: http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?id=/);
    expect(es.text).not.toContain('Please confirm');
    expect((await findSubscriberByEmail(t.db.knex, 'lector@example.org'))?.language).toBe('es');
    // The link opens a Spanish page, even in a browser without the cookie (the record's language).
    const confirm = /http:\/\/[^\s]+\/newsletter\/confirm\?token=[^\s]+/.exec(es.text!)![0];
    const page = await (await fetch(confirm)).text();
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('Ya está suscrito');
    expect(page).toContain('Volver a C360');

    expect((await t.client().post('/api/newsletter/subscribe', { email: 'reader@example.org' })).status).toBe(202);
    const en = await mailTo('reader@example.org');
    expect(en.subject).toBe('Confirm your C360 newsletter subscription');
    expect(en.text).toContain('Please confirm by opening this link:');
    expect((await findSubscriberByEmail(t.db.knex, 'reader@example.org'))?.language).toBeNull();
  });
});

describe("account e-mail confirmation in the reader's language", () => {
  it('a reader who signed up in French gets the confirmation in French', async () => {
    const client = t.client();
    client.jar.set(client.host, 'c360_lang', 'FR');
    const signUp = await client.post('/api/auth/sign-up', { email: 'lectrice@example.org', password: 'brise-de-mer-2026' });
    expect(signUp.status).toBe(201);
    const { rows } = await t.db.knex.raw(`select language from users where email = 'lectrice@example.org'`);
    expect(rows[0].language).toBe('fr');
    expect((await client.post('/api/me/alerts', { kind: 'storm', scope: 'region', place: 'jamaica' })).status).toBe(201);
    const mail = await mailTo('lectrice@example.org');
    expect(mail.subject).toBe('Confirmez votre adresse e-mail pour les alertes C360');
    expect(mail.text).toContain('/account/confirm-email?token=');
    expect(mail.text).toContain('Le lien est valable 48 heures.');
  });
});
