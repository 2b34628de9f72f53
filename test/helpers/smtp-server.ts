import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export type TestSmtpServer = {
  url: string;
  messages: ParsedMail[];
  waitForMessage: (predicate?: (mail: ParsedMail) => boolean, timeoutMs?: number) => Promise<ParsedMail>;
  close: () => Promise<void>;
};

/** `rejectRecipient` lets a test refuse an address at RCPT TO (e.g. 451 temporarily, 550 for good); null accepts. */
export type TestSmtpOptions = { rejectRecipient?: (address: string) => { code: number; message: string } | null };

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters: { predicate: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.rejectRecipient?.(address.address.toLowerCase());
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(mail)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: (predicate = () => true, timeoutMs = 10_000) => {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching e-mail arrived')), timeoutMs);
        waiters.push({ predicate, resolve: (mail) => (clearTimeout(timer), resolve(mail)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
