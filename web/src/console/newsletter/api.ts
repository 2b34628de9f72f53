import { getJson, postJson } from '../../data/api';
import type { NewsletterArticle, NewsletterSection } from '../../../../core/newsletter/build-sections';
import type { Newsletter } from '../../../../core/newsletter/newsletter-repository';
import type { DeliveryProblem, DeliveryStatus, NewsletterSend as CoreSend } from '../../../../core/newsletter/send-repository';
import type { NewsletterTemplate, TemplateSection } from '../../../../core/newsletter/templates';
import type { AudienceSegment } from '../../../../core/newsletter/audience';
import type { RuleType } from '../../../../core/newsletter/curation-rules';
import type { DescribedRule } from '../../../../core/newsletter/manage-rules';
import type { Subscriber } from '../../../../core/newsletter/subscriber-repository';

/** The Newsletter Builder's calls (server/routes/console-outreach.ts) and the shapes they answer. */

export type {
  AudienceSegment,
  DeliveryProblem,
  DeliveryStatus,
  Newsletter,
  NewsletterArticle,
  NewsletterSection,
  NewsletterTemplate,
  RuleType,
  Subscriber,
  TemplateSection,
};
export type NewsletterSend = CoreSend & { problems: DeliveryProblem[] };
export type NewsletterDetail = { newsletter: Newsletter; sends: NewsletterSend[] };
export type CurationRule = Omit<DescribedRule, 'criteria'> & { criteria: { threshold?: number; keywords?: string[]; topics?: string[]; regions?: string[] } };
export type RuleInput = { name: string; type: RuleType; criteria: CurationRule['criteria']; priority: number; enabled: boolean };

const base = '/api/console';
export const newsletterApi = {
  templates: () => getJson<{ templates: NewsletterTemplate[] }>(`${base}/newsletter/templates`),
  list: () => getJson<{ items: Newsletter[]; hasMore: boolean }>(`${base}/newsletters?limit=20`),
  get: (id: string) => getJson<NewsletterDetail>(`${base}/newsletters/${id}`),
  generate: (template: string) => postJson<NewsletterDetail>(`${base}/newsletters`, { template }),
  edit: (id: string, patch: { title?: string; intro?: string; removeArticleIds?: string[] }) =>
    postJson<NewsletterDetail>(`${base}/newsletters/${id}`, patch, 'PATCH'),
  regenerate: (id: string) => postJson<NewsletterDetail>(`${base}/newsletters/${id}/regenerate`, {}),
  discard: (id: string) => postJson<{ deleted: boolean }>(`${base}/newsletters/${id}`, {}, 'DELETE'),
  preview: (id: string) => getJson<{ subject: string; html: string; text: string }>(`${base}/newsletters/${id}/preview`),
  send: (id: string, segments: string[]) => postJson<{ send: NewsletterSend; recipients: number }>(`${base}/newsletters/${id}/send`, { segments }),
  retry: (id: string, options: { includeBounced: boolean; includeUncertain: boolean }) =>
    postJson<{ requeued: number }>(`${base}/newsletters/${id}/retry`, options),
  segments: (chosen: string[]) =>
    getJson<{ segments: AudienceSegment[]; recipients: number | null; mail: boolean }>(
      `${base}/newsletter/segments${chosen.length ? `?segments=${encodeURIComponent(chosen.join(','))}` : ''}`,
    ),
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
