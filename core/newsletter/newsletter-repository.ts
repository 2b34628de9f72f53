import type { Knex } from 'knex';
import { articlePath } from '../stories/article-address';
import type { FactCheckItem, StorySource } from '../stories/story';
import { APPROVED_BY_SQL } from '../stories/story-repository';
import { verificationState } from '../stories/verification';
import type { NewsletterCandidate, NewsletterSection } from './build-sections';
import { NEWSLETTER_POOL_SIZE } from './templates';

/** All SQL about newsletters and the article pool they are filled from. */

export type NewsletterStatus = 'draft' | 'sending' | 'sent';
export type Newsletter = {
  id: string;
  title: string;
  template: string;
  status: NewsletterStatus;
  intro: string;
  sections: NewsletterSection[];
  pool_size: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  generated_at: string;
  sent_at: string | null;
};

const COLUMNS = 'id, title, template, status, intro, sections, pool_size, created_by, created_at, updated_at, generated_at, sent_at';
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toNewsletter(row: Record<string, unknown>): Newsletter {
  return {
    id: String(row.id),
    title: String(row.title),
    template: String(row.template),
    status: row.status as NewsletterStatus,
    intro: String(row.intro ?? ''),
    sections: (typeof row.sections === 'string' ? JSON.parse(row.sections) : row.sections) as NewsletterSection[],
    pool_size: Number(row.pool_size),
    created_by: String(row.created_by),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    generated_at: iso(row.generated_at)!,
    sent_at: iso(row.sent_at),
  };
}

/**
 * The spec's pool: auto-eligible published stories that readers can see, newest published first,
 * at most 50. Indicator labels come from the layers' metrics tables (topic rules read them).
 */
const jsonList = <T>(value: unknown): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value as T[] | null) ?? []));

export async function selectNewsletterPool(db: Knex, limit = NEWSLETTER_POOL_SIZE): Promise<NewsletterCandidate[]> {
  const { rows } = await db.raw(
    `select id, title, summary, region, tags, topics, urgency, published_at, slug,
            source_count, triangulation_check, human_verified, status_flags, sources, ai_fact_check_panel, ${APPROVED_BY_SQL},
            coalesce((select array_agg(distinct m->>'label') from jsonb_array_elements(layers) l, jsonb_array_elements(coalesce(l->'metricsTable', '[]'::jsonb)) m where m->>'label' is not null), '{}') as indicators
       from synced_content s
      where pipeline_stage = 'published' and auto_publish_eligible and region_visible
      order by published_at desc nulls last, id desc
      limit ?`,
    [Math.min(limit, NEWSLETTER_POOL_SIZE)],
  );
  return rows.map((r: Record<string, unknown>) => {
    const tags = (r.tags as string[] | null) ?? [];
    return {
      id: String(r.id),
      title: String(r.title),
      summary: String(r.summary ?? ''),
      region: String(r.region ?? ''),
      tags,
      topics: (r.topics as string[] | null) ?? [],
      indicators: ((r.indicators as (string | null)[] | null) ?? []).filter((v): v is string => Boolean(v)),
      urgency: Number(r.urgency ?? 0),
      published_at: iso(r.published_at),
      path: articlePath({ id: String(r.id), slug: r.slug as string | null, title: String(r.title), region: String(r.region ?? ''), tags }),
      verification: verificationState({
        source_count: Number(r.source_count ?? 0),
        triangulation_check: Boolean(r.triangulation_check),
        human_verified: Boolean(r.human_verified),
        status_flags: (r.status_flags as string[] | null) ?? [],
        sources: jsonList<StorySource>(r.sources),
        ai_fact_check_panel: jsonList<FactCheckItem>(r.ai_fact_check_panel),
        approved_by: (r.approved_by as string | null) ?? null,
      }),
    };
  });
}

export async function insertNewsletter(
  db: Knex,
  input: { title: string; template: string; intro: string; sections: NewsletterSection[]; poolSize: number; createdBy: string; now: Date },
): Promise<Newsletter> {
  const { rows } = await db.raw(
    `insert into newsletters (title, template, intro, sections, pool_size, created_by, created_at, updated_at, generated_at)
     values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
    [
      input.title,
      input.template,
      input.intro,
      JSON.stringify(input.sections),
      input.poolSize,
      input.createdBy,
      input.now.toISOString(),
      input.now.toISOString(),
      input.now.toISOString(),
    ],
  );
  return toNewsletter(rows[0]);
}

export async function getNewsletter(db: Knex, id: string, options: { forUpdate?: boolean } = {}): Promise<Newsletter | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.raw(`select ${COLUMNS} from newsletters where id = ?${options.forUpdate ? ' for update' : ''}`, [id]);
  return rows[0] ? toNewsletter(rows[0]) : null;
}

export async function listNewsletters(db: Knex, options: { offset: number; limit: number }): Promise<{ items: Newsletter[]; hasMore: boolean }> {
  const { rows } = await db.raw(`select ${COLUMNS} from newsletters order by created_at desc, id desc offset ? limit ?`, [options.offset, options.limit + 1]);
  return { items: rows.slice(0, options.limit).map(toNewsletter), hasMore: rows.length > options.limit };
}

/** Changes a draft only: returns null when the newsletter is not (or no longer) a draft. */
export async function updateDraft(
  db: Knex,
  id: string,
  patch: { title?: string; intro?: string; sections?: NewsletterSection[]; poolSize?: number; generatedAt?: Date },
  now: Date,
): Promise<Newsletter | null> {
  const { rows } = await db.raw(
    `update newsletters
        set title = coalesce(?, title), intro = coalesce(?, intro), sections = coalesce(?::jsonb, sections),
            pool_size = coalesce(?, pool_size), generated_at = coalesce(?, generated_at), updated_at = ?
      where id = ? and status = 'draft' returning ${COLUMNS}`,
    [
      patch.title ?? null,
      patch.intro ?? null,
      patch.sections ? JSON.stringify(patch.sections) : null,
      patch.poolSize ?? null,
      patch.generatedAt?.toISOString() ?? null,
      now.toISOString(),
      id,
    ],
  );
  return rows[0] ? toNewsletter(rows[0]) : null;
}

export async function deleteDraft(db: Knex, id: string): Promise<boolean> {
  const { rowCount } = await db.raw(
    `delete from newsletters where id = ? and status = 'draft' and not exists (select 1 from newsletter_sends where newsletter_id = ?)`,
    [id, id],
  );
  return Number(rowCount) > 0;
}

export async function setNewsletterStatus(db: Knex, id: string, status: NewsletterStatus, now: Date): Promise<void> {
  await db.raw(`update newsletters set status = ?, updated_at = ?, sent_at = case when ? = 'sent' then coalesce(sent_at, ?) else sent_at end where id = ?`, [
    status,
    now.toISOString(),
    status,
    now.toISOString(),
    id,
  ]);
}
