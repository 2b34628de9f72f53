import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './start-server';
import { createStaticAnswers, type StaticAnswers } from './static-answers';

let server: RunningServer;
let answers: StaticAnswers;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'c360-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
  writeFileSync(join(dir, 'with space.txt'), 'x');
  writeFileSync(join(dir, 'assets', 'app-1.js'), 'export {};\n'.repeat(50));
  writeFileSync(join(dir, 'assets', 'big-1.js'), 'x'.repeat(5000));
  writeFileSync(join(dir, 'gone.txt'), 'listed, then removed');
  answers = createStaticAnswers({ webDist: dir, maxFileBytes: 4096, maxAnswersPerFile: 4 });
  rmSync(join(dir, 'gone.txt'));
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Request-Id', 'id');
    next();
  });
  app.use(answers.record);
  app.use(answers.enter);
  app.use('/assets', express.static(join(dir, 'assets'), { fallthrough: false }));
  app.use(express.static(dir, { index: false }));
  app.use(answers.leave);
  app.get('/{*splat}', (_req, res) => res.send('shell'));
  server = await startServer(app, { host: '127.0.0.1', port: 0 });
});
afterAll(() => server.close());

const request = (path: string, headers: Record<string, string> = {}) => ({ url: path, method: 'GET', headers }) as unknown as IncomingMessage;

describe('createStaticAnswers', () => {
  it('lists the plain files of the web app and its assets, but the shell, dotfiles, odd names and large files', () => {
    expect(answers.stats().files).toBe(2); // assets/app-1.js, gone.txt
  });

  it("records the app's answer to a kind of request once it was sent, and only that kind", async () => {
    expect(answers.answerFor(request('/assets/app-1.js'))).toBeUndefined();
    const sent = await fetch(`${server.url}/assets/app-1.js`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await sent.arrayBuffer());
    const answer = answers.answerFor(request('/assets/app-1.js', { 'accept-encoding': 'identity' }))!;
    expect(answer.status).toBe(200);
    expect(answer.body.equals(body)).toBe(true);
    expect(answer.head[answer.idAt - 1]).toBe('X-Request-Id');
    expect(answer.head).toContain('ETag');
    expect(answers.answerFor(request('/assets/app-1.js', { 'accept-encoding': 'gzip' }))).toBeUndefined();
    expect(answers.answerFor(request('/assets/app-1.js', { 'accept-encoding': 'identity', range: 'bytes=0-1' }))).toBeUndefined();
    expect(answers.answerFor(request('/assets/app-1.js?v=1', { 'accept-encoding': 'identity' }))).toBeUndefined();
  });

  it('records nothing the static files did not send, and keeps a bounded number of kinds per file', async () => {
    for (const path of ['/index.html', '/missing.js', '/assets/missing.js', '/assets/big-1.js', '/.env']) await fetch(`${server.url}${path}`);
    // Listed at start but gone: the static files pass it on and the shell answers, which is no file's answer.
    expect(await (await fetch(`${server.url}/gone.txt`)).text()).toBe('shell');
    expect(answers.stats().answers).toBe(1);
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.url}/assets/app-1.js`, { headers: { 'if-none-match': `"v${i}"` } })).status).toBe(200);
    expect(answers.stats().answers).toBe(4);
    // The same body is held once, however many kinds of request it answers.
    expect(answers.stats().bytes).toBe(550);
  });
});
