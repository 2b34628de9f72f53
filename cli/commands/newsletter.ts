import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../../core/actor';
import { C360Error } from '../../core/errors';
import { createMailer } from '../../core/mail/mailer';
import { listAudienceSegments } from '../../core/newsletter/audience';
import { listNewsletters } from '../../core/newsletter/newsletter-repository';
import {
  generateNewsletter,
  processNewsletterQueue,
  requireNewsletter,
  retryNewsletterDeliveries,
  sendNewsletter,
  type QueueStats,
} from '../../core/newsletter/newsletters';
import { getSend, listSends } from '../../core/newsletter/send-repository';
import { loadOrCreateServerSecret } from '../../core/accounts/server-secret';
import { SEGMENTS, TEMPLATES } from '../../core/newsletter/templates';
import { withContext, type CommandContext } from '../context';
import { printJson } from '../output';
import { printRows } from '../print-rows';
import { mailOrigin } from './alerts';

function collectSegment(value: string, previous: string[] = []): string[] {
  if (!(SEGMENTS as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${SEGMENTS.join(', ')}.`);
  return [...previous, value];
}

function queueDeps(context: CommandContext, mailer: ReturnType<typeof createMailer>) {
  return { db: context.db.knex, mailer, secret: loadOrCreateServerSecret(context.config), logger: context.logger, clock: () => new Date() };
}

function statsLine(stats: QueueStats): string {
  return `${stats.sent} sent, ${stats.failed} failed (retried later), ${stats.bounced} refused, ${stats.skipped} skipped${stats.uncertain ? `, ${stats.uncertain} marked uncertain (interrupted earlier)` : ''}`;
}

function requireMail(context: CommandContext) {
  const mailer = createMailer(context.config.smtp, { pool: true });
  if (!mailer.configured) {
    throw new C360Error('mail_unavailable', 'SMTP is not configured, so newsletters cannot be sent.', {
      hint: 'Set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and SMTP_FROM.',
    });
  }
  return mailer;
}

export function newsletterCommand(): Command {
  const command = new Command('newsletter').description(
    'newsletters: generate from a template, send to subscriber segments through SMTP, retry failed deliveries',
  );

  command
    .command('list')
    .description('recent newsletters with their status')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext('newsletter list', async ({ db }) => {
        const { items } = await listNewsletters(db.knex, { offset: 0, limit: 50 });
        await printRows(
          items,
          [
            { header: 'ID', value: (n) => n.id },
            { header: 'STATUS', value: (n) => n.status },
            { header: 'TEMPLATE', value: (n) => n.template },
            { header: 'TITLE', value: (n) => n.title, width: 50 },
            { header: 'ARTICLES', value: (n) => n.sections.reduce((c, s) => c + s.articles.length, 0) },
            { header: 'CREATED', value: (n) => n.created_at.slice(0, 16).replace('T', ' ') },
          ],
          { json: options.json, title: 'Newsletters, newest first' },
        );
      });
    });

  command
    .command('segments')
    .description('audience segments with their confirmed subscribers')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext('newsletter segments', async ({ db }) => {
        await printRows(
          await listAudienceSegments(db.knex),
          [
            { header: 'SEGMENT', value: (s) => s.id },
            { header: 'NAME', value: (s) => s.name },
            { header: 'CONFIRMED', value: (s) => s.size },
            { header: 'PENDING', value: (s) => s.pending },
            { header: 'LAST SENT', value: (s) => s.lastSentAt?.slice(0, 16).replace('T', ' ') ?? '—' },
          ],
          { json: options.json, title: 'Audience segments' },
        );
      });
    });

  command
    .command('generate')
    .description('fill a new draft from a template: sections from the 50 newest published auto-eligible stories, at most 3 each, curation rules applied')
    .requiredOption('--template <id>', `one of ${TEMPLATES.map((t) => t.id).join(', ')}`)
    .option('--title <title>', 'the subject (default: the template name and today)')
    .option('--json', 'print the newsletter as JSON')
    .action(async (options: { template: string; title?: string; json?: boolean }) => {
      await withContext('newsletter generate', async ({ db }) => {
        const newsletter = await generateNewsletter(db.knex, {
          template: options.template,
          title: options.title,
          actor: { email: cliActor('newsletter generate') },
          now: new Date(),
        });
        if (options.json) return printJson(newsletter);
        console.log(`Newsletter Generated: "${newsletter.title}" (${newsletter.id}), ${newsletter.sections.length} section(s):`);
        for (const s of newsletter.sections) console.log(`  ${s.title}: ${s.articles.map((a) => a.title).join(' | ')}`);
        console.log(`Send it with: c360 newsletter send ${newsletter.id} --segment general`);
      });
    });

  command
    .command('send')
    .argument('<id>', 'the newsletter (see `c360 newsletter list`)')
    .description(
      'send to the confirmed subscribers of the chosen segments (each person once, whatever the segments), then work the queue; failures are recorded and retried',
    )
    .requiredOption('--segment <segment>', `a segment (repeat for several): ${SEGMENTS.join(', ')}`, collectSegment)
    .option('--json', 'print JSON')
    .action(async (id: string, options: { segment: string[]; json?: boolean }) => {
      await withContext('newsletter send', async (context) => {
        const mailer = requireMail(context);
        try {
          const { send } = await sendNewsletter(context.db.knex, {
            id,
            segments: options.segment,
            origin: mailOrigin(context.config),
            actor: { email: cliActor('newsletter send') },
            mailer,
            now: new Date(),
          });
          const stats = await processNewsletterQueue(queueDeps(context, mailer), { sendId: send.id });
          const after = await getSend(context.db.knex, send.id);
          if (stats.failed || stats.bounced) process.exitCode = 1;
          if (options.json) return printJson({ send: after, stats });
          console.log(`Newsletter Sent to ${options.segment.join(', ')}: ${send.recipients} recipient(s) queued; ${statsLine(stats)}.`);
          if (stats.failed || stats.bounced) {
            process.stderr.write(
              `c360: some deliveries failed; see \`c360 newsletter status ${id}\`. Temporary failures are retried (or now: \`c360 newsletter retry ${id}\`).\n`,
            );
          }
        } finally {
          mailer.close();
        }
      });
    });

  command
    .command('status')
    .argument('<id>', 'the newsletter')
    .description('the send log of a newsletter: segments, recipients, delivered, failed, refused, uncertain')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      await withContext('newsletter status', async ({ db }) => {
        const newsletter = await requireNewsletter(db.knex, id);
        const sends = await listSends(db.knex, newsletter.id);
        if (options.json) return printJson({ newsletter: { id: newsletter.id, title: newsletter.title, status: newsletter.status }, sends });
        console.log(`"${newsletter.title}": ${newsletter.status}`);
        await printRows(
          sends,
          [
            { header: 'SEGMENTS', value: (s) => s.segments.join(',') },
            { header: 'RECIPIENTS', value: (s) => s.recipients },
            { header: 'SENT', value: (s) => s.counts.sent },
            { header: 'FAILED', value: (s) => `${s.counts.failed}${s.retrying ? ` (${s.retrying} retrying)` : ''}` },
            { header: 'REFUSED', value: (s) => s.counts.bounced },
            { header: 'UNCERTAIN', value: (s) => s.counts.uncertain },
            { header: 'STARTED', value: (s) => s.started_at?.slice(0, 16).replace('T', ' ') ?? '—' },
            { header: 'FINISHED', value: (s) => s.finished_at?.slice(0, 16).replace('T', ' ') ?? '—' },
          ],
          { title: 'Sends' },
        );
      });
    });

  command
    .command('retry')
    .argument('[id]', 'only this newsletter (default: all)')
    .description('send failed deliveries again now (without waiting for their back-off), then work the queue')
    .option('--include-bounced', 'also addresses the mail server refused for good (5xx)')
    .option('--include-uncertain', 'also deliveries interrupted mid-send, which may have arrived (they could get it twice)')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: { includeBounced?: boolean; includeUncertain?: boolean; json?: boolean }) => {
      await withContext('newsletter retry', async (context) => {
        const mailer = requireMail(context);
        try {
          const newsletterId = id ? (await requireNewsletter(context.db.knex, id)).id : undefined;
          const requeued = await retryNewsletterDeliveries(context.db.knex, {
            newsletterId,
            includeBounced: options.includeBounced,
            includeUncertain: options.includeUncertain,
            now: new Date(),
          });
          const stats = await processNewsletterQueue(queueDeps(context, mailer));
          if (stats.failed || stats.bounced) process.exitCode = 1;
          if (options.json) return printJson({ requeued, stats });
          console.log(`${requeued} deliver${requeued === 1 ? 'y' : 'ies'} queued again; ${statsLine(stats)}.`);
        } finally {
          mailer.close();
        }
      });
    });

  command
    .command('deliver')
    .description('work the delivery queue once (due retries, and sends a stopped process left queued); for cron when no server runs')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContext('newsletter deliver', async (context) => {
        const mailer = requireMail(context);
        try {
          const stats = await processNewsletterQueue(queueDeps(context, mailer));
          if (options.json) return printJson(stats);
          console.log(`Delivery queue: ${statsLine(stats)}; ${stats.finishedSends} send(s) finished.`);
        } finally {
          mailer.close();
        }
      });
    });

  return command;
}
