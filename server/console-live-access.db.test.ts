import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeUserRole } from '../core/accounts/accounts';
import { SseStream } from '../test/helpers/sse-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** A live console stream ends when its user loses the editor role or signs out, wherever that happens. */
let t: TestApp;
const open: SseStream[] = [];

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function stream(client: Parameters<typeof SseStream.open>[0]): Promise<SseStream> {
  const s = await SseStream.open(client, '/api/console/events');
  open.push(s);
  expect(s.response.status).toBe(200);
  await s.next('ready');
  return s;
}

describe('console live stream access', () => {
  it("ends a demoted editor's stream when the role changes in the database (as `c360 users role` does)", async () => {
    const { user, client } = await t.signedIn('editor');
    const other = await t.signedIn('editor');
    const s = await stream(client);
    const bystander = await stream(other.client);
    await changeUserRole(t.db.knex, { user: user.email, role: 'reader' });
    await s.next('revoked', 5_000);
    await s.waitForEnd(5_000);
    expect(bystander.isEnded).toBe(false);
    // Reconnecting is refused now.
    const again = await SseStream.open(client, '/api/console/events');
    open.push(again);
    expect(again.response.status).toBe(403);
  });

  it('ends the stream when its session signs out, and the admin demotion through the console too', async () => {
    const { client } = await t.signedIn('editor');
    const s = await stream(client);
    const out = await client.post('/api/auth/sign-out');
    expect(out.status).toBeLessThan(300);
    await s.waitForEnd(5_000);

    const admin = await t.signedIn('admin');
    const target = await t.signedIn('editor');
    const watched = await stream(target.client);
    const res = await admin.client.request('PATCH', `/api/admin/users/${target.user.id}`, { body: { role: 'reader' } });
    expect(res.status).toBe(200);
    await watched.next('revoked', 5_000);
    await watched.waitForEnd(5_000);
  });
});
