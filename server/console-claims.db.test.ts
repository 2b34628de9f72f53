import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimKey } from '../core/stories/claim-resolution';
import { getStoryById } from '../core/stories/story-repository';
import { createStory } from '../test/factories/stories';
import type { TestClient } from '../test/helpers/http-client';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

let t: TestApp;
let editor: TestClient;
let editorEmail: string;
let reader: TestClient;

const panel = [
  {
    claim: 'The ferry service resumes on Monday with two boats.',
    resolved: true,
    verdict: 'corroborated',
    supporting_outlets: ['Tobago News', 'Trinidad Daily'],
    independent_outlets: ['Tobago News', 'Trinidad Daily'],
    contradicting_outlets: [],
    explanation: 'supported by 2 independent sources: Tobago News, Trinidad Daily',
  },
  {
    claim: 'Fares rise to 75 dollars.',
    resolved: false,
    verdict: 'single source',
    supporting_outlets: ['Tobago News'],
    independent_outlets: ['Tobago News'],
    contradicting_outlets: [],
    explanation: 'only Tobago News supports it',
  },
];
/** A story the publish stage held back for its unresolved claim (a pipeline flag). */
async function waitingStory() {
  const story = await createStory(t.db.knex, {
    title: `Tobago ferry resumes ${Math.random()}`,
    pipeline_stage: 'verified',
    status: 'draft',
    published_at: null,
    ai_risk_level: 'medium',
    auto_publish_eligible: false,
    flag_reason: 'Not auto-published: needs every fact-check item resolved',
    ai_fact_check_panel: panel,
  });
  await t.db.knex('synced_content').where('id', story.id).update({ flag_origin: 'pipeline' });
  return story;
}

beforeAll(async () => {
  t = await startTestApp();
  const e = await t.signedIn('editor', 'claims.editor@c360.test');
  editor = e.client;
  editorEmail = e.user.email;
  reader = (await t.signedIn('reader')).client;
});
afterAll(() => t.close());

describe('claims in the console', () => {
  it('the story view lists each claim with its verdict, outlets and why it is unresolved', async () => {
    const story = await waitingStory();
    const { story: shown } = await editor.json(await editor.get(`/api/console/stories/${story.id}`));
    expect(shown.claims).toEqual([
      expect.objectContaining({
        key: claimKey(panel[0]!.claim),
        verdict: 'corroborated',
        resolved: true,
        unresolved_reason: null,
        supporting_outlets: ['Tobago News', 'Trinidad Daily'],
      }),
      expect.objectContaining({
        key: claimKey(panel[1]!.claim),
        verdict: 'single source',
        resolved: false,
        unresolved_reason: 'single source: only Tobago News supports it',
        decision: null,
      }),
    ]);
    expect(shown.publish_gate).toMatchObject({ ok: false, missing: ['fact_check'] });
  });

  it('confirm: resolved at once, the gate passes and the story is queued for publishing, audited with the editor', async () => {
    const story = await waitingStory();
    const res = await editor.post(`/api/console/stories/${story.id}/claims/2`, { decision: 'confirm', reason: 'The port authority confirmed the fare' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.claim).toMatchObject({
      number: 2,
      decision: 'confirmed',
      resolved: true,
      decided_by: editorEmail,
      decision_reason: 'The port authority confirmed the fare',
    });
    expect(body.queued).toBe(true);
    expect(body.story).toMatchObject({ flag_reason: null, auto_publish_eligible: true, publish_gate: { ok: true } });
    expect(body.story.audit_log.at(-1)).toMatchObject({ action: 'claim_confirmed', user: editorEmail, reason: 'The port authority confirmed the fare' });
    expect(await t.db.knex('synced_content').where('id', story.id).first('pipeline_next')).toEqual({ pipeline_next: 'publish' });
  });

  it('dispute by key: unresolved with the reason, and the story is not eligible', async () => {
    const story = await waitingStory();
    const res = await editor.post(`/api/console/stories/${story.id}/claims/${claimKey(panel[0]!.claim)}`, {
      decision: 'dispute',
      reason: 'Only one boat is running',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.claim).toMatchObject({
      number: 1,
      decision: 'disputed',
      resolved: false,
      unresolved_reason: `disputed by ${editorEmail}: Only one boat is running`,
    });
    expect(body).toMatchObject({ queued: false, story: { auto_publish_eligible: false, publish_gate: { ok: false } } });
  });

  it('dismissing the lead claim needs a reason on the server too (400 without), and the audit keeps who and why', async () => {
    const story = await waitingStory();
    for (const reason of [undefined, '', '   ']) {
      const res = await editor.post(`/api/console/stories/${story.id}/claims/1`, { decision: 'dismiss', reason });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('invalid_input');
    }
    expect((await getStoryById(t.db.knex, story.id))!.audit_log).toEqual([]);
    const res = await editor.post(`/api/console/stories/${story.id}/claims/1`, { decision: 'dismiss', reason: 'A timetable, not a claim to check' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.claim).toMatchObject({ number: 1, decision: 'dismissed', decided_by: editorEmail });
    expect(body.story.audit_log.at(-1)).toMatchObject({ action: 'claim_dismissed', user: editorEmail, reason: 'A timetable, not a claim to check' });
    // Dismissing checks nothing: the story is not labelled as checked by it.
    expect(body.story.verification.state).not.toBe('editor');
  });

  it('answers 400, 404, 403 and 401 with { error: { code, message } }, and changes nothing', async () => {
    const story = await waitingStory();
    const post = (client: TestClient, path: string, body: unknown) => client.post(`/api/console/stories/${path}`, body);
    const cases: [TestClient, string, unknown, number, string][] = [
      [editor, `${story.id}/claims/1`, { decision: 'confirm', reason: '' }, 400, 'invalid_input'],
      [editor, `${story.id}/claims/1`, { decision: 'confirm', reason: '   ' }, 400, 'invalid_input'],
      [editor, `${story.id}/claims/1`, { decision: 'confirm', reason: 'x'.repeat(501) }, 400, 'invalid_input'],
      [editor, `${story.id}/claims/1`, { decision: 'approve', reason: 'ok' }, 400, 'invalid_input'],
      [editor, `${story.id}/claims/1`, { decision: 'confirm' }, 400, 'invalid_input'],
      [editor, `${story.id}/claims/9`, { decision: 'confirm', reason: 'ok' }, 404, 'not_found'],
      [editor, `00000000-0000-4000-8000-00000000dead/claims/1`, { decision: 'confirm', reason: 'ok' }, 404, 'not_found'],
      [editor, `not-a-story/claims/1`, { decision: 'confirm', reason: 'ok' }, 404, 'not_found'],
      [reader, `${story.id}/claims/1`, { decision: 'confirm', reason: 'ok' }, 403, 'forbidden'],
      [t.client(), `${story.id}/claims/1`, { decision: 'confirm', reason: 'ok' }, 401, 'unauthorized'],
    ];
    for (const [client, path, body, status, code] of cases) {
      const res = await post(client, path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      const { error } = await res.json();
      expect(error.code, path).toBe(code);
      expect(typeof error.message).toBe('string');
    }
    const missing = await (await post(editor, `${story.id}/claims/9`, { decision: 'confirm', reason: 'ok' })).json();
    expect(missing.error.message).toBe(`No claim "9" in "${story.title}" (it has 2 claims).`);
    // Without the CSRF header the browser's cookie alone is refused.
    expect((await editor.post(`/api/console/stories/${story.id}/claims/1`, { decision: 'confirm', reason: 'ok' }, { csrf: false })).status).toBe(403);
    expect((await getStoryById(t.db.knex, story.id))!.audit_log).toEqual([]);
  });
});

describe('force publish from the console', () => {
  it('is refused without a reason (400) and applied with one', async () => {
    const story = await waitingStory();
    for (const reason of [undefined, '', '   ']) {
      const res = await editor.post(`/api/console/stories/${story.id}/override`, { action: 'publish', reason });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^Force publish needs a reason/) });
    }
    expect((await getStoryById(t.db.knex, story.id))!.pipeline_stage).toBe('verified');
    const res = await editor.post(`/api/console/stories/${story.id}/override`, { action: 'publish', reason: 'Editor in chief decided' });
    expect(res.status).toBe(200);
    expect((await res.json()).story).toMatchObject({
      pipeline_stage: 'published',
      audit_log: expect.arrayContaining([expect.objectContaining({ action: 'manual_override_publish', user: editorEmail, reason: 'Editor in chief decided' })]),
    });
  });
});
