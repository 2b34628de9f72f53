import { Command } from 'commander';
import { render } from 'ink';
import { cliActor } from '../../core/actor';
import { applyOverride } from '../../core/editorial/apply-override';
import { ATTENTION_LIMIT, listAttentionStories } from '../../core/editorial/attention';
import { statusLabel } from '../../core/stories/pipeline-stages';
import { withContext } from '../context';
import { printRows } from '../print-rows';
import { ReviewScreen } from '../views/ReviewScreen';

const DONE = { approve: 'Approved', reject: 'Rejected', escalate: 'Escalated', publish: 'Force-published' } as const;

export function reviewCommand(): Command {
  return new Command('review')
    .description(
      `review the stories that need attention (flagged or not auto-eligible, newest first, at most ${ATTENTION_LIMIT}) on an interactive screen:\n` +
        'a approve, r reject, e escalate, p force publish, each with an optional reason; q quits. Without a terminal (or with --json) it only lists them.',
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
              { header: 'TITLE', value: (s) => s.title, width: 50 },
              { header: 'FLAG', value: (s) => s.flag_reason ?? '', width: 60 },
            ],
            { json: flags.json, title: 'Stories needing attention' },
          );
          if (!flags.json) process.stderr.write('Act on one with `c360 override ID approve|reject|escalate|publish [--reason TEXT]`.\n');
          return;
        }
        const act = async (id: string, action: Parameters<typeof applyOverride>[1]['action'], reason: string) => {
          const story = await applyOverride(db.knex, { id, action, reason: reason || undefined, actor: cliActor('review'), now: new Date() });
          return `${DONE[action]}: ${story.title}`;
        };
        const app = render(<ReviewScreen load={load} act={act} />);
        await app.waitUntilExit();
      });
    });
}
