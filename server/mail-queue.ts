import { dispatchAlerts } from '../core/alerts/alerts';
import type { Knex } from 'knex';
import type { Logger } from '../core/logger';
import type { Mailer } from '../core/mail/mailer';
import { processNewsletterQueue } from '../core/newsletter/newsletters';

/**
 * The server's outgoing mail: newsletter deliveries are worked right after an editor sends (kick),
 * and every minute the queue's due retries are worked and alerts are dispatched. One run at a
 * time in this process; other processes share the work safely (SKIP LOCKED claims, unique
 * alert deliveries). Nothing runs when SMTP is not configured.
 */
export type MailQueue = { kick: () => void; tick: () => Promise<void>; idle: () => Promise<void>; stop: () => Promise<void> };

export function startMailQueue(deps: {
  db: Knex;
  mailer: Mailer;
  secret: string;
  logger: Logger;
  clock: () => Date;
  alertOrigin: string;
  intervalMs?: number;
}): MailQueue {
  let running: Promise<void> | null = null;
  let again = false;
  let alertsAgain = false;
  let stopped = false;
  const queueDeps = { db: deps.db, mailer: deps.mailer, secret: deps.secret, logger: deps.logger, clock: deps.clock };

  const runOnce = async (withAlerts: boolean) => {
    const stats = await processNewsletterQueue(queueDeps);
    if (stats.claimed > 0 || stats.uncertain > 0) deps.logger.info({ ...stats }, 'newsletter queue worked');
    if (withAlerts) {
      const result = await dispatchAlerts({ ...queueDeps, origin: deps.alertOrigin });
      if (result.sent > 0 || result.failed > 0) deps.logger.info({ ...result }, 'alerts dispatched');
    }
  };
  const run = (withAlerts: boolean): Promise<void> => {
    if (stopped || !deps.mailer.configured) return Promise.resolve();
    if (running) {
      // Asked while a run is going: run once more after it (with alerts if any caller wanted them).
      again = true;
      alertsAgain ||= withAlerts;
      return running;
    }
    running = (async () => {
      try {
        let alerts = withAlerts;
        do {
          again = false;
          await runOnce(alerts);
          alerts = alertsAgain;
          alertsAgain = false;
        } while (again && !stopped);
      } catch (error) {
        deps.logger.error({ err: (error as Error).message }, 'mail queue run failed; the next run tries again');
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void run(true), deps.intervalMs ?? 60_000);
  timer.unref();
  return {
    kick: () => void run(false),
    tick: () => run(true),
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
