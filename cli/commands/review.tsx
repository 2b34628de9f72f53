import { Command } from 'commander';
import { cliActor } from '../../core/actor';
import { applyOverride } from '../../core/editorial/apply-override';
import { ATTENTION_LIMIT, listAttentionStories } from '../../core/editorial/attention';
import { resolveClaim } from '../../core/editorial/resolve-claim';
import { countUnresolved, presentClaims } from '../../core/stories/claim-resolution';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { withContext } from '../context';
import { printRows } from '../print-rows';

const DONE = { approve: 'Approved', reject: 'Rejected', escalate: 'Escalated', publish: 'Force-published' } as const;

export function reviewCommand(): Command {
  return new Command('review')
    .description(
      `review the stories that need attention (flagged or not auto-eligible, newest first, at most ${ATTENTION_LIMIT}) on an interactive screen:\n` +
        "a approve, r reject, e escalate (each with an optional reason), p force publish (a reason and y/N); the selected story's claims with 1-9 to pick one and\n" +
        'c confirm, d dispute, x dismiss it (with a reason); q quits. Without a terminal (or with --json) it only lists them.',
    )
    .option('--json', 'print the list as JSON instead of the interactive screen')
    .action(async (flags: { json?: boolean }) => {
      await withContext('review', async ({ db }) => {
        const load = () => listAttentionStories(db.knex);
        if (flags.json || !process.stdin.isTTY || !process.stdout.isTTY) {
          const stories = await load();
          await printRows(
            stories,
            [
              { header: 'ID', value: (s) => s.id.slice(0, 8) },
              { header: 'STATUS', value: (s) => statusLabel(s) },
              { header: 'RISK', value: (s) => s.ai_risk_level },
              { header: 'SRC', value: (s) => s.source_count },
              { header: 'CLAIMS', value: (s) => `${countUnresolved(s.ai_fact_check_panel)}/${(s.ai_fact_check_panel ?? []).length} open` },
              { header: 'TITLE', value: (s) => s.title, width: 50 },
              { header: 'FLAG', value: (s) => s.flag_reason ?? '', width: 60 },
            ],
            { json: flags.json, title: 'Stories needing attention', jsonValue: stories.map((s) => ({ ...s, claims: presentClaims(s.ai_fact_check_panel) })) },
          );
          if (!flags.json) {
            process.stderr.write(
              "See a story's claims with `c360 stories show ID`; resolve one with `c360 claims resolve ID N confirm|dispute|dismiss --reason TEXT`.\n",
            );
            process.stderr.write(
              'Act on a story with `c360 override ID approve|reject|escalate [--reason TEXT]` or `c360 override ID publish --reason TEXT --yes`.\n',
            );
          }
          return;
        }
        const act = async (id: string, action: Parameters<typeof applyOverride>[1]['action'], reason: string) => {
          const story = await applyOverride(db.knex, { id, action, reason: reason || undefined, actor: cliActor('review'), now: new Date() });
          return `${DONE[action]}: ${story.title}`;
        };
        const resolve = async (id: string, claim: number, action: Parameters<typeof resolveClaim>[1]['action'], reason: string) => {
          const result = await resolveClaim(db.knex, { id, claim: String(claim), action, reason, actor: cliActor('review'), now: new Date() });
          return `Claim ${claim} ${result.claim.decision}: ${result.story.title}${result.queued ? ' (queued for publishing)' : ''}`;
        };
        // Ink and the screen load only when the screen is drawn (a pipe prints the plain list above).
        const [{ render }, { ReviewScreen }] = await Promise.all([import('ink'), import('../views/ReviewScreen')]);
        const app = render(<ReviewScreen load={load} act={act} resolve={resolve} />);
        await app.waitUntilExit();
      });
    });
}
