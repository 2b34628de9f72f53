import { z } from 'zod';
import { LAYER_TYPES } from '../stories/story';

/**
 * The Sanity documents C360 syncs (the console's webhook filter: article, story, layerPack), as the
 * webhook delivers them when its projection is left empty: the whole document, camelCase fields.
 *
 * article / story → one story (synced_content row) keyed by the document's _id (sanity_id):
 *   title (required), summary, region, tags[], slug.current, sourceList[] (outlet names),
 *   stormType, urgency (0–100), layers[] (story only; the five layer types).
 * layerPack → the layers of the story whose _id its `story` reference names: story._ref, layers[].
 * Draft ids ("drafts.…") are refused: only published documents are synced.
 */

export const SYNCED_TYPES = ['article', 'story', 'layerPack'] as const;
export type SyncedType = (typeof SYNCED_TYPES)[number];

const documentId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be a Sanity document id')
  .refine((id) => !id.startsWith('drafts.'), 'draft documents are not synced; publish the document first');

const layer = z
  .object({
    layerType: z.enum(LAYER_TYPES),
    content: z.string().max(20_000),
    timeline: z
      .array(z.object({ date: z.string().max(40), event: z.string().max(500) }))
      .max(50)
      .optional(),
    quotes: z
      .array(
        z.object({ quote: z.string().max(2_000), author: z.string().max(200), role: z.string().max(200).optional(), platform: z.string().max(100).optional() }),
      )
      .max(20)
      .optional(),
    metricsTable: z
      .array(z.object({ label: z.string().max(200), previous: z.string().max(100).optional(), current: z.string().max(100), trend: z.string().max(50) }))
      .max(30)
      .optional(),
  })
  .strip();

const content = {
  _id: documentId,
  _rev: z.string().max(100).optional(),
  title: z.string().trim().min(1).max(500),
  summary: z.string().max(5_000).optional(),
  region: z.string().trim().min(1).max(100).optional(),
  tags: z.array(z.string().trim().min(1).max(80)).max(30).optional(),
  slug: z
    .object({ current: z.string().trim().min(1).max(200) })
    .passthrough()
    .optional(),
  sourceList: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
  stormType: z.string().trim().max(100).optional(),
  urgency: z.number().int().min(0).max(100).optional(),
};

export const articleDocument = z.object({ ...content, _type: z.literal('article') }).passthrough();
export const storyDocument = z.object({ ...content, _type: z.literal('story'), layers: z.array(layer).max(LAYER_TYPES.length).optional() }).passthrough();
export const layerPackDocument = z
  .object({
    _id: documentId,
    _type: z.literal('layerPack'),
    story: z.object({ _ref: documentId }).passthrough(),
    layers: z.array(layer).min(1).max(LAYER_TYPES.length),
  })
  .passthrough();

/**
 * A delivery's body as docs/openapi.json describes it: the member schemas schemaFor() hands to the
 * webhook's validation (by `_type`), so the document cannot drift from them.
 */
export const syncedDocument = z.discriminatedUnion('_type', [articleDocument, storyDocument, layerPackDocument]).meta({
  description:
    'One published Sanity document, as the webhook sends it with an empty projection. A delete (`"operation": "delete"` in a signed body; unsigned, the `sanity-operation: delete` header) needs only the `_id`, which an unsigned delete may send in the `sanity-document-id` header instead.',
});

export type ArticleDocument = z.infer<typeof articleDocument>;
export type StoryDocument = z.infer<typeof storyDocument>;
export type LayerPackDocument = z.infer<typeof layerPackDocument>;
export type SyncedDocument = ArticleDocument | StoryDocument | LayerPackDocument;

export function isSyncedType(type: unknown): type is SyncedType {
  return typeof type === 'string' && (SYNCED_TYPES as readonly string[]).includes(type);
}

export function schemaFor(type: SyncedType) {
  return type === 'article' ? articleDocument : type === 'story' ? storyDocument : layerPackDocument;
}
