import type { Knex } from 'knex';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { OUTBOX_MAX_BYTES, storeCaughtMail } from '../../core/demo/outbox-repository';
import type { Logger } from '../../core/logger';

/**
 * The demo's mail catcher: an SMTP server on 127.0.0.1 (a free port) inside the demo process. C360's
 * mailer sends to it like to any SMTP server; every message is kept in demo_outbox (newest 500,
 * 1 MB a message) for the console's Outbox, and nothing leaves the machine.
 */
export type MailCatcher = { url: string; port: number; close: () => Promise<void> };

/** Raw bytes read from one message; past this the rest is drained and the message marked cut. */
const RAW_LIMIT = 4 * OUTBOX_MAX_BYTES;

export async function startMailCatcher(db: Knex, deps: { clock?: () => Date; logger: Logger; onStored?: (id: string) => void }): Promise<MailCatcher> {
  const clock = deps.clock ?? (() => new Date());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'C360 demo mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= RAW_LIMIT) chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) =>
            storeCaughtMail(
              db,
              {
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                from: mail.from?.text ?? null,
                to: Array.isArray(mail.to) ? mail.to.map((t) => t.text).join(', ') : (mail.to?.text ?? null),
                subject: mail.subject ?? null,
                text: mail.text ?? null,
                html: typeof mail.html === 'string' ? mail.html : null,
                sizeBytes: size,
                truncated: size > RAW_LIMIT,
              },
              clock(),
            ),
          )
          .then((id) => {
            deps.onStored?.(id);
            callback();
          })
          .catch((error: unknown) => {
            deps.logger.warn({ err: (error as Error).message }, 'demo mail catcher could not store a message');
            callback(Object.assign(new Error('The demo outbox could not store the message.'), { responseCode: 451 }));
          });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
