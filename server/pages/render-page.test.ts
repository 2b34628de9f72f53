import { fileURLToPath } from 'node:url';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/helpers/capture-logger';
import { createPageRenderer } from './render-page';

/**
 * Odd root paths (`//`, `///`, `/\`) are unknown pages like any other: the normal 404, rendered by
 * the server, with no error in the log (issue 25, item 6: the renderer threw `Invalid URL`).
 */
const SSR_ENTRY = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));
const SHELL = '<html lang="en"><head><!--c360:head--></head><body><div id="root"><!--c360:app--></div><!--c360:data--></body></html>';

describe('createPageRenderer: odd root paths', () => {
  it.each(['/nope', '//', '///', '/\\', '/\\\\', '//x/y'])(
    '%s answers the 404 page without an error-level log',
    async (path) => {
      const { logger, lines } = captureLogger('debug');
      // Unknown paths read nothing from the database.
      const render = await createPageRenderer({ db: {} as Knex, clock: () => new Date('2026-11-27T08:00:00Z'), ssrEntry: SSR_ENTRY, logger });
      const page = await render({ req: { query: {} } as Request, path, shell: SHELL, origin: 'https://c360.test', language: 'EN' });
      expect(page?.status).toBe(404);
      expect(lines().filter((l) => Number(l.level) >= 50)).toEqual([]);
    },
    60_000,
  );
});
