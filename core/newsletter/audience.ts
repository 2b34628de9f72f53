import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { countRecipients, countSegments, searchSubscribers, setSubscriberSegments } from './audience-repository';
import { parseSegments } from './newsletters';
import { SEGMENT_NAMES, SEGMENTS, type Segment } from './templates';

/**
 * Audience segments from the real subscribers (spec entity Audience segment: id, name, size,
 * engagement). Size is the confirmed subscribers; engagement is not measured: C360 puts no
 * tracking pixels or tracked links in its e-mails, so opens are unknown (story visits from the
 * newsletter do show in Reader Analytics as the "newsletter" traffic source).
 */

export type AudienceSegment = { id: Segment; name: string; size: number; pending: number; unsubscribed: number; lastSentAt: string | null; engagement: null };

export async function listAudienceSegments(db: Knex): Promise<AudienceSegment[]> {
  const counts = await countSegments(db, SEGMENTS);
  return counts.map((c) => ({
    id: c.segment as Segment,
    name: SEGMENT_NAMES[c.segment as Segment],
    size: c.confirmed,
    pending: c.pending,
    unsubscribed: c.unsubscribed,
    lastSentAt: c.lastSentAt,
    engagement: null,
  }));
}

/** How many people a send to these segments would reach (each counted once). */
export async function estimateRecipients(db: Knex, segments: readonly string[]): Promise<number> {
  return countRecipients(db, parseSegments(segments));
}

export async function listSubscribers(
  db: Knex,
  options: { q?: string; segment?: string; status?: 'pending' | 'confirmed' | 'unsubscribed'; offset: number; limit: number },
) {
  if (options.segment) parseSegments([options.segment]);
  return searchSubscribers(db, options);
}

/** A subscriber may be in several segments; at least one. */
export async function changeSubscriberSegments(db: Knex, input: { id: string; segments: readonly string[] }) {
  const segments = parseSegments(input.segments);
  const updated = /^[0-9a-f-]{36}$/i.test(input.id) ? await setSubscriberSegments(db, input.id, segments) : null;
  if (!updated) throw new C360Error('not_found', `No subscriber ${input.id.slice(0, 80)}.`);
  return updated;
}
