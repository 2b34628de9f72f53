import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Config } from '../core/config';
import type { Database } from '../core/db/open-database';
import type { Logger } from '../core/logger';
import { errorHandler, notFoundApi, sendError } from './http-errors';
import { publicStoriesRouter } from './routes/public-stories';

export type AppDeps = {
  db: Database;
  config: Config;
  logger: Logger;
  clock?: () => Date;
  /** The built web app (vite build output); the SPA is served from here. */
  webDist: string;
};

export function createApp(deps: AppDeps): Express {
  const app = express();
  const clock = deps.clock ?? (() => new Date());
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.get('/healthz', async (_req, res) => {
    try {
      await deps.db.knex.raw('select 1');
      res.json({ status: 'ok', database: deps.db.mode });
    } catch (error) {
      deps.logger.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'unavailable', database: deps.db.mode });
    }
  });

  app.use('/api', express.json({ limit: '100kb' }));
  app.use('/api', publicStoriesRouter({ db: deps.db.knex, clock }));
  app.use('/api', notFoundApi);

  serveWebApp(app, deps.webDist);
  app.use(errorHandler(deps.logger));
  return app;
}

function serveWebApp(app: Express, webDist: string): void {
  const indexPath = join(webDist, 'index.html');
  if (!existsSync(indexPath)) {
    app.use((_req, res) => sendError(res, 503, 'web_not_built', 'The web app is not built yet. Run `npm run build:web` and restart.'));
    return;
  }
  const indexHtml = readFileSync(indexPath, 'utf8');
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDist, { index: false }));
  // Client routes (/, /section/…, /article/…, unknown paths) all get the app shell.
  app.get('/{*splat}', (_req, res) => {
    res.type('html').send(indexHtml);
  });
}
