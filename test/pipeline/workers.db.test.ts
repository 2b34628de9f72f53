import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '../../core/db/migrations';
import { insertRawItems } from '../factories/raw-items';
import { syntheticNews } from '../factories/synthetic-news';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startCli } from '../helpers/run-cli';

/**
 * Real `c360 worker` processes against PostgreSQL (run in the PostgreSQL pass: C360_TEST_DATABASE_URL).
 * Each test gets a database of its own, created here and dropped after.
 */
const url = process.env.C360_TEST_DATABASE_URL;

async function createDatabase(): Promise<{ url: string; knex: Knex; drop: () => Promise<void> }> {
  const name = `c360_workers_${randomBytes(5).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const dbUrl = new URL(url!);
  dbUrl.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: dbUrl.toString(), pool: { min: 0, max: 4 } });
  await migrateLatest(knex);
  return {
    url: dbUrl.toString(),
    knex,
    drop: async () => {
      await knex.destroy();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

function worker(dbUrl: string, args: string[], env: Record<string, string> = {}) {
  return startCli(['worker', '--exit-when-idle', '--idle', '100ms', '--patterns-every', '1h', ...args], {
    DATABASE_URL: dbUrl,
    C360_LOG_LEVEL: 'warn',
    ...env,
  });
}

type AuditEntry = { action: string; details?: string };

describe.skipIf(!url)('c360 worker processes on PostgreSQL', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ delayMs: 300 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('four workers share 500 items: each item is processed exactly once', async () => {
    const db = await createDatabase();
    try {
      const items = syntheticNews({ events: 125, outlets: 4, end: new Date() });
      expect(items).toHaveLength(500);
      await insertRawItems(db.knex, items);
      const workers = [0, 1, 2, 3].map(() => worker(db.url, ['--batch', '10', '--lease', '20s', '--offline', '--json']));
      const results = await Promise.all(workers);
      for (const r of results) expect(r.exitCode, String(r.stderr)).toBe(0);
      const summaries = results.map((r) => JSON.parse(String(r.stdout)) as { worker: string; cycles: number; stats: { processed: number } });

      const rows = await db.knex('raw_feeds').select('id', 'processing_status', 'attempts', 'story_id');
      expect(rows).toHaveLength(500);
      expect(rows.filter((r) => r.processing_status !== 'processed')).toEqual([]);
      // Claimed once each: a second claim would have counted a second attempt.
      expect(rows.filter((r) => r.attempts !== 1)).toEqual([]);
      const stories = await db.knex('synced_content').select('id', 'audit_log', 'sources_version', 'pipeline_next', 'pipeline_stage', 'source_count');
      // Clustering order varies with the interleaving of workers; the count stays near the 125 events.
      expect(stories.length).toBeGreaterThanOrEqual(125);
      expect(stories.length).toBeLessThanOrEqual(150);
      const outlets = new Map<string, Set<string>>();
      for (const r of await db.knex('raw_feeds').select('story_id', 'outlet')) outlets.set(r.story_id, (outlets.get(r.story_id) ?? new Set()).add(r.outlet));
      // Each item joined exactly one story, once.
      const joined = stories.flatMap((s) =>
        (s.audit_log as AuditEntry[])
          .filter((e) => e.action === 'story_created' || e.action === 'source_added')
          .map((e) => /item ([0-9a-f-]{36})/.exec(e.details ?? '')?.[1]),
      );
      expect(joined).toHaveLength(500);
      expect(new Set(joined).size).toBe(500);
      for (const s of stories) {
        expect(s.pipeline_next).toBeNull();
        expect(s.source_count).toBe(outlets.get(s.id)!.size);
        // A story is summarised at most once per set of sources (a new outlet may legitimately regenerate it).
        const summarised = (s.audit_log as AuditEntry[]).filter((e) => e.action === 'summarised').length;
        expect(summarised).toBeGreaterThanOrEqual(1);
        expect(summarised).toBeLessThanOrEqual(s.sources_version);
      }
      // The work was shared.
      const busy = summaries.filter((s) => s.stats.processed > 0 || s.cycles > 1);
      expect(busy.length).toBeGreaterThanOrEqual(2);
      const runWorkers = await db.knex('pipeline_runs').where('stage', 'worker').select(db.knex.raw(`count(distinct stats->>'worker')::int as n`)).first();
      expect(runWorkers.n).toBeGreaterThanOrEqual(2);
    } finally {
      await db.drop();
    }
  }, 240_000);

  it('a worker killed with SIGKILL mid-batch: its stories finish exactly once after its lease', async () => {
    const db = await createDatabase();
    try {
      await insertRawItems(db.knex, syntheticNews({ events: 30, outlets: 1, end: new Date() }));
      fake.calls = 0;
      const aiEnv = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, C360_AI_MODEL: 'fake-model' };
      const doomed = worker(db.url, ['--batch', '30', '--lease', '3s', '--concurrency', '6'], aiEnv);
      // Wait until it holds leases on stories it is summarising (the fake server answers slowly).
      const started = Date.now();
      for (;;) {
        const leased = await db
          .knex('synced_content')
          .where('pipeline_next', 'summarise')
          .whereRaw(`lease_owner like ?`, [`%:${doomed.pid}:%`])
          .count({ n: '*' })
          .first();
        if (Number(leased?.n) > 0) break;
        if (Date.now() - started > 60_000) throw new Error('the worker never claimed stories');
        await new Promise((r) => setTimeout(r, 25));
      }
      doomed.kill('SIGKILL');
      await doomed;
      const orphaned = await db
        .knex('synced_content')
        .whereRaw(`lease_owner like ?`, [`%:${doomed.pid}:%`])
        .select('id');
      expect(orphaned.length).toBeGreaterThan(0);

      const rescuer = await worker(db.url, ['--batch', '10', '--lease', '3s', '--concurrency', '6'], aiEnv);
      expect(rescuer.exitCode, String(rescuer.stderr)).toBe(0);
      const stories = await db.knex('synced_content').select('id', 'audit_log', 'pipeline_next', 'lease_owner');
      expect(stories).toHaveLength(30);
      for (const s of stories) {
        expect(s.pipeline_next).toBeNull();
        const summarised = (s.audit_log as AuditEntry[]).filter((e) => e.action === 'summarised');
        expect(summarised, `story ${s.id}`).toHaveLength(1);
      }
      // The orphaned stories were finished by the rescuer, after the dead worker's lease.
      for (const { id } of orphaned) {
        const s = stories.find((x) => x.id === id)!;
        expect((s.audit_log as AuditEntry[]).filter((e) => e.action === 'summarised')).toHaveLength(1);
      }
      const items = await db.knex('raw_feeds').select('processing_status');
      expect(items.every((i) => i.processing_status === 'processed')).toBe(true);
      // The dead worker's calls in flight were spent, not applied: more calls than stories.
      expect(fake.calls).toBeGreaterThanOrEqual(30);
    } finally {
      await db.drop();
    }
  }, 240_000);
});
