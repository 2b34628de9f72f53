import { z } from 'zod';
import { AUTH_REQUEST_BODIES } from './routes/auth';
import { CONSOLE_REQUEST_BODIES } from './routes/console';
import { EDITORIAL_REQUEST_BODIES } from './routes/console-editorial';
import { OUTREACH_REQUEST_BODIES } from './routes/console-outreach';
import { PIPELINE_REQUEST_BODIES } from './routes/console-pipeline';
import { ME_REQUEST_BODIES } from './routes/me';
import { NEWSLETTER_REQUEST_BODIES } from './routes/newsletter';
import { PAGE_VIEW_REQUEST_BODIES } from './routes/page-views';
import { TRANSLATION_REQUEST_BODIES } from './routes/story-translations';

/** Every JSON body a route parses with zod, by "METHOD /api/path" as docs/openapi.json names the operation. */
export const REQUEST_BODIES: Record<string, z.ZodType> = {
  ...AUTH_REQUEST_BODIES,
  ...ME_REQUEST_BODIES,
  ...NEWSLETTER_REQUEST_BODIES,
  ...PAGE_VIEW_REQUEST_BODIES,
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
