import type { Knex } from 'knex';
import { C360Error } from '../errors';
import type { Logger } from '../logger';
import { mailAddress, type Mailer } from '../mail/mailer';
import { adminEmails } from '../settings/settings-repository';
import { getNotificationSettings } from '../settings/settings';
import { countRecipients } from './audience-repository';
import { buildSections, type NewsletterSection } from './build-sections';
import { listCurationRules } from './curation-rule-repository';
import { longDate } from './format-date';
import { deleteDraft, getNewsletter, insertNewsletter, selectNewsletterPool, setNewsletterStatus, updateDraft, type Newsletter } from './newsletter-repository';
import { personalise, renderNewsletterEmail, type RenderedEmail } from './render-email';
import {
  claimDueDeliveries,
  completeDelivery,
  countSentDeliveries,
  finishCompletedSends,
  getSend,
  hasOpenDeliveries,
  insertSendWithDeliveries,
  listProblemDeliveries,
  markReportSent,
  markStaleDeliveriesUncertain,
  releaseDeliveries,
  requeueDeliveries,
  type ClaimedDelivery,
  type DeliveryStatus,
  type NewsletterSend,
} from './send-repository';
import { unsubscribeUrl } from './subscriptions';
import { findTemplate, isSegment, SEGMENTS } from './templates';
import type { VerificationState } from '../stories/verification';

/**
 * Newsletters from draft to sent. Generating fills the template's sections from the pool with the
 * curation rules; sending queues one delivery per confirmed subscriber of the chosen segments
 * (never twice per newsletter and person) and the queue is worked by processNewsletterQueue, from
 * the server right after a send, from the server's minute tick and from `c360 newsletter`. A
 * delivery that fails for a temporary reason is retried with back-off; a permanent refusal (SMTP
 * 5xx) is recorded as bounced; one interrupted mid-send is recorded as uncertain, never re-sent
 * without an operator asking, so nobody gets a newsletter twice.
 */

export const MAX_ATTEMPTS = 5;
/** Waits before attempts 2, 3, 4 and 5. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
export const DELIVERY_LEASE_MS = 10 * 60_000;
/** Deliveries claimed at once, and sent at once (the pooled mailer keeps 3 SMTP connections). */
const BATCH_SIZE = 20;
const SEND_CONCURRENCY = 3;

export type Actor = { email: string };

function draftNotFound(id: string): C360Error {
  return new C360Error('not_found', `No newsletter ${id.slice(0, 80)}.`);
}

async function fillSections(db: Knex, templateId: string): Promise<{ sections: NewsletterSection[]; poolSize: number }> {
  const template = findTemplate(templateId);
  if (!template)
    throw new C360Error('invalid_input', `Unknown newsletter template "${templateId}".`, { hint: 'Use daily-digest, diaspora-weekly or business-brief.' });
  const [pool, rules] = await Promise.all([selectNewsletterPool(db), listCurationRules(db)]);
  const sections = buildSections(template, pool, rules);
  if (sections.length === 0) {
    throw new C360Error('conflict', 'There are no published, auto-eligible stories to put in a newsletter yet.', {
      hint: 'Publish stories first (the pipeline, or Content Curation), then generate again.',
    });
  }
  return { sections, poolSize: pool.length };
}

const INTRO_STATES: readonly [VerificationState, string][] = [
  ['independent_sources', 'confirmed by two or more independent sources'],
  ['official_source', 'confirmed by an official source'],
  ['editor', 'verified by an editor'],
  ['unverified', 'not independently confirmed'],
];

/**
 * The intro says how the stories were checked, story by story as counted from their states (each story
 * is labelled too): never more checking than they had. "5 stories from across the Caribbean today: 3
 * confirmed by two or more independent sources, 1 confirmed by an official source, 1 verified by an editor."
 */
export function defaultIntro(templateId: string, sections: readonly NewsletterSection[]): string {
  const articles = sections.flatMap((s) => s.articles);
  const count = articles.length;
  const when = findTemplate(templateId)?.frequency === 'daily' ? 'today' : 'this week';
  const head = `${count} ${count === 1 ? 'story' : 'stories'} from across the Caribbean ${when}`;
  const states = INTRO_STATES.map(([state, words]) => [articles.filter((a) => (a.verification ?? 'unverified') === state).length, words] as const).filter(
    ([n]) => n > 0,
  );
  if (states.length === 1) {
    const [[n, words]] = states as [readonly [number, string]];
    return `${head}, ${n === 1 ? '' : n === 2 ? 'both ' : 'all '}${words}.`;
  }
  return `${head}: ${states.map(([n, words]) => `${n} ${words}`).join(', ')}.`;
}

export async function generateNewsletter(db: Knex, input: { template: string; title?: string; actor: Actor; now: Date }): Promise<Newsletter> {
  const template = findTemplate(input.template);
  if (!template)
    throw new C360Error('invalid_input', `Unknown newsletter template "${input.template}".`, { hint: 'Use daily-digest, diaspora-weekly or business-brief.' });
  const { sections, poolSize } = await fillSections(db, template.id);
  return insertNewsletter(db, {
    title: input.title?.trim() || `${template.name}: ${longDate(input.now.toISOString())}`,
    template: template.id,
    intro: defaultIntro(template.id, sections),
    sections,
    poolSize,
    createdBy: input.actor.email,
    now: input.now,
  });
}

async function requireDraft(db: Knex, id: string): Promise<Newsletter> {
  const newsletter = await getNewsletter(db, id);
  if (!newsletter) throw draftNotFound(id);
  if (newsletter.status !== 'draft')
    throw new C360Error('conflict', 'This newsletter has been sent; it can no longer be changed.', { hint: 'Generate a new newsletter instead.' });
  return newsletter;
}

/** Fills a draft's sections again from today's pool and rules. */
export async function regenerateNewsletter(db: Knex, input: { id: string; now: Date }): Promise<Newsletter> {
  const draft = await requireDraft(db, input.id);
  const { sections, poolSize } = await fillSections(db, draft.template);
  const updated = await updateDraft(db, draft.id, { sections, poolSize, intro: defaultIntro(draft.template, sections), generatedAt: input.now }, input.now);
  if (!updated) throw new C360Error('conflict', 'This newsletter has been sent; it can no longer be changed.');
  return updated;
}

/** Edits a draft: title, intro, and taking articles out (a section left empty goes). */
export async function editNewsletter(
  db: Knex,
  input: { id: string; title?: string; intro?: string; removeArticleIds?: readonly string[]; now: Date },
): Promise<Newsletter> {
  const draft = await requireDraft(db, input.id);
  let sections: NewsletterSection[] | undefined;
  if (input.removeArticleIds?.length) {
    const remove = new Set(input.removeArticleIds);
    sections = draft.sections
      .map((s) => ({ ...s, articles: s.articles.filter((a) => !remove.has(a.id)) }))
      .filter((s) => s.articles.length > 0)
      .map((s, i) => ({ ...s, priority: i + 1 }));
    if (sections.length === 0) throw new C360Error('invalid_input', 'A newsletter needs at least one article.');
  }
  const updated = await updateDraft(db, draft.id, { title: input.title?.trim() || undefined, intro: input.intro, sections }, input.now);
  if (!updated) throw new C360Error('conflict', 'This newsletter has been sent; it can no longer be changed.');
  return updated;
}

export async function discardDraft(db: Knex, id: string): Promise<void> {
  if (!(await deleteDraft(db, id))) {
    const existing = await getNewsletter(db, id);
    if (!existing) throw draftNotFound(id);
    throw new C360Error('conflict', 'Only a draft that was never sent can be deleted.');
  }
}

export async function requireNewsletter(db: Knex, id: string): Promise<Newsletter> {
  const newsletter = await getNewsletter(db, id);
  if (!newsletter) throw draftNotFound(id);
  return newsletter;
}

/** The e-mail as a subscriber will get it (its unsubscribe link points at the unsubscribe page, without a subscriber). */
export async function previewNewsletter(db: Knex, input: { id: string; origin: string; now: Date }): Promise<RenderedEmail> {
  const newsletter = await requireNewsletter(db, input.id);
  const rendered = await renderNewsletterEmail(newsletter, { origin: input.origin, now: new Date(newsletter.generated_at) });
  return personalise(rendered, `${input.origin.replace(/\/+$/, '')}/newsletter/unsubscribe`);
}

export function parseSegments(values: readonly string[]): string[] {
  const unique = [...new Set(values.map((v) => v.trim()))];
  const unknown = unique.filter((v) => !isSegment(v));
  if (unique.length === 0) throw new C360Error('invalid_input', 'Choose at least one audience segment.', { hint: `Segments: ${SEGMENTS.join(', ')}.` });
  if (unknown.length) throw new C360Error('invalid_input', `Unknown segment(s): ${unknown.join(', ')}.`, { hint: `Segments: ${SEGMENTS.join(', ')}.` });
  return unique;
}

/**
 * Records a send to the chosen segments and queues its deliveries, in one transaction. Confirmed
 * subscribers only; anyone already queued for this newsletter (by an earlier send) is skipped.
 */
export const NO_CONFIRMED_SUBSCRIBERS = 'No confirmed subscribers in this segment.';

export async function sendNewsletter(
  db: Knex,
  input: { id: string; segments: readonly string[]; origin: string; actor: Actor; mailer: Pick<Mailer, 'configured'>; now: Date },
): Promise<{ send: NewsletterSend; recipients: number }> {
  const segments = parseSegments(input.segments);
  if (!input.mailer.configured) {
    throw new C360Error('mail_unavailable', 'This server cannot send e-mail, so the newsletter was not sent.', {
      hint: 'Set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and SMTP_FROM.',
    });
  }
  const { sendId } = await db.transaction(async (trx) => {
    const newsletter = await getNewsletter(trx, input.id, { forUpdate: true });
    if (!newsletter) throw draftNotFound(input.id);
    if (newsletter.sections.length === 0) throw new C360Error('conflict', 'This newsletter has no articles to send.');
    // A send to nobody is a mistake, not a success to log: refuse it before anything is recorded.
    if ((await countRecipients(trx, segments)) === 0) {
      throw new C360Error('invalid_input', NO_CONFIRMED_SUBSCRIBERS, {
        hint: 'Choose a segment with confirmed subscribers, or wait until readers confirm their sign-up.',
      });
    }
    const result = await insertSendWithDeliveries(trx, {
      newsletterId: newsletter.id,
      segments,
      origin: input.origin.replace(/\/+$/, ''),
      requestedBy: input.actor.email,
      now: input.now,
    });
    if (result.recipients > 0 && newsletter.status === 'draft') await setNewsletterStatus(trx, newsletter.id, 'sending', input.now);
    return result;
  });
  const send = (await getSend(db, sendId))!;
  return { send, recipients: send.recipients };
}

export type QueueDeps = { db: Knex; mailer: Mailer; secret: string; logger: Logger; clock: () => Date };
export type QueueStats = {
  claimed: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
  uncertain: number;
  finishedSends: number;
  reports: number;
};

type SmtpFailure = { permanent: boolean; connection: boolean; summary: string };

/** Reads nodemailer's error (the mailer keeps it as the cause): 5xx is permanent, 4xx temporary, no reply a connection problem. */
export function classifySmtpError(error: unknown): SmtpFailure {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const e = (cause ?? {}) as { responseCode?: number; code?: string; response?: string; message?: string };
  const summary = [e.code, e.responseCode, (e.response ?? e.message ?? '').replace(/[^\s<>"]+@[^\s<>"]+/g, '<address>').slice(0, 160)]
    .filter(Boolean)
    .join(' ');
  if (typeof e.responseCode === 'number') return { permanent: e.responseCode >= 500, connection: false, summary };
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return { permanent: false, connection: false, summary };
  return { permanent: false, connection: true, summary: summary || 'could not reach the SMTP server' };
}

export function nextAttemptAt(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!;
  return new Date(now.getTime() + delay);
}

function messageIdFor(newsletterId: string, subscriberId: string, origin: string): string {
  let host = 'c360.local';
  try {
    host = new URL(origin).hostname || host;
  } catch {
    // keep the default
  }
  return `<newsletter-${newsletterId}.${subscriberId}@${host}>`;
}

/**
 * Works the queue: claims due deliveries in batches of 20, sends each, records the outcome. Stops
 * when nothing is due, after `limit` deliveries, or when the SMTP server cannot be reached (the
 * rest of the batch goes back to the queue untouched). Then finishes sends with nothing left to
 * do and sends their reports.
 */
export async function processNewsletterQueue(deps: QueueDeps, options: { limit?: number; sendId?: string } = {}): Promise<QueueStats> {
  const stats: QueueStats = { claimed: 0, sent: 0, failed: 0, bounced: 0, skipped: 0, uncertain: 0, finishedSends: 0, reports: 0 };
  if (!deps.mailer.configured) return stats;
  stats.uncertain = await markStaleDeliveriesUncertain(deps.db, deps.clock());
  const limit = options.limit ?? 10_000;
  const rendered = new Map<string, Promise<RenderedEmail>>();
  const renderFor = (newsletterId: string, origin: string) => {
    const key = `${newsletterId}|${origin}`;
    if (!rendered.has(key)) {
      rendered.set(
        key,
        requireNewsletter(deps.db, newsletterId).then((n) => renderNewsletterEmail(n, { origin, now: new Date(n.generated_at) })),
      );
    }
    return rendered.get(key)!;
  };
  let stop = false;
  const deliver = async (delivery: ClaimedDelivery): Promise<void> => {
    if (delivery.subscriber_status !== 'confirmed') {
      await completeDelivery(deps.db, delivery.id, {
        status: 'skipped',
        error: `subscriber ${delivery.subscriber_status} before the e-mail left`,
        now: deps.clock(),
      });
      stats.skipped++;
      return;
    }
    try {
      const unsubscribe = unsubscribeUrl(delivery.origin, deps.secret, delivery.subscriber_id);
      const email = personalise(await renderFor(delivery.newsletter_id, delivery.origin), unsubscribe);
      await deps.mailer.send({
        kind: 'newsletter',
        to: mailAddress(delivery.email),
        subject: email.subject,
        text: email.text,
        html: email.html,
        unsubscribeUrl: unsubscribe,
        messageId: messageIdFor(delivery.newsletter_id, delivery.subscriber_id, delivery.origin),
        headers: { 'X-C360-Newsletter': delivery.newsletter_id },
      });
      await completeDelivery(deps.db, delivery.id, { status: 'sent', now: deps.clock() });
      stats.sent++;
    } catch (error) {
      const failure = classifySmtpError(error);
      if (failure.permanent) {
        await completeDelivery(deps.db, delivery.id, { status: 'bounced', error: failure.summary, now: deps.clock() });
        stats.bounced++;
      } else {
        await completeDelivery(deps.db, delivery.id, {
          status: 'failed',
          error: failure.summary,
          nextAttemptAt: nextAttemptAt(delivery.attempts, deps.clock()),
          now: deps.clock(),
        });
        stats.failed++;
      }
      deps.logger.warn(
        { newsletter: delivery.newsletter_id, delivery: delivery.id, attempt: delivery.attempts, error: failure.summary },
        'newsletter delivery failed',
      );
      if (failure.connection) stop = true;
    }
  };
  while (!stop && stats.claimed < limit) {
    const batch = await claimDueDeliveries(deps.db, {
      now: deps.clock(),
      leaseMs: DELIVERY_LEASE_MS,
      limit: Math.min(BATCH_SIZE, limit - stats.claimed),
      sendId: options.sendId,
    });
    if (batch.length === 0) break;
    stats.claimed += batch.length;
    // A few deliveries at once (as many as the mailer's pooled connections); when the SMTP server
    // cannot be reached, nothing more is started and the rest of the batch goes back untouched.
    let next = 0;
    const worker = async () => {
      while (!stop && next < batch.length) await deliver(batch[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, batch.length) }, worker));
    if (next < batch.length)
      await releaseDeliveries(
        deps.db,
        batch.slice(next).map((d) => d.id),
        deps.clock(),
      );
  }
  // A send marked finished and its newsletter's status change together: a reader never sees a
  // finished send of a newsletter still "sending".
  const finished = await deps.db.transaction(async (trx) => {
    const sends = await finishCompletedSends(trx, deps.clock());
    for (const send of sends) await settleNewsletterStatus(trx, send.newsletter_id, deps.clock());
    return sends;
  });
  stats.finishedSends = finished.length;
  for (const send of finished) stats.reports += await sendReports(deps, send.id);
  return stats;
}

async function settleNewsletterStatus(db: Knex, newsletterId: string, now: Date): Promise<void> {
  if (await hasOpenDeliveries(db, newsletterId)) return;
  const sent = await countSentDeliveries(db, newsletterId);
  await setNewsletterStatus(db, newsletterId, sent > 0 ? 'sent' : 'draft', now);
}

/** The reports the notification settings ask for; each send reports once. */
async function sendReports(deps: QueueDeps, sendId: string): Promise<number> {
  const settings = await getNotificationSettings(deps.db);
  const send = await getSend(deps.db, sendId);
  if (!send || send.recipients === 0) return 0;
  const problems = send.counts.failed + send.counts.bounced + send.counts.uncertain;
  const to = new Set<string>();
  if (settings.sendReports && send.requested_by.includes('@')) to.add(send.requested_by);
  if (settings.failureReports && problems > 0) for (const email of await adminEmails(deps.db)) to.add(email);
  if (to.size === 0 || !(await markReportSent(deps.db, sendId, deps.clock()))) return 0;
  const newsletter = await getNewsletter(deps.db, send.newsletter_id);
  const failures = problems > 0 ? await listProblemDeliveries(deps.db, sendId, 50) : [];
  const text = [
    `"${newsletter?.title ?? send.newsletter_id}" went to ${send.segments.join(', ')}.`,
    '',
    `Recipients: ${send.recipients}`,
    `Delivered: ${send.counts.sent}`,
    `Failed: ${send.counts.failed}   Refused (bounced): ${send.counts.bounced}   Uncertain: ${send.counts.uncertain}   Skipped (unsubscribed meanwhile): ${send.counts.skipped}`,
    '',
    ...(failures.length
      ? [
          'Deliveries that did not arrive:',
          ...failures.map((f) => `  ${f.email}: ${f.status} after ${f.attempts} attempt(s) (${f.last_error ?? 'no detail'})`),
          '',
        ]
      : []),
    `Retry failed deliveries from the console (Newsletter Builder) or with: c360 newsletter retry ${send.newsletter_id}`,
  ].join('\n');
  let sent = 0;
  for (const address of to) {
    try {
      await deps.mailer.send({
        kind: 'newsletter_report',
        to: mailAddress(address),
        subject: `Newsletter send report: ${send.counts.sent} of ${send.recipients} delivered`,
        text,
      });
      sent++;
    } catch (error) {
      deps.logger.warn({ send: sendId, error: classifySmtpError(error).summary }, 'newsletter report not sent');
    }
  }
  return sent;
}

/**
 * Puts deliveries back in the queue, due now: failed ones (retrying or out of attempts), and,
 * when asked, bounced ones and uncertain ones (which may have arrived: only on purpose).
 */
export async function retryNewsletterDeliveries(
  db: Knex,
  input: { newsletterId?: string; sendId?: string; includeBounced?: boolean; includeUncertain?: boolean; now: Date },
): Promise<number> {
  const statuses: DeliveryStatus[] = ['failed'];
  if (input.includeBounced) statuses.push('bounced');
  if (input.includeUncertain) statuses.push('uncertain');
  return requeueDeliveries(db, { newsletterId: input.newsletterId, sendId: input.sendId, statuses, now: input.now });
}
