import { z } from 'zod';
import { splitSentences } from '../../nlp/analyse';
import { composeContent } from '../../stories/layer-text';
import type { Layer, LayerSentence } from '../../stories/story';

/**
 * What one AI call returns for a story, validated with zod whichever provider wrote it. Every field is
 * required (nullable where the spec says optional) so the same schema serves OpenAI's strict structured
 * output. Each layer is a list of sentences, and every sentence names the reports it was taken from
 * (`sources`: indexes into the reports the writer was given), so each can be traced and shown with
 * its source marks. A layer may be empty: nothing is better than filler. The why-it-matters table is
 * not written here: the enrichment stage adds indicator rows from its data files.
 */

const sourced = z.object({ text: z.string().min(1), sources: z.array(z.number().int().min(0)).min(1).max(20) });
const timelineEntry = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
  event: z.string().min(1),
  sources: z.array(z.number().int().min(0)).min(1).max(20),
});
const quote = z.object({ quote: z.string().min(1), author: z.string().min(1), role: z.string().nullable(), source: z.number().int().min(0) });
const claim = z.object({ text: z.string().min(1), figures: z.array(z.string()), entities: z.array(z.string()) });

export const storySummarySchema = z.object({
  title: z.string().min(3).max(200),
  summary: z.string().min(1),
  layers: z.object({
    short_version: z.object({ sentences: z.array(sourced).min(1).max(2) }),
    what_happened: z.object({ sentences: z.array(sourced).min(1).max(8), timeline: z.array(timelineEntry).max(12) }),
    what_locals_saying: z.object({ sentences: z.array(sourced).max(4), quotes: z.array(quote).max(6) }),
    why_it_matters: z.object({ sentences: z.array(sourced).max(3) }),
    our_take: z.object({ sentences: z.array(sourced).max(4) }),
  }),
  tags: z.array(z.string().min(1)).max(10),
  region: z.string().min(1),
  topics: z.array(z.string().min(1)).max(8),
  urgency: z.number().int().min(0).max(100),
  diaspora_relevance: z.number().int().min(0).max(100),
  claims: z.array(claim).max(10),
});

export type StorySummary = z.infer<typeof storySummarySchema>;
export type SourcedSentence = z.infer<typeof sourced>;

/** The card summary: one to three sentences (one when the reports give one fact; never padded to two). */
export const MIN_SUMMARY_SENTENCES = 1;
export const MAX_SUMMARY_SENTENCES = 3;
/** The short version's budget, as an editor would hold it. */
export const SHORT_VERSION_MAX_WORDS = 45;

export function countSentences(text: string): number {
  return splitSentences(text).length;
}

/** The schema plus the rules a JSON schema cannot say: summary length, and sources that exist. */
export function checkedSummarySchema(reportCount: number) {
  return storySummarySchema.superRefine((value, ctx) => {
    const n = countSentences(value.summary);
    if (n < MIN_SUMMARY_SENTENCES || n > MAX_SUMMARY_SENTENCES) {
      ctx.addIssue({ code: 'custom', path: ['summary'], message: `summary must be ${MIN_SUMMARY_SENTENCES}-${MAX_SUMMARY_SENTENCES} sentences, got ${n}` });
    }
    const badSource = (i: number) => i >= reportCount;
    for (const [name, layer] of Object.entries(value.layers)) {
      layer.sentences.forEach((s, i) => {
        if (s.sources.some(badSource))
          ctx.addIssue({
            code: 'custom',
            path: ['layers', name, 'sentences', i, 'sources'],
            message: `sources must be report numbers from 0 to ${reportCount - 1}`,
          });
      });
    }
    value.layers.what_happened.timeline.forEach((t, i) => {
      if (t.sources.some(badSource))
        ctx.addIssue({
          code: 'custom',
          path: ['layers', 'what_happened', 'timeline', i, 'sources'],
          message: `sources must be report numbers from 0 to ${reportCount - 1}`,
        });
    });
    value.layers.what_locals_saying.quotes.forEach((q, i) => {
      if (badSource(q.source))
        ctx.addIssue({
          code: 'custom',
          path: ['layers', 'what_locals_saying', 'quotes', i, 'source'],
          message: `source must be a report number from 0 to ${reportCount - 1}`,
        });
    });
  });
}

export function validateSummary(value: unknown, reportCount: number): { ok: true; summary: StorySummary } | { ok: false; problems: string[] } {
  const parsed = checkedSummarySchema(reportCount).safeParse(value);
  if (parsed.success) return { ok: true, summary: parsed.data };
  return { ok: false, problems: parsed.error.issues.slice(0, 12).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`) };
}

/** The reports a summary's source numbers point at. */
export type ReportRef = { id: string; outlet: string };

/** The five layers in the reader's order and shape, each sentence with the items and outlets it came from. */
export function toLayers(summary: StorySummary, reports: readonly ReportRef[]): Layer[] {
  const l = summary.layers;
  const refs = (indexes: readonly number[]) => {
    const found = [...new Set(indexes)].map((i) => reports[i]).filter((r): r is ReportRef => Boolean(r));
    return { item_ids: found.map((r) => r.id), outlets: [...new Set(found.map((r) => r.outlet))] };
  };
  const sentences = (list: readonly SourcedSentence[]): LayerSentence[] => list.map((s) => ({ text: s.text.trim(), ...refs(s.sources) }));
  const layer = (layerType: Layer['layerType'], list: readonly SourcedSentence[]): Layer => {
    const out = sentences(list);
    return { layerType, content: composeContent(layerType, out), sentences: out };
  };
  return [
    layer('short_version', l.short_version.sentences),
    {
      ...layer('what_happened', l.what_happened.sentences),
      timeline: l.what_happened.timeline.map((t) => ({ date: t.date, event: t.event, outlets: refs(t.sources).outlets })),
    },
    {
      ...layer('what_locals_saying', l.what_locals_saying.sentences),
      quotes: l.what_locals_saying.quotes.map((q) => {
        const report = reports[q.source];
        return { quote: q.quote, author: q.author, ...(q.role ? { role: q.role } : {}), ...(report ? { platform: report.outlet, item_id: report.id } : {}) };
      }),
    },
    layer('why_it_matters', l.why_it_matters.sentences),
    layer('our_take', l.our_take.sentences),
  ];
}
