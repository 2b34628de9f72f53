import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { deviceOf, isBot, trafficSourceOf, countryOfTimeZone } from './classify';

/** A repeat view of the same page by the same reader within this window counts once. */
export const REPEAT_WINDOW_MINUTES = 30;

export type PageViewInput = {
  kind: 'view' | 'share';
  path: string;
  storyId?: string | null;
  referrer?: string | null;
  timeZone?: string | null;
  detail?: string | null;
  /** Used for the hash only, never stored. */
  ip: string;
  userAgent?: string;
  siteHost: string;
  utmSource?: string | null;
  utmMedium?: string | null;
};

export type RecordResult = { recorded: boolean; reason?: 'bot' | 'repeat' | 'unknown_story' };

function day(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Today's salt, created on first use; earlier days' salts are deleted so old hashes cannot be rebuilt. */
async function saltFor(db: Knex, now: Date): Promise<string> {
  const today = day(now);
  const existing = await db('analytics_salts').where({ day: today }).first();
  if (existing) return existing.salt as string;
  await db('analytics_salts')
    .insert({ day: today, salt: randomBytes(32).toString('hex') })
    .onConflict('day')
    .ignore();
  await db('analytics_salts').where('day', '<', today).del();
  return (await db('analytics_salts').where({ day: today }).first()).salt as string;
}

export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}|${ip}|${userAgent}`).digest('hex').slice(0, 32);
}

/** Records a page view (and bumps the story's view count) or a share, without cookies or addresses. */
export async function recordPageView(db: Knex, input: PageViewInput, now: Date): Promise<RecordResult> {
  if (isBot(input.userAgent)) return { recorded: false, reason: 'bot' };
  const salt = await saltFor(db, now);
  const hash = visitorHash(salt, input.ip, input.userAgent ?? '');
  const path = input.path.slice(0, 500);
  return db.transaction(async (trx) => {
    // One visitor's beacons are decided one at a time: without this, parallel copies of one view all
    // found no earlier row and were all counted (thousands of views in seconds for one story).
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`page-view:${hash}`]);
    if (input.kind === 'view') {
      // One view per visitor per page, and per story whatever the address it was read at (an
      // article has several addresses: old slugs, the UUID, query strings).
      const since = new Date(now.getTime() - REPEAT_WINDOW_MINUTES * 60_000);
      const recent = await trx('page_views')
        .where({ visitor_hash: hash, kind: 'view' })
        .where((q) => {
          q.where('path', path);
          if (input.storyId) q.orWhere('story_id', input.storyId);
        })
        .where('occurred_at', '>', since)
        .first('id');
      if (recent) return { recorded: false, reason: 'repeat' as const };
    }
    let storyId: string | null = null;
    if (input.storyId) {
      const story = await trx('synced_content').where({ id: input.storyId, pipeline_stage: 'published' }).first('id');
      if (!story) return { recorded: false, reason: 'unknown_story' as const };
      storyId = story.id as string;
    }
    const { source, host } = trafficSourceOf({ referrer: input.referrer, siteHost: input.siteHost, utmSource: input.utmSource, utmMedium: input.utmMedium });
    await trx('page_views').insert({
      occurred_at: now,
      kind: input.kind,
      path,
      story_id: storyId,
      visitor_hash: hash,
      device: deviceOf(input.userAgent),
      traffic_source: source,
      referrer_host: host,
      country: countryOfTimeZone(input.timeZone),
      detail: input.detail?.slice(0, 100) ?? null,
    });
    if (storyId && input.kind === 'view') {
      await trx.raw(
        `insert into story_view_counts (story_id, views) values (?, 1)
         on conflict (story_id) do update set views = story_view_counts.views + 1`,
        [storyId],
      );
    }
    return { recorded: true };
  });
}
