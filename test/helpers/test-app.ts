import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { addUser } from '../../core/accounts/accounts';
import { createSession } from '../../core/accounts/sessions';
import type { Role, User } from '../../core/accounts/user';
import { loadConfig } from '../../core/config';
import type { Database } from '../../core/db/open-database';
import { silentLogger, type Logger } from '../../core/logger';
import { createApp, type AppDeps, type C360App } from '../../server/app';
import { startServer, type RunningServer, type ServerTimeouts } from '../../server/start-server';
import { TestClient } from './http-client';
import { openTestDatabase } from './test-database';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const SHELL_HTML = '<!doctype html><html><head><!--c360:head--><title>shell</title></head><body><div id="root"></div></body></html>';

export type TestApp = {
  db: Database;
  app: C360App;
  server: RunningServer;
  url: string;
  /** The web app's directory the server serves files from (a shell index.html, a favicon and the files given). */
  webDist: string;
  client: () => TestClient;
  /** A user of that role with a live session, and a client holding its cookies. */
  signedIn: (role: Role, email?: string) => Promise<{ user: User; client: TestClient }>;
  close: () => Promise<void>;
};

let counter = 0;

/** The app in-process on 127.0.0.1:0 over a fresh test database (or the one given). */
export async function startTestApp(
  options: Partial<Omit<AppDeps, 'db' | 'config' | 'webDist'>> & {
    env?: Record<string, string>;
    db?: Database;
    logger?: Logger;
    serverTimeouts?: Partial<ServerTimeouts>;
    /** More files of the built web app, by path under its directory (`assets/app-1a2b.js`). */
    webFiles?: Record<string, string | Buffer>;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await openTestDatabase());
  const webDist = mkdtempSync(join(tmpdir(), 'c360-web-'));
  writeFileSync(join(webDist, 'index.html'), SHELL_HTML);
  writeFileSync(join(webDist, 'favicon.ico'), 'icon');
  for (const [path, content] of Object.entries(options.webFiles ?? {})) {
    mkdirSync(dirname(join(webDist, path)), { recursive: true });
    writeFileSync(join(webDist, path), content);
  }
  const config = loadConfig(options.env ?? {}, webDist);
  const { env: _env, db: _db, serverTimeouts, webFiles: _webFiles, ...rest } = options;
  const app = createApp({ secret: TEST_SECRET, logger: silentLogger, ...rest, db, config, webDist });
  await app.ready;
  const server = await startServer(app, { host: '127.0.0.1', port: 0, timeouts: serverTimeouts });
  const clock = options.clock ?? (() => new Date());
  return {
    db,
    app,
    server,
    url: server.url,
    webDist,
    client: () => new TestClient(server.url),
    signedIn: async (role, email) => {
      const user = await addUser(db.knex, { email: email ?? `${role}-${++counter}-${Date.now()}@c360.test`, role, password: 'correct horse 42' });
      const client = new TestClient(server.url);
      const session = await createSession(db.knex, { user, method: 'password', now: clock() });
      client.jar.set(client.host, 'c360_at', session.accessToken);
      client.jar.set(client.host, 'c360_rt', session.refreshToken, '/api/auth');
      return { user, client };
    },
    close: async () => {
      await server.close();
      if (!options.db) await db.close();
    },
  };
}

/** A fresh browser: anonymous (no user), or holding a new password session of that user. */
export async function browserOf(t: TestApp, user?: User): Promise<TestClient> {
  const client = t.client();
  if (user) {
    const session = await createSession(t.db.knex, { user, method: 'password', now: new Date() });
    client.jar.set(client.host, 'c360_at', session.accessToken);
    client.jar.set(client.host, 'c360_rt', session.refreshToken, '/api/auth');
  }
  return client;
}

/** One account per role (reader, editor, admin), addressed `<prefix>-<role>@c360.test`. */
export async function addUserPerRole(t: TestApp, prefix: string, password: string): Promise<Record<Role, User>> {
  const users = {} as Record<Role, User>;
  for (const role of ['reader', 'editor', 'admin'] as const) users[role] = await addUser(t.db.knex, { email: `${prefix}-${role}@c360.test`, role, password });
  return users;
}
