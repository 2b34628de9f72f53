import type { Knex } from 'knex';
import { getWebhookHealth, type WebhookHealth } from '../sanity/delivery-repository';
import {
  countSanityStatuses,
  countSignalsSince,
  countStories,
  findCards,
  findFeatured,
  findLastPipelineRun,
  findRecentDeliveries,
  findRegions,
  type CardFilter,
  type DeliveryRow,
  type StoryCardRow,
  type StoryCounts,
} from './overview-repository';

/**
 * Read models of the console's overview screens. All figures are counted in the database on
 * the real stories, deliveries, signals and runs; nothing here is sample data.
 */

export { type CardFilter, type StoryCardRow } from './overview-repository';

export const DASHBOARD_LATEST = 3;
export const PUBLISHED_TAB_LIMIT = 20;
export const RECENT_DELIVERIES = 20;

export type DashboardOverview = {
  counts: StoryCounts;
  latest: StoryCardRow[];
  signalsLast24h: number;
  lastRun: Awaited<ReturnType<typeof findLastPipelineRun>>;
};

export async function dashboardOverview(db: Knex, now: Date): Promise<DashboardOverview> {
  const counts = await countStories(db);
  const latest = (await findCards(db, { limit: DASHBOARD_LATEST })).items;
  const signalsLast24h = await countSignalsSince(db, new Date(now.getTime() - 86_400_000));
  const lastRun = await findLastPipelineRun(db);
  return { counts, latest, signalsLast24h, lastRun };
}

export type CurationLists = {
  homepage: StoryCardRow[];
  section: StoryCardRow[];
  ready: { items: StoryCardRow[]; total: number; offset: number; limit: number };
  published: StoryCardRow[];
  counts: StoryCounts;
};

/** The three tabs of Content Curation: featured, ready to publish (not live), published (the newest 20). */
export async function curationLists(db: Knex, options: { readyOffset?: number; readyLimit?: number } = {}): Promise<CurationLists> {
  const homepage = await findFeatured(db, 'homepage');
  const section = await findFeatured(db, 'section');
  const readyLimit = options.readyLimit ?? 24;
  const readyOffset = options.readyOffset ?? 0;
  const ready = await findCards(db, { live: 'unpublished', offset: readyOffset, limit: readyLimit });
  const published = (await findCards(db, { live: 'published', order: 'published', limit: PUBLISHED_TAB_LIMIT })).items;
  const counts = await countStories(db);
  return { homepage, section, ready: { ...ready, offset: readyOffset, limit: readyLimit }, published, counts };
}

export type ArticleSearch = { items: StoryCardRow[]; total: number; offset: number; limit: number; regions: { region: string; count: number }[] };

export async function searchArticles(db: Knex, filter: CardFilter): Promise<ArticleSearch> {
  const { items, total } = await findCards(db, filter);
  const regions = await findRegions(db, { fromSanity: filter.fromSanity });
  return { items, total, offset: filter.offset ?? 0, limit: filter.limit ?? 24, regions };
}

export type SyncOverview = { health: WebhookHealth; deliveries: DeliveryRow[]; articles: ArticleSearch; lastUpdatedAt: string | null };

/** Content Sync: the webhook's health from its recorded deliveries, and the synced stories with filters. */
export async function syncOverview(db: Knex, now: Date, filter: CardFilter): Promise<SyncOverview> {
  const health = await getWebhookHealth(db, now);
  const deliveries = await findRecentDeliveries(db, RECENT_DELIVERIES);
  const articles = await searchArticles(db, filter);
  const newest = (await findCards(db, { limit: 1 })).items[0];
  return { health, deliveries, articles, lastUpdatedAt: newest?.updated_at ?? null };
}

export type SanityDocuments = { statuses: Awaited<ReturnType<typeof countSanityStatuses>>; documents: ArticleSearch; health: WebhookHealth };

/** The Sanity Editor page: stories that came from CMS documents, and their status. */
export async function sanityDocuments(db: Knex, now: Date, filter: Omit<CardFilter, 'fromSanity'>): Promise<SanityDocuments> {
  const statuses = await countSanityStatuses(db);
  const documents = await searchArticles(db, { ...filter, fromSanity: true });
  const health = await getWebhookHealth(db, now);
  return { statuses, documents, health };
}

/** CMS status of a synced document, as the Sanity Editor page labels it. */
export function documentStatus(story: Pick<StoryCardRow, 'pipeline_stage' | 'status' | 'flag_reason'>): 'published' | 'review' | 'draft' {
  if (story.pipeline_stage === 'published' || story.status === 'published') return 'published';
  if (story.flag_reason || story.pipeline_stage === 'verified') return 'review';
  return 'draft';
}
