import { getJson, postJson } from '../../data/api';

/** The Newsletter Builder's calls (server/routes/console-outreach.ts) and the shapes they answer. */

export type TemplateSection = { type: string; title: string };
export type NewsletterTemplate = { id: string; name: string; description: string; frequency: 'daily' | 'weekly'; sections: TemplateSection[]; audienceType: string; suggestedSegments: string[] };
export type NewsletterArticle = { id: string; title: string; summary: string; region: string; published_at: string | null; path: string | null; urgency: number; matchedRules: string[] };
export type NewsletterSection = { id: string; type: string; title: string; content: string; articles: NewsletterArticle[]; priority: number; aiGenerated: boolean };
export type Newsletter = {
  id: string;
  title: string;
  template: string;
  status: 'draft' | 'sending' | 'sent';
  intro: string;
  sections: NewsletterSection[];
  pool_size: number;
  created_by: string;
  created_at: string;
  updated_at: string;
  generated_at: string;
  sent_at: string | null;
};
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'skipped' | 'uncertain';
export type DeliveryProblem = { id: number; email: string; status: DeliveryStatus; attempts: number; last_error: string | null; next_attempt_at: string | null };
export type NewsletterSend = {
  id: string;
  segments: string[];
  requested_by: string;
  recipients: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  counts: Record<DeliveryStatus, number>;
  retrying: number;
  problems: DeliveryProblem[];
};
export type NewsletterDetail = { newsletter: Newsletter; sends: NewsletterSend[] };
export type AudienceSegment = { id: string; name: string; size: number; pending: number; unsubscribed: number; lastSentAt: string | null; engagement: null };
export type Subscriber = { id: string; email: string; status: 'pending' | 'confirmed' | 'unsubscribed'; segments: string[]; source: string; created_at: string; confirmed_at: string | null };
export type RuleType = 'urgency' | 'keyword' | 'topic' | 'region';
export type CurationRule = {
  id: string;
  name: string;
  type: RuleType;
  criteria: { threshold?: number; keywords?: string[]; topics?: string[]; regions?: string[] };
  priority: number;
  enabled: boolean;
  description: string;
  updated_at?: string;
  updated_by?: string | null;
};
export type RuleInput = { name: string; type: RuleType; criteria: CurationRule['criteria']; priority: number; enabled: boolean };

const base = '/api/console';
export const newsletterApi = {
  templates: () => getJson<{ templates: NewsletterTemplate[] }>(`${base}/newsletter/templates`),
  list: () => getJson<{ items: Newsletter[]; hasMore: boolean }>(`${base}/newsletters?limit=20`),
  get: (id: string) => getJson<NewsletterDetail>(`${base}/newsletters/${id}`),
  generate: (template: string) => postJson<NewsletterDetail>(`${base}/newsletters`, { template }),
  edit: (id: string, patch: { title?: string; intro?: string; removeArticleIds?: string[] }) => postJson<NewsletterDetail>(`${base}/newsletters/${id}`, patch, 'PATCH'),
  regenerate: (id: string) => postJson<NewsletterDetail>(`${base}/newsletters/${id}/regenerate`, {}),
  discard: (id: string) => postJson<{ deleted: boolean }>(`${base}/newsletters/${id}`, {}, 'DELETE'),
  preview: (id: string) => getJson<{ subject: string; html: string; text: string }>(`${base}/newsletters/${id}/preview`),
  send: (id: string, segments: string[]) => postJson<{ send: NewsletterSend; recipients: number }>(`${base}/newsletters/${id}/send`, { segments }),
  retry: (id: string, options: { includeBounced: boolean; includeUncertain: boolean }) => postJson<{ requeued: number }>(`${base}/newsletters/${id}/retry`, options),
  segments: (chosen: string[]) =>
    getJson<{ segments: AudienceSegment[]; recipients: number | null }>(`${base}/newsletter/segments${chosen.length ? `?segments=${encodeURIComponent(chosen.join(','))}` : ''}`),
  subscribers: (q: { q?: string; segment?: string; offset?: number }) => {
    const params = new URLSearchParams();
    if (q.q) params.set('q', q.q);
    if (q.segment) params.set('segment', q.segment);
    params.set('offset', String(q.offset ?? 0));
    return getJson<{ items: Subscriber[]; hasMore: boolean }>(`${base}/newsletter/subscribers?${params}`);
  },
  setSegments: (id: string, segments: string[]) => postJson<{ subscriber: Subscriber }>(`${base}/newsletter/subscribers/${id}`, { segments }, 'PATCH'),
  rules: () => getJson<{ rules: CurationRule[] }>(`${base}/newsletter/rules`),
  createRule: (rule: RuleInput) => postJson<{ rule: CurationRule }>(`${base}/newsletter/rules`, rule),
  updateRule: (id: string, patch: Partial<RuleInput>) => postJson<{ rule: CurationRule }>(`${base}/newsletter/rules/${id}`, patch, 'PATCH'),
  deleteRule: (id: string) => postJson<{ deleted: boolean }>(`${base}/newsletter/rules/${id}`, {}, 'DELETE'),
};

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
