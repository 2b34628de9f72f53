import { Command } from 'commander';
import { dispatchAlerts, type DispatchResult } from '../../core/alerts/alerts';
import type { Config } from '../../core/config';
import type { Database } from '../../core/db/open-database';
import type { Logger } from '../../core/logger';
import { createMailer } from '../../core/mail/mailer';
import { withContext } from '../context';
import { printJson } from '../output';

/** The site's address for links in e-mails sent from the CLI: C360_PUBLIC_URL, else the serve address. */
export function mailOrigin(config: Config): string {
  return config.publicUrl ?? `http://${config.host}:${config.port}`;
}

/**
 * Sends the alert e-mails that events since the last dispatch call for. Called after `c360 storms
 * ingest`, after pipeline runs that publish, and on the schedule. Without SMTP it does nothing
 * (and says so in the result); a failure is logged and never fails the command that called it.
 */
export async function dispatchAlertsAfter(context: { config: Config; db: Database; logger: Logger }, after: string): Promise<DispatchResult | null> {
  const mailer = createMailer(context.config.smtp);
  try {
    const result = await dispatchAlerts({ db: context.db.knex, mailer, logger: context.logger, clock: () => new Date(), origin: mailOrigin(context.config) });
    if (result.sent || result.failed) context.logger.info({ after, ...result }, 'alerts dispatched');
    return result;
  } catch (error) {
    context.logger.warn({ after, err: (error as Error).message }, 'alert dispatch failed; the next run tries again');
    return null;
  } finally {
    mailer.close();
  }
}

export function alertsCommand(): Command {
  const command = new Command('alerts').description("editors' personal storm and news alerts (managed in the console's Alert Manager)");

  command
    .command('dispatch')
    .description(
      'e-mail every active alert that a storm advisory or a newly published story matches, once per alert and event, and retry failed alert e-mails that are due.\n' +
        'Only e-mail is delivered (WhatsApp and push are stored preferences). Safe to run as often as wanted, from several machines.',
    )
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext('alerts dispatch', async (context) => {
        const mailer = createMailer(context.config.smtp);
        try {
          const result = await dispatchAlerts({
            db: context.db.knex,
            mailer,
            logger: context.logger,
            clock: () => new Date(),
            origin: mailOrigin(context.config),
          });
          if (result.failed || result.skipped === 'mail_unavailable') process.exitCode = 1;
          if (options.json) return printJson(result);
          if (result.skipped === 'mail_unavailable') {
            process.stderr.write(
              'c360: SMTP is not configured, so no alert e-mails were sent.\n  Set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and SMTP_FROM.\n',
            );
            return;
          }
          console.log(
            `Looked at ${result.stormEvents} storm advisor${result.stormEvents === 1 ? 'y' : 'ies'} and ${result.storyEvents} published stor${result.storyEvents === 1 ? 'y' : 'ies'} since ${result.since}: ` +
              `${result.sent} e-mail(s) sent, ${result.failed} failed (retried later)${result.retried ? `, ${result.retried} retried` : ''}${result.skipped === 'no_alerts' ? ' (no active e-mail alerts)' : ''}.`,
          );
        } finally {
          mailer.close();
        }
      });
    });

  return command;
}
