/** The story (table synced_content) and its parts, with the spec's field names. */

export const PIPELINE_STAGES = ['ingested', 'enriched', 'ranked', 'drafted', 'verified', 'published'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const LAYER_TYPES = ['short_version', 'what_happened', 'what_locals_saying', 'why_it_matters', 'our_take'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

export type TimelineEntry = { date: string; event: string; outlets?: string[] };
/** item_id and outlets: the report the quotation was found in (and who else printed it). */
export type Quote = { quote: string; author: string; role?: string; platform?: string; item_id?: string; verified?: boolean; sources?: string[] };
/** year, source and source_url: where an indicator row's figure comes from (enrichment rows). */
export type MetricRow = { label: string; previous?: string; current: string; trend: string; year?: number; source?: string; source_url?: string };
/** One sentence of a layer and the source items (and their outlets) it was taken from. */
export type LayerSentence = { text: string; item_ids: string[]; outlets: string[] };

export type Layer = {
  layerType: LayerType;
  content: string;
  /** The content sentence by sentence with its sources (absent on stories written before they were kept). */
  sentences?: LayerSentence[];
  timeline?: TimelineEntry[];
  quotes?: Quote[];
  metricsTable?: MetricRow[];
};

export type FactCheckItem = {
  claim: string;
  resolved: boolean;
  verdict?: string;
  supporting_outlets?: string[];
  [extra: string]: unknown;
};

export type AuditEntry = {
  action: string;
  user: string;
  timestamp: string;
  reason?: string;
  details?: string;
};

/** One outlet's report behind a story, as the fact-check stage recorded it. */
export type StorySource = {
  outlet: string;
  url: string | null;
  owner_group?: string;
  kind?: string;
  independent?: boolean;
  counted_as?: string;
  reason?: string;
  [extra: string]: unknown;
};

export type Story = {
  id: string;
  sanity_id: string | null;
  title: string;
  summary: string;
  region: string;
  slug: string | null;
  status: string;
  pipeline_stage: PipelineStage;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  source_count: number;
  source_list: string[];
  tags: string[];
  layers: Layer[];
  charts: unknown[];
  ai_risk_level: RiskLevel;
  triangulation_check: boolean;
  truth_score: number | null;
  fact_check_score: number | null;
  auto_publish_eligible: boolean;
  human_verified: boolean;
  editor_signed_off: boolean;
  ai_fact_check_panel: FactCheckItem[];
  enrichment_data: Record<string, unknown>;
  external_data_feeds: unknown;
  audit_log: AuditEntry[];
  flag_reason: string | null;
  storm_type: string | null;
  /** The storm the story reports on, when it names one NHC tracks (the pipeline links it). */
  storm_id?: string | null;
  storm_name?: string | null;
  /** The language the layers are written in (ISO 639-1, "en" unless its items were all in another). */
  language?: string;
  urgency: number;
  status_flags: string[];
  sync_status: string | null;
  last_updated_by: string | null;
  is_featured: boolean;
  section_featured: boolean;
  featured_priority: number;
  feature_expires_at: string | null;
  /** Readers' views, counted by the analytics beacon (core/analytics). */
  view_count: number;
  sources: StorySource[];
};

/** Fields a use case may change on a story (derived columns are recomputed by the repository). */
export type StoryPatch = Partial<Omit<Story, 'id' | 'created_at' | 'updated_at' | 'audit_log' | 'view_count'>>;

export function auditEntry(action: string, user: string, now: Date, extra: { reason?: string; details?: string } = {}): AuditEntry {
  const entry: AuditEntry = { action, user, timestamp: now.toISOString() };
  if (extra.reason) entry.reason = extra.reason;
  if (extra.details) entry.details = extra.details;
  return entry;
}

const WORDS_PER_MINUTE = 200;

/** Reading time of the story as published (summary and layers), in whole minutes, at least 1. */
export function readingMinutes(story: Pick<Story, 'summary' | 'layers'>): number {
  const text = [story.summary, ...story.layers.map((l) => l.content)].join(' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
