/** Shapes the public API sends (server/presenters). The web shares types with the server, not code. */
import type { Coverage } from '../../../core/stories/coverage';
import type { VerificationState } from '../../../core/stories/verification';
import type { StormSearchHit } from '../../../core/storms/storm-search';

export type { Coverage, StormSearchHit, VerificationState };

export type StoryCard = {
  id: string;
  title: string;
  summary: string;
  region: string;
  tags: string[];
  published_at: string | null;
  updated_at: string;
  source_count: number;
  ai_risk_level: string;
  urgency: number;
  storm_type: string | null;
  /** The storm the story reports on: the article links to the Storm Centre. */
  storm?: { id: string; name: string } | null;
  path: string | null;
  score?: number;
  /** BREAKING, decided on the server by the core rule (core/stories/storm-news.ts); absent where not computed. */
  breaking?: boolean;
  trending?: boolean;
  read_minutes?: number;
  view_count?: number;
  /** The language the story is written in (ISO 639-1); its text is marked with it. */
  language?: string;
  /** How the story was checked, by the server's one rule (core/stories/verification.ts). */
  verification?: VerificationState;
};

export type TimelineEntry = { date: string; event: string };
/** marks: numbers (from 1) into the story's source list, shown as source marks. */
export type Quote = { quote: string; author: string; role?: string; platform?: string; verbatim?: boolean; marks?: number[] };
export type MetricRow = { label: string; previous?: string; current: string; trend: string; year?: number; source?: string; source_url?: string };
export type LayerSentence = { text: string; marks?: number[] };
export type Layer = {
  layerType: 'short_version' | 'what_happened' | 'what_locals_saying' | 'why_it_matters' | 'our_take';
  content: string;
  /** The content sentence by sentence with its source marks (absent when unknown or edited since). */
  sentences?: LayerSentence[];
  timeline?: TimelineEntry[];
  quotes?: Quote[];
  metricsTable?: MetricRow[];
};
export type SourceLink = { name: string; url: string | null };

export type Story = StoryCard & {
  slug: string | null;
  layers: Layer[];
  source_list: string[];
  sources?: SourceLink[];
  /** Who carried the story and what is missing (absent for stories the fact-check has not seen). */
  coverage?: Coverage | null;
  triangulation_check: boolean;
  truth_score: number | null;
  fact_check_score: number | null;
};

/** A storm threatening a covered country, as the home page's banner shows it. */
export type StormBanner = {
  id: string;
  name: string;
  classification: string;
  category: number;
  windSpeed: number;
  advisoryNumber: string | null;
  advisoryAt: string;
  nearest: { region: string; distanceKm: number } | null;
  alerts: { type: 'warning' | 'watch'; hazard: string; regions: string[] }[];
  path: string;
};

export type HomeData = {
  storms: StormBanner[];
  lead: StoryCard | null;
  latest: StoryCard[];
  categories: { key: string; label: string; stories: StoryCard[] }[];
  moreNews: StoryCard[];
  moreNewsHasMore: boolean;
  /** The ranked position the next page of More News starts at. */
  moreNewsNext: number;
};

export type Page<T> = { items: T[]; offset: number; limit: number; hasMore: boolean };
export type SectionData = Page<StoryCard> & {
  query: { kind: 'latest' | 'keyword' | 'unknown'; section: string };
  total: number;
  totalCapped: boolean;
};
export type ArticleData = { story: Story; canonicalPath: string; translation?: boolean };
/** A story's text in another language (POST /api/articles/:id/translation). */
export type StoryTranslation = { title: string; summary: string; layers: Layer[]; language: string; cached: boolean };

export type Storm = {
  id: string;
  name: string;
  category: number;
  location: { lat: number; lng: number };
  windSpeed: number;
  pressure: number | null;
  classification?: string;
  movement: string | null;
  status: 'active' | 'developing';
  threatLevel: 'high' | 'moderate' | 'low';
  advisoryNumber?: string | null;
  track?: { lat: number; lng: number; at?: string }[];
  lastUpdate?: string;
};
export type StormAlert = {
  id: string;
  stormId?: string;
  type: 'warning' | 'watch';
  /** NHC's hazard: "Hurricane", "Tropical Storm", "Storm Surge". */
  hazard?: string;
  region: string;
  /** NHC's own wording of the area (English, shown as quoted source text). */
  area?: string;
  advisoryNumber?: string | null;
  message: string;
  severity: 'extreme' | 'moderate';
  issuedAt: string;
  expiresAt: string | null;
};

/** One change since the previous advisory (core/storms/storm-centre ImpactChange). */
export type ImpactChange = {
  kind: 'category' | 'windSpeed' | 'classification' | 'threatLevel' | 'movement' | 'pressure' | 'alertIssued' | 'alertEnded';
  storm?: string;
  from?: string | number | null;
  to?: string | number | null;
  hazard?: string;
  alertType?: 'warning' | 'watch';
  area?: string;
  text: string;
};

export type SessionUser = { email: string; role: 'reader' | 'editor' | 'admin' };
