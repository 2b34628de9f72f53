/**
 * Browser-test harness: the real built web app (web/dist and its SSR bundle) served by the real
 * app in-process on 127.0.0.1, over a fresh test database, with a real local SMTP server, driven
 * by Debian's Chromium through playwright-core.
 *
 *   const site = await startSite({ seed: async (db, now) => { … } });
 *   const context = await site.newContext();             // a fresh browser profile
 *   await site.signInAs(context, 'editor');              // cookies of a real session (fast path)
 *   const page = await context.newPage();
 *   await page.goto(`${site.url}/dashboard`);
 *   await site.screenshot(page, 'console-home');          // test-results/screenshots/console-home.png
 *   await site.smtp.waitForMessage((m) => …);             // e-mails the app sent
 *   await site.close();
 *
 * Needs `npm run build:web` first and Chromium at /usr/bin/chromium (apt package chromium).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { addUser } from '../../core/accounts/accounts';
import { createSession } from '../../core/accounts/sessions';
import type { Role, User } from '../../core/accounts/user';
import { loadConfig } from '../../core/config';
import type { Database } from '../../core/db/open-database';
import { silentLogger } from '../../core/logger';
import { createMailer } from '../../core/mail/mailer';
import { createApp, type C360App } from '../../server/app';
import { startServer, type RunningServer } from '../../server/start-server';
import { startMailCatcher, type MailCatcher } from '../../cli/demo/mail-catcher';
import { startTestSmtpServer, type TestSmtpServer } from '../helpers/smtp-server';
import { openTestDatabase } from '../helpers/test-database';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
export const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Site = {
  url: string;
  db: Database;
  app: C360App;
  smtp: TestSmtpServer;
  browser: Browser;
  /** A fresh browser profile (cookies, storage); phone-sized with `{ viewport: { width: 375, height: 812 } }`. */
  newContext: (options?: Parameters<Browser['newContext']>[0]) => Promise<BrowserContext>;
  /** A user with that role and a password ('correct horse 42' unless given). */
  addUser: (role: Role, email?: string) => Promise<User & { password: string }>;
  /** Signs a browser profile in as a new (or given) user of that role by giving it a real session's cookies. */
  signInAs: (context: BrowserContext, role: Role, email?: string) => Promise<User & { password: string }>;
  screenshot: (page: Page, name: string) => Promise<string>;
  close: () => Promise<void>;
};

let users = 0;

/**
 * `mail`: 'test-server' (default) sends to the test SMTP server (site.smtp); 'none' runs without
 * SMTP (the newsletter box is hidden); 'demo-catcher' sends to the demo's mail catcher, which
 * keeps the messages for the console's Outbox.
 */
export async function startSite(
  options: { seed?: (db: Database, now: Date) => Promise<void>; env?: Record<string, string>; mail?: 'test-server' | 'none' | 'demo-catcher' } = {},
): Promise<Site> {
  if (!existsSync(`${WEB_DIST}index.html`)) throw new Error('The web app is not built: run `npm run build:web` before the browser tests.');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: apt-get install -y chromium`);
  const db = await openTestDatabase();
  const smtp = await startTestSmtpServer();
  const now = new Date();
  await options.seed?.(db, now);
  const mail = options.mail ?? 'test-server';
  const catcher: MailCatcher | null = mail === 'demo-catcher' ? await startMailCatcher(db.knex, { logger: silentLogger }) : null;
  const smtpEnv: Record<string, string> = mail === 'none' ? {} : { SMTP_URL: catcher?.url ?? smtp.url, SMTP_FROM: 'C360 <news@c360.test>' };
  const config = loadConfig({ ...smtpEnv, C360_LOG_LEVEL: 'silent', ...options.env }, fileURLToPath(new URL('../..', import.meta.url)));
  const app = createApp({
    db,
    config,
    logger: silentLogger,
    webDist: WEB_DIST,
    secret: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    mailer: createMailer(config.smtp),
    mailCatcher: catcher !== null,
    // Browser tests sign in and subscribe more often than a person would.
    rateLimits: { signIn: { limit: 1000, windowMs: 60_000 }, signUp: { limit: 1000, windowMs: 60_000 }, newsletter: { limit: 1000, windowMs: 60_000 } },
  });
  await app.ready;
  const server: RunningServer = await startServer(app, { host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  mkdirSync(SCREENSHOTS, { recursive: true });

  const addTestUser = async (role: Role, email?: string) => {
    const password = 'correct horse 42';
    const user = await addUser(db.knex, { email: email ?? `${role}-${++users}-${Date.now()}@c360.test`, role, password });
    return { ...user, password };
  };

  return {
    url: server.url,
    db,
    app,
    smtp,
    browser,
    newContext: (contextOptions) => browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions }),
    addUser: addTestUser,
    signInAs: async (context, role, email) => {
      const user = await addTestUser(role, email);
      const session = await createSession(db.knex, { user, method: 'password', now: new Date() });
      const url = server.url;
      await context.addCookies([
        { name: 'c360_at', value: session.accessToken, url, httpOnly: true, sameSite: 'Lax' },
        { name: 'c360_rt', value: session.refreshToken, domain: '127.0.0.1', path: '/api/auth', httpOnly: true, sameSite: 'Lax' },
      ]);
      return user;
    },
    screenshot: async (page, name) => {
      const path = `${SCREENSHOTS}${name}.png`;
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close: async () => {
      await browser.close();
      (app as { closeStreams?: () => void }).closeStreams?.();
      await server.close();
      await app.shutdown();
      await smtp.close();
      await catcher?.close();
      await db.close();
    },
  };
}
