import { z } from 'zod';
import { AUTH_QUERIES, AUTH_REQUEST_BODIES } from './routes/auth';
import { CONSOLE_QUERIES, CONSOLE_REQUEST_BODIES } from './routes/console';
import { EDITORIAL_QUERIES, EDITORIAL_REQUEST_BODIES } from './routes/console-editorial';
import { OUTBOX_QUERIES } from './routes/console-outbox';
import { OUTREACH_QUERIES, OUTREACH_REQUEST_BODIES } from './routes/console-outreach';
import { PIPELINE_QUERIES, PIPELINE_REQUEST_BODIES } from './routes/console-pipeline';
import { ME_QUERIES, ME_REQUEST_BODIES } from './routes/me';
import { NEWSLETTER_REQUEST_BODIES } from './routes/newsletter';
import { OG_IMAGE_QUERIES } from './routes/og-image';
import { PAGE_VIEW_REQUEST_BODIES } from './routes/page-views';
import { PUBLIC_STORY_QUERIES } from './routes/public-stories';
import { SANITY_REQUEST_BODIES } from './routes/sanity-webhook';
import { TRANSLATION_REQUEST_BODIES } from './routes/story-translations';
import { STORM_QUERIES } from './routes/storms';

/** Every JSON body a route parses with zod, by "METHOD /api/path" as docs/openapi.json names the operation. */
export const REQUEST_BODIES: Record<string, z.ZodType> = {
  ...AUTH_REQUEST_BODIES,
  ...ME_REQUEST_BODIES,
  ...NEWSLETTER_REQUEST_BODIES,
  ...PAGE_VIEW_REQUEST_BODIES,
  ...SANITY_REQUEST_BODIES,
  ...TRANSLATION_REQUEST_BODIES,
  ...CONSOLE_REQUEST_BODIES,
  ...EDITORIAL_REQUEST_BODIES,
  ...OUTREACH_REQUEST_BODIES,
  ...PIPELINE_REQUEST_BODIES,
};

/**
 * The request body schema docs/openapi.json documents for an operation: the route's own zod
 * schema as JSON Schema 2020-12 (what a client may send, so defaults make fields optional).
 */
export function requestBodySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** Every query string a route parses with zod, by operation. */
export const QUERIES: Record<string, z.ZodType> = {
  ...PUBLIC_STORY_QUERIES,
  ...STORM_QUERIES,
  ...OG_IMAGE_QUERIES,
  ...AUTH_QUERIES,
  ...ME_QUERIES,
  ...CONSOLE_QUERIES,
  ...EDITORIAL_QUERIES,
  ...OUTBOX_QUERIES,
  ...OUTREACH_QUERIES,
  ...PIPELINE_QUERIES,
};

export type QueryParameter = { name: string; in: 'query'; required: boolean; schema: unknown };

/** The query parameters docs/openapi.json documents for an operation: one per field of the route's zod schema. */
export function queryParameters(schema: z.ZodType): QueryParameter[] {
  const json = requestBodySchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}
