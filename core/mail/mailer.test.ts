import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/helpers/smtp-server';
import { createMailer, mailAddress, type Mailer } from './mailer';

let smtp: TestSmtpServer;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  mailer = createMailer({ url: smtp.url, port: 0, from: 'C360 <news@c360.test>' });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

describe('the mailer takes an address object, never a string nodemailer would parse', () => {
  it('delivers to the address alone, whatever the display name says', async () => {
    await mailer.send({ kind: 'alert', to: mailAddress('reader@example.org', 'Smith, <editor@x.test>'), subject: 'One', text: 'One.' });
    const mail = await smtp.waitForMessage((m) => m.subject === 'One');
    const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : mail.to!.value;
    expect(to.map((a) => a.address)).toEqual(['reader@example.org']);
  });

  it.each(['editor@x.test, other@x.test', 'x<editor@x.test>', 'edi\u200btor@x.test', 'ｅditor@x.test'])(
    'refuses the recipient %j with invalid_email and sends nothing',
    async (address) => {
      const before = smtp.messages.length;
      await expect(mailer.send({ kind: 'alert', to: { address, name: '' }, subject: 'Never', text: 'Never.' })).rejects.toMatchObject({
        code: 'invalid_email',
      });
      expect(smtp.messages.length).toBe(before);
    },
  );
});
