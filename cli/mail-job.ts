import { loadOrCreateServerSecret } from '../core/accounts/server-secret';
import { dispatchAlerts } from '../core/alerts/alerts';
import { createMailer } from '../core/mail/mailer';
import { processNewsletterQueue } from '../core/newsletter/newsletters';
import { mailOrigin } from './commands/alerts';
import type { CommandContext } from './context';

/** The schedule's mail job: due newsletter deliveries and retries, then alert dispatch. A line to print, or null when idle. */
export async function runMailJob(context: CommandContext): Promise<string | null> {
  const mailer = createMailer(context.config.smtp, { pool: true });
  try {
    const clock = () => new Date();
    const queue = await processNewsletterQueue({
      db: context.db.knex,
      mailer,
      secret: loadOrCreateServerSecret(context.config),
      logger: context.logger,
      clock,
    });
    const alerts = await dispatchAlerts({ db: context.db.knex, mailer, logger: context.logger, clock, origin: mailOrigin(context.config) });
    if (queue.claimed === 0 && alerts.sent === 0 && alerts.failed === 0) return null;
    return `mail: newsletters ${queue.sent} sent, ${queue.failed} failed; alerts ${alerts.sent} sent, ${alerts.failed} failed`;
  } finally {
    mailer.close();
  }
}
