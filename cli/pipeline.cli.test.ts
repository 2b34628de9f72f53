import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/open-database';
import { insertRawItems, type FixtureItem } from '../test/factories/raw-items';
import { migratedDataDir, runCli } from '../test/helpers/run-cli';

const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };

describe('pipeline commands (real binary, embedded database)', () => {
  it('explain their flags', async () => {
    for (const [args, expected] of [
      [['pipeline', 'run', '--help'], 'cluster → summarise → fact-check → patterns → enrich → publish'],
      [['publish', '--help'], '--feature <where>'],
      [['worker', '--help'], '--lease <duration>'],
    ] as const) {
      const result = await runCli([...args]);
      expect(result.exitCode, args.join(' ')).toBe(0);
      expect(result.stdout.replace(/\s+/g, ' ')).toContain(expected);
    }
  });

  it('run the whole pipeline offline, publish and override from the command line, with the real actor in the audit log', async () => {
    const dataDir = await migratedDataDir();
    const env = { C360_DATA_DIR: dataDir };
    const db = await openDatabase(loadConfig({ C360_DATA_DIR: dataDir }), { command: 'test seed' });
    await insertRawItems(
      db.knex,
      fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
    );
    await db.close();

    const run = await runCli(['pipeline', 'run', '--json'], { env });
    expect(run.exitCode, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    // One story per event, but for one report pair that shares only its town and the word fire (see runner.db.test.ts).
    const events = new Set(fixture.items.map((i) => i.event)).size;
    const stories = result.stats.processed;
    expect(stories).toBeGreaterThanOrEqual(events);
    expect(stories).toBeLessThanOrEqual(events + 1);
    expect(result.stats.autoPublished).toBeGreaterThan(5);
    expect(result.stats.autoPublished + result.stats.flaggedForReview).toBe(stories);
    expect(result.stages.cluster.processed).toBe(fixture.items.length);
    expect(result.provider.name).toBe('offline');

    const review = JSON.parse((await runCli(['review', '--json'], { env })).stdout) as { id: string; title: string; source_count: number }[];
    const single = review.find((s) => s.title.includes('nutmeg'))!;
    expect(single.source_count).toBe(1);
    const refused = await runCli(['publish', single.id.slice(0, 8)], { env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('it needs at least 2 sources');
    expect(refused.stderr).toContain('c360 override ID publish');

    const forced = await runCli(['override', single.id.slice(0, 8), 'publish', '--reason', 'Confirmed with the festival', '--yes', '--json'], { env });
    expect(forced.exitCode, forced.stderr).toBe(0);
    const story = JSON.parse(forced.stdout);
    expect(story.pipeline_stage).toBe('published');
    expect(story.audit_log.at(-1)).toMatchObject({ action: 'manual_override_publish', reason: 'Confirmed with the festival' });
    expect(story.audit_log.at(-1).user).toMatch(/^cli:override \(.+\)$/);

    const bad = await runCli(['override', single.id.slice(0, 8), 'delete'], { env });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('must be one of approve, reject, escalate, publish');
    expect((await runCli(['publish', '--feature', 'home'], { env })).stderr).toContain('--feature needs a story ID');

    const runs = JSON.parse((await runCli(['pipeline', 'runs', '--json'], { env })).stdout);
    expect(runs[0]).toMatchObject({ stage: 'pipeline run', status: 'succeeded', processed: stories });
    expect(runs[0].actor).toMatch(/^cli:pipeline run \(/);
  }, 120_000); // 30 s on an idle 2-core machine; CI may be slower
});
