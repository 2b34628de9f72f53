import type { LastDecisionRun } from '../../../../core/console/pipeline-console-repository';
import type { Indicator } from '../../../../core/console/regional-intelligence';
import type { RebuildReport } from '../../../../core/pipeline/cluster/rebuild-clusters';
import { getJson, postJson } from '../../data/api';
import type { StoryCard } from '../stories/api';
import type { Signal } from '../../../../core/pipeline/patterns/signal-repository';
import type { ConsoleRun, LiveStep, RunKind, RunLog, RunStage, StageState } from '../../../../core/operations/console-runs';

/**
 * The pipeline screens' calls (server/routes/console-pipeline.ts) and the shapes they answer:
 * AI Pipeline, Pipeline Testing, Live Publishing, Signal Scanner, Enhanced Signals, Regional
 * Intelligence. Editors and admins; the operator API (/api/admin/pipeline/*) and the scheduler
 * switch are for admins.
 */

export type { ConsoleRun, LiveStep, RunKind, RunLog, RunStage, StageState };

export type StepView = {
  id: LiveStep;
  name: string;
  status: 'idle' | 'running' | 'completed' | 'error';
  waiting: number;
  failed: number;
  detail: string;
  runnable: boolean;
};
export type Principle = {
  key: string;
  label: string;
  rule: string;
  share: number | null;
  met: number;
  checked: number;
  detail: string;
  status: 'met' | 'partial' | 'not_met' | 'no_data';
};
/** The last decision run, as the overview sends it (with its auto-publish rate). */
export type LastRun = LastDecisionRun & { autoPublishRate: number | null };
export type Overview = {
  since: string;
  counts: {
    pendingItems: number;
    failedItems: number;
    failedStories: number;
    publishedSince: number;
    signals: number;
    signalsSince: number;
    patterns: number;
    patternsSince: number;
    attention: number;
    feeds: number;
    signalsLastDay: number;
    patternsLastDay: number;
  };
  stages: Record<string, number> & { all: number };
  principles: Principle[];
  principlesChecked: number;
  lastRun: LastRun | null;
  /** The last finished run this editor started from the console: the card keeps it over a later scheduled run. */
  yourLastRun: LastRun | null;
  /** The last `c360 cluster --rebuild` (dry run or applied). */
  lastRebuild: (RebuildReport & { actor: string; at: string }) | null;
  consoleRun: ConsoleRun | null;
  running: { label: string; actor: string; startedAt: string }[];
  steps: StepView[];
};
export type SchedulerView = {
  enabled: boolean;
  updatedBy: string | null;
  updatedAt: string | null;
  thisServer: { running: boolean; jobs: string[]; detail?: string; server: string; canRun: boolean; startedAt: string | null };
};
export type Publishing = {
  since: string;
  updatedAt: string;
  counters: { processedToday: number; flagged: number; autoPublished: number; humanReviews: number; failed: number; runs: number; publishedToday: number };
  analytics: {
    processingTime: { stories: number; averageMinutes: number | null; medianMinutes: number | null; windowDays: number };
    successRate: number | null;
    signalsDetected: number;
    patternsIdentified: number;
    activeSources: number;
    signalsLastDay: number;
  };
  attention: number;
  consoleRun: ConsoleRun | null;
  running: { label: string; actor: string; startedAt: string }[];
  steps: StepView[];
  scheduler: SchedulerView;
};

export type { Signal };
export type SignalPage = {
  items: Signal[];
  total: number;
  facets: { types: Record<string, number>; regions: Record<string, number>; strengths: Record<string, number> };
};
export type StoryBrief = {
  id: string;
  title: string;
  summary: string;
  region: string;
  pipeline_stage: string;
  status: string;
  published_at: string | null;
  source_count: number;
  urgency: number;
  updated_at: string;
  tags: string[];
  path: string | null;
};
export type Investigation = {
  signal: Signal & { signalKey: string; mentions: number; baseline: number; storyIds: string[]; windowStart: string; windowEnd: string };
  stories: StoryBrief[];
  items: { id: string; title: string; outlet: string; url: string | null; published_at: string | null; created_at: string; story_id: string | null }[];
  draftStoryId: string | null;
};
export type Pattern = {
  id: string;
  name: string;
  description: string;
  confidence: number;
  relatedSignals: string[];
  cluster: string | null;
  strength: string | null;
  emergingTrend: boolean;
  region: string | null;
  storyIds: string[];
  windowStart: string | null;
  windowEnd: string | null;
  updatedAt: string;
  stories: { id: string; title: string; region: string; path: string | null }[];
};
export type StoryCluster = { id: string; label: string; keys: string[]; regions: string[]; size: number; stories: StoryBrief[] };

export type DiasporaRecord = {
  country: string;
  stories: number;
  scored: number;
  averageRelevance: number | null;
  highRelevance: number;
  engagementLevel: 'High' | 'Medium' | 'Low' | null;
  keyIssues: string[];
  sentiment: number | null;
  economicImpact: { indicator: string; value: number; unit: string; year: number } | null;
  population: null;
  politicalInfluence: null;
};
export type ScoredStory = {
  id: string;
  title: string;
  region: string;
  tags: string[];
  pipeline_stage: string;
  diaspora_relevance: number | null;
  urgency: number;
  published_at: string | null;
  path: string | null;
};
export type { Indicator };
export type Intelligence = {
  window: { days: number; from: string; to: string };
  diaspora: {
    records: DiasporaRecord[];
    topStories: ScoredStory[];
    tagged: { total: number; byRegion: Record<string, number>; items: ScoredStory[]; tags: string[] };
    highThreshold: number;
  };
  economic: {
    indicators: Indicator[];
    indicatorsFile: string;
    indicatorsError: string | null;
    stories: { total: number; byRegion: Record<string, number>; items: ScoredStory[]; tags: string[] };
    signals: { id: string; title: string; region: string; strength: string; timestamp: string; sentiment: number }[];
    enrichment: { type: string; subject: string; source: string; stories: number }[];
  };
  regional: {
    regions: {
      region: string;
      stories: number;
      published: number;
      avgUrgency: number | null;
      avgDiaspora: number | null;
      highRisk: number;
      latestAt: string | null;
      topics: { topic: string; stories: number }[];
      signals: { total: number; high: number; byType: Record<string, number> };
      sentiment: number | null;
    }[];
    perDay: { day: string; stories: number }[];
    signalTypes: Record<string, number>;
  };
};

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const pipelineApi = {
  overview: (since: string) => getJson<Overview>(`/api/console/pipeline/overview${qs({ since })}`),
  currentRun: () => getJson<{ run: ConsoleRun | null }>('/api/console/pipeline/runs/current'),
  run: (id: string) => getJson<{ run: ConsoleRun }>(`/api/console/pipeline/runs/${encodeURIComponent(id)}`),
  start: (kind: RunKind, step?: LiveStep) => postJson<{ run: ConsoleRun }>('/api/console/pipeline/runs', step ? { kind, step } : { kind }),
  cancel: (id: string) => postJson<{ run: ConsoleRun }>(`/api/console/pipeline/runs/${encodeURIComponent(id)}/cancel`, {}),
  retry: (id: string, stage: string) => postJson<{ run: ConsoleRun }>(`/api/console/pipeline/runs/${encodeURIComponent(id)}/retry`, { stage }),
  stories: (stage: string, offset = 0, limit = 24) =>
    getJson<{ items: StoryCard[]; hasMore: boolean; counts: Record<string, number> & { all: number } }>(
      `/api/console/stories${qs({ stage: stage === 'all' ? undefined : stage, offset, limit })}`,
    ),

  publishing: (since: string) => getJson<Publishing>(`/api/console/publishing${qs({ since })}`),
  attention: () => getJson<{ items: StoryCard[] }>('/api/console/publishing/attention'),
  setScheduler: (running: boolean) => postJson<{ scheduler: SchedulerView }>('/api/admin/scheduler', { running }, 'PUT'),

  signals: (filter: { type?: string; region?: string; strength?: string; q?: string; limit?: number }) =>
    getJson<SignalPage>(`/api/console/signals${qs(filter)}`),
  investigate: (id: string) => getJson<Investigation>(`/api/console/signals/${encodeURIComponent(id)}`),
  createStory: (id: string) => postJson<{ story: StoryCard; created: boolean }>(`/api/console/signals/${encodeURIComponent(id)}/story`, {}),
  patterns: (filter: { region?: string; strength?: string; q?: string }) => getJson<{ items: Pattern[] }>(`/api/console/patterns${qs(filter)}`),
  clusters: (days = 7) => getJson<{ days: number; storiesConsidered: number; clusters: StoryCluster[] }>(`/api/console/clusters${qs({ days })}`),
  intelligence: (days: number) => getJson<Intelligence>(`/api/console/intelligence${qs({ days })}`),
};
