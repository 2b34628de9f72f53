import { z } from 'zod';
import { splitSentences } from '../../nlp/analyse';
import type { Layer } from '../../stories/story';

/**
 * What one AI call returns for a story, validated with zod whichever provider wrote it. Every field is
 * required (nullable where the spec says optional) so the same schema serves OpenAI's strict structured
 * output. The Layer shape is the reader spec's; summary length is the console's editorial rule.
 */

const timelineEntry = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'), event: z.string().min(1) });
const quote = z.object({ quote: z.string().min(1), author: z.string().min(1), role: z.string().nullable(), platform: z.string().nullable() });
const metricRow = z.object({ label: z.string().min(1), previous: z.string().nullable(), current: z.string().min(1), trend: z.string() });
const claim = z.object({ text: z.string().min(1), figures: z.array(z.string()), entities: z.array(z.string()) });

export const storySummarySchema = z.object({
  title: z.string().min(3).max(200),
  summary: z.string().min(1),
  layers: z.object({
    short_version: z.object({ content: z.string().min(1) }),
    what_happened: z.object({ content: z.string().min(1), timeline: z.array(timelineEntry).max(12) }),
    what_locals_saying: z.object({ content: z.string().min(1), quotes: z.array(quote).max(10) }),
    why_it_matters: z.object({ content: z.string().min(1), metricsTable: z.array(metricRow).max(12) }),
    our_take: z.object({ content: z.string().min(1) }),
  }),
  tags: z.array(z.string().min(1)).max(10),
  region: z.string().min(1),
  topics: z.array(z.string().min(1)).max(8),
  urgency: z.number().int().min(0).max(100),
  diaspora_relevance: z.number().int().min(0).max(100),
  claims: z.array(claim).max(10),
});

export type StorySummary = z.infer<typeof storySummarySchema>;

export const MIN_SUMMARY_SENTENCES = 2;
export const MAX_SUMMARY_SENTENCES = 3;

export function countSentences(text: string): number {
  return splitSentences(text).length;
}

/** The schema plus the editorial rules a JSON schema cannot say: 2-3 sentence summary, '- ' bullets. */
export const checkedSummarySchema = storySummarySchema.superRefine((value, ctx) => {
  const n = countSentences(value.summary);
  if (n < MIN_SUMMARY_SENTENCES || n > MAX_SUMMARY_SENTENCES) {
    ctx.addIssue({ code: 'custom', path: ['summary'], message: `summary must be 2-3 sentences, got ${n}` });
  }
  if (!value.layers.what_happened.content.split('\n').some((line) => line.startsWith('- '))) {
    ctx.addIssue({ code: 'custom', path: ['layers', 'what_happened', 'content'], message: "what_happened must list the facts as lines starting with '- '" });
  }
});

export function validateSummary(value: unknown): { ok: true; summary: StorySummary } | { ok: false; problems: string[] } {
  const parsed = checkedSummarySchema.safeParse(value);
  if (parsed.success) return { ok: true, summary: parsed.data };
  return { ok: false, problems: parsed.error.issues.slice(0, 12).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}

/** The five layers in the reader's order and shape (nulls from the schema become absent fields). */
export function toLayers(summary: StorySummary): Layer[] {
  const l = summary.layers;
  return [
    { layerType: 'short_version', content: l.short_version.content },
    { layerType: 'what_happened', content: l.what_happened.content, timeline: l.what_happened.timeline },
    {
      layerType: 'what_locals_saying',
      content: l.what_locals_saying.content,
      quotes: l.what_locals_saying.quotes.map((q) => ({ quote: q.quote, author: q.author, ...(q.role ? { role: q.role } : {}), ...(q.platform ? { platform: q.platform } : {}) })),
    },
    {
      layerType: 'why_it_matters',
      content: l.why_it_matters.content,
      metricsTable: l.why_it_matters.metricsTable.map((m) => ({ label: m.label, previous: m.previous ?? 'N/A', current: m.current, trend: m.trend })),
    },
    { layerType: 'our_take', content: l.our_take.content },
  ];
}
