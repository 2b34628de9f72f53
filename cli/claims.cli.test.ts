import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/open-database';
import { insertRawItems, type FixtureItem } from '../test/factories/raw-items';
import { existsSync } from 'node:fs';
import { execa } from 'execa';
import { BIN, runCli, migratedDataDir, tempDataDir } from '../test/helpers/run-cli';

const fixture = JSON.parse(readFileSync(new URL('../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const dataDir = tempDataDir();
const env = { C360_DATA_DIR: dataDir };
type Listed = { id: string; title: string; source_count: number; ai_fact_check_panel: { claim: string; resolved: boolean; verdict: string }[] };
let review: Listed[];
/** Stories the run left for review with exactly one claim, a single-source one (the demo's common case). */
const waiting = (n: number) => review.filter((s) => s.ai_fact_check_panel.length === 1 && s.ai_fact_check_panel[0]!.verdict === 'single source')[n]!;

beforeAll(async () => {
  await migratedDataDir(dataDir);
  const db = await openDatabase(loadConfig({ C360_DATA_DIR: dataDir }), { command: 'test seed' });
  await insertRawItems(
    db.knex,
    fixture.items.map((i) => ({ outlet: i.outlet, title: i.title, summary: i.summary, published_at: i.published_at, created_at: i.published_at })),
  );
  await db.close();
  const run = await runCli(['pipeline', 'run', '--json'], { env });
  expect(run.exitCode, run.stderr).toBe(0);
  review = JSON.parse((await runCli(['review', '--json'], { env })).stdout);
}, 240_000);

describe('claims from the command line (real binary, embedded database)', () => {
  it('stories show lists each claim with its verdict, outlets and why it is unresolved; --json includes them', async () => {
    const story = waiting(0);
    const show = await runCli(['stories', 'show', story.id], { env });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(show.stdout).toContain('Claims (1, 1 unresolved):');
    expect(show.stdout).toContain(`  1. [single source] ${story.ai_fact_check_panel[0]!.claim}`);
    expect(show.stdout).toMatch(/key [0-9a-f]{12} · supported by .+ · contradicted by —/);
    expect(show.stdout).toMatch(/unresolved: single source: only .+ supports it/);
    expect(show.stdout).toContain(`c360 claims resolve ${story.id.slice(0, 8)} N confirm|dispute|dismiss --reason TEXT`);
    const json = JSON.parse((await runCli(['stories', 'show', story.id, '--json'], { env })).stdout);
    expect(json.claims).toHaveLength(1);
    expect(json.claims[0]).toMatchObject({
      verdict: 'single source',
      resolved: false,
      decision: null,
      unresolved_reason: expect.stringMatching(/^single source: /),
    });

    const list = await runCli(['review'], { env });
    expect(list.stdout).toContain('CLAIMS');
    expect(list.stdout).toContain('1/1 open');
    expect(list.stderr).toContain('c360 claims resolve ID N');
  }, 240_000);

  it('claims resolve confirms a claim with a reason and weighs the story again at once; the audit names the operator', async () => {
    const story = waiting(1);
    const done = await runCli(['claims', 'resolve', story.id.slice(0, 8), '1', 'confirm', '--reason', 'Police confirmed it'], { env });
    expect(done.exitCode, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Claim 1 confirmed: ${story.ai_fact_check_panel[0]!.claim}`);
    expect(done.stdout).toContain(`"${story.title}" is now verified`);
    const json = JSON.parse((await runCli(['stories', 'show', story.id, '--json'], { env })).stdout);
    expect(json.claims[0]).toMatchObject({
      decision: 'confirmed',
      resolved: true,
      decision_reason: 'Police confirmed it',
      decided_by: expect.stringMatching(/^cli:claims resolve \(/),
    });
    expect(json.audit_log.at(-1)).toMatchObject({ action: 'claim_confirmed', reason: 'Police confirmed it' });
    expect(json.audit_log.at(-1).user).toMatch(/^cli:claims resolve \(/);

    const key = json.claims[0].key as string;
    const dispute = JSON.parse(
      (await runCli(['claims', 'resolve', story.id.slice(0, 8), key, 'dispute', '--reason', 'Family says seven', '--json'], { env })).stdout,
    );
    expect(dispute).toMatchObject({ claim: { number: 1, decision: 'disputed', resolved: false }, queued: false, story: { auto_publish_eligible: false } });
  }, 240_000);

  it('says what went wrong and what to do for an unknown story or claim, a missing reason or a bad decision', async () => {
    const story = waiting(2);
    const cases: [string[], RegExp][] = [
      [['claims', 'resolve', 'ffffffff', '1', 'confirm', '--reason', 'x'], /^c360: No story id starts with ffffffff\.\n {2}Use `c360 stories list`/],
      [
        ['claims', 'resolve', story.id.slice(0, 8), '4', 'confirm', '--reason', 'x'],
        new RegExp(
          `^c360: No claim "4" in "${story.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" \\(it has 1 claim\\)\\.\\n {2}Use a claim's number \\(1 to 1\\) or its key`,
        ),
      ],
      [['claims', 'resolve', story.id.slice(0, 8), '1', 'confirm'], /^c360: A reason is required\.\n {2}Add --reason "why"/],
      [
        ['claims', 'resolve', story.id.slice(0, 8), '1', 'confirm', '--reason', 'x'.repeat(501)],
        /^c360: The reason is 501 characters long; at most 500 are kept\.\n/,
      ],
    ];
    for (const [args, expected] of cases) {
      const result = await runCli(args, { env });
      expect(result.exitCode, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toMatch(expected);
    }
    const bad = await runCli(['claims', 'resolve', story.id.slice(0, 8), '1', 'approve', '--reason', 'x'], { env });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr).toContain('must be one of confirm, dispute, dismiss');
  }, 240_000);

  it('force publish needs a reason, and --yes when there is no terminal to confirm on', async () => {
    const story = waiting(3);
    const noReason = await runCli(['override', story.id.slice(0, 8), 'publish'], { env });
    expect(noReason.exitCode).toBe(1);
    expect(noReason.stderr).toMatch(/^c360: Force publish needs a reason: A reason is required\.\n {2}Add --reason/);
    const noYes = await runCli(['override', story.id.slice(0, 8), 'publish', '--reason', 'Confirmed with the festival'], { env });
    expect(noYes.exitCode).toBe(1);
    expect(noYes.stderr).toContain('Force publish asks for confirmation, and there is no terminal to ask on.');
    expect(noYes.stderr).toContain('Pass --yes to confirm it in a script.');
    expect(JSON.parse((await runCli(['stories', 'show', story.id, '--json'], { env })).stdout).pipeline_stage).toBe('verified');
    const forced = await runCli(['override', story.id.slice(0, 8), 'publish', '--reason', 'Confirmed with the festival', '--yes'], { env });
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Article force-published');
  }, 240_000);

  // util-linux's script(1) gives the command a terminal, as an operator has one.
  it.skipIf(!existsSync('/usr/bin/script'))(
    'on a terminal, force publish asks y/N: anything but y changes nothing',
    async () => {
      const story = waiting(4);
      const onTerminal = (answer: string) =>
        execa('script', ['-qec', `node ${BIN} override ${story.id.slice(0, 8)} publish --reason 'Confirmed by phone'`, '/dev/null'], {
          cwd: tmpdir(),
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', C360_LOG_LEVEL: 'warn', ...env },
          extendEnv: false,
          reject: false,
          input: answer,
          timeout: 60_000,
        });
      const no = await onTerminal('n\n');
      expect(no.stdout).toContain(`Force publish "${story.title}" without passing the publish gate? [y/N]`);
      expect(no.stdout).toContain('Force publish cancelled; nothing changed.');
      expect(JSON.parse((await runCli(['stories', 'show', story.id, '--json'], { env })).stdout).pipeline_stage).toBe('verified');
      const yes = await onTerminal('y\n');
      expect(yes.stdout).toContain(`Article force-published: "${story.title}"`);
      expect(JSON.parse((await runCli(['stories', 'show', story.id, '--json'], { env })).stdout).audit_log.at(-1)).toMatchObject({
        action: 'manual_override_publish',
        reason: 'Confirmed by phone',
      });
    },
    240_000,
  );
});
