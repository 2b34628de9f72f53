import { getJson, postJson } from '../../data/api';
import type { Layer } from '../../data/types';
import type { presentStoryCard } from '../../../../server/presenters/console-card';
import type { presentConsoleStory } from '../../../../server/presenters/console-story';
import type { CommunityInsight } from '../../../../core/console/insight-repository';
import type { EditorialTask as Task, TaskPriority, TaskStatus } from '../../../../core/console/task-repository';

/**
 * The editorial screens' calls (server/routes/console.ts and console-editorial.ts) and the shapes
 * they answer. Every path is under /api/console (editors and admins).
 */

export const PIPELINE_STAGES = ['ingested', 'enriched', 'ranked', 'drafted', 'verified', 'published'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

// The shapes the console presenters send (types only: the web shares types with the server, not code).
export type StoryCard = ReturnType<typeof presentStoryCard>;
export type ConsoleStory = ReturnType<typeof presentConsoleStory>;
export type AuditEntry = ConsoleStory['audit_log'][number];
export type StoryClaim = ConsoleStory['claims'][number];
export type ClaimDecisionAction = 'confirm' | 'dispute' | 'dismiss';

export type StoryCounts = { total: number; published: number; featured: number; highPriority: number; fromSanity: number; regions: number };
export type ArticleSearch = { items: StoryCard[]; total: number; offset: number; limit: number; regions: { region: string; count: number }[] };
export type WebhookHealth = {
  healthy: boolean;
  lastDeliveryAt: string | null;
  lastResult: string | null;
  lastError: { at: string; code: string | null; message: string | null } | null;
  last24h: Record<'applied' | 'duplicate' | 'rejected' | 'failed', number>;
  syncedStories: number;
  /** How the server treats deliveries (Content Sync only): signed, insecure development mode, or refusing all (no secret). */
  security?: { mode: 'signed' | 'insecure_dev' | 'refusing'; message: string };
};
export type Delivery = {
  id: number;
  received_at: string;
  operation: string | null;
  document_id: string | null;
  document_type: string | null;
  result: string;
  http_status: number;
  error_code: string | null;
  error: string | null;
  story_id: string | null;
  duration_ms: number | null;
};

export type Insight = CommunityInsight;
export type ScannedItem = { id: string; outlet: string; title: string; url: string | null; published_at: string | null; linked: boolean; hits: number };

export const TASK_STATUSES = ['pending_review', 'in_progress', 'ready_publish'] as const;
export const TASK_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type { Task, TaskPriority, TaskStatus };
export type TaskInput = Partial<{
  title: string;
  notes: string;
  storyId: string | null;
  assigneeId: string | null;
  deadline: string | null;
  priority: TaskPriority;
  status: TaskStatus;
}>;

export type FeatureOptions = { homepage: boolean; section: boolean; priority: number; expiresAt: string | null };
export type ArticleQuery = {
  q?: string;
  region?: string;
  stage?: string;
  source?: 'all' | 'sanity';
  live?: 'published' | 'unpublished';
  order?: 'updated' | 'published';
  offset?: number;
  limit?: number;
};

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const story = (id: string) => `/api/console/stories/${encodeURIComponent(id)}`;

export const consoleApi = {
  overview: () =>
    getJson<{
      counts: StoryCounts;
      latest: StoryCard[];
      signalsLast24h: number;
      lastRun: {
        stage: string;
        status: string;
        actor: string;
        started_at: string;
        finished_at: string | null;
        processed: number;
        auto_published: number;
      } | null;
    }>('/api/console/overview'),
  articles: (q: ArticleQuery) => getJson<ArticleSearch>(`/api/console/articles${qs(q)}`),
  curation: (readyOffset = 0, readyLimit = 24) =>
    getJson<{
      homepage: StoryCard[];
      section: StoryCard[];
      ready: { items: StoryCard[]; total: number; offset: number; limit: number };
      published: StoryCard[];
      counts: StoryCounts;
    }>(`/api/console/curation${qs({ readyOffset, readyLimit })}`),
  sync: (q: ArticleQuery) =>
    getJson<{
      health: WebhookHealth;
      deliveries: Delivery[];
      articles: ArticleSearch;
      lastUpdatedAt: string | null;
      webhookUrl: string;
      secretConfigured: boolean;
    }>(`/api/console/sync${qs(q)}`),
  sanityDocuments: (q: ArticleQuery) =>
    getJson<{
      statuses: { published: number; review: number; draft: number; total: number };
      documents: ArticleSearch;
      health: WebhookHealth;
      webhookUrl: string;
    }>(`/api/console/sanity/documents${qs(q)}`),

  story: (id: string) => getJson<{ story: ConsoleStory }>(story(id)),
  publish: (id: string, feature: FeatureOptions) => postJson<{ story: ConsoleStory }>(`${story(id)}/publish`, feature),
  feature: (id: string, action: 'remove_homepage' | 'remove_section' | 'priority_up' | 'priority_down') =>
    postJson<{ story: ConsoleStory }>(`${story(id)}/feature`, { action }),
  override: (id: string, action: 'approve' | 'reject' | 'escalate' | 'publish', reason?: string) =>
    postJson<{ story: ConsoleStory }>(`${story(id)}/override`, { action, reason: reason || undefined }),
  resolveClaim: (id: string, claim: number, decision: ClaimDecisionAction, reason: string) =>
    postJson<{ claim: StoryClaim & { number: number }; queued: boolean; story: ConsoleStory }>(`${story(id)}/claims/${claim}`, { decision, reason }),
  createStory: (body: { title: string; summary?: string; region?: string; tags?: string[]; layers?: Partial<Record<Layer['layerType'], string>> }) =>
    postJson<{ story: ConsoleStory }>('/api/console/stories', body),
  saveContent: (
    id: string,
    body: { title?: string; summary?: string; region?: string; tags?: string[]; layers?: Partial<Record<Layer['layerType'], string>> },
  ) => postJson<{ story: ConsoleStory }>(`${story(id)}/content`, body, 'PUT'),
  moveStage: (id: string, stage: PipelineStage, reason?: string) =>
    postJson<{ story: ConsoleStory }>(`${story(id)}/stage`, { stage, reason: reason || undefined }),

  insights: (id: string) => getJson<{ insights: Insight[] }>(`${story(id)}/insights`),
  scanCommunity: (id: string) => postJson<{ terms: string[]; timeframe: string; items: ScannedItem[] }>(`${story(id)}/insights/scan`, {}),
  generateInsights: (id: string, itemIds: string[]) =>
    postJson<{ added: number; skipped: number; itemsRead: number; provider: string; insights: Insight[] }>(`${story(id)}/insights/generate`, { itemIds }),
  addInsight: (id: string, insight: Pick<Insight, 'quote' | 'attribution' | 'sentiment' | 'source' | 'date'>) =>
    postJson<{ insight: Insight }>(`${story(id)}/insights`, insight),
  editInsight: (id: string, insightId: string, insight: Partial<Insight>) =>
    postJson<{ insight: Insight }>(`${story(id)}/insights/${encodeURIComponent(insightId)}`, insight, 'PATCH'),
  deleteInsight: (id: string, insightId: string) => postJson<{ deleted: string }>(`${story(id)}/insights/${encodeURIComponent(insightId)}`, {}, 'DELETE'),

  tasks: (filter: { status?: TaskStatus; story?: string } = {}) =>
    getJson<{ items: Task[]; counts: Record<TaskStatus, number> }>(`/api/console/tasks${qs(filter)}`),
  createTask: (input: TaskInput & { title: string }) => postJson<{ task: Task }>('/api/console/tasks', input),
  updateTask: (id: string, input: TaskInput) => postJson<{ task: Task }>(`/api/console/tasks/${encodeURIComponent(id)}`, input, 'PATCH'),
  deleteTask: (id: string) => postJson<{ deleted: string }>(`/api/console/tasks/${encodeURIComponent(id)}`, {}, 'DELETE'),
  assignees: () => getJson<{ items: { id: string; email: string; role: string }[] }>('/api/console/assignees'),
};
