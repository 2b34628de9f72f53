import { Command, InvalidArgumentError } from 'commander';
import { cliActor } from '../../core/actor';
import { publishStory } from '../../core/editorial/publish-story';
import { resolveStoryId } from '../../core/editorial/story-lookup';
import { C360Error } from '../../core/errors';
import { NO_FEATURE, type FeatureOptions } from '../../core/stories/publishing';
import { withContext } from '../context';
import { printJson } from '../output';

function parseFeature(value: string): Array<'home' | 'section'> {
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p !== 'home' && p !== 'section'))
    throw new InvalidArgumentError('--feature must be home, section, or home,section.');
  return parts as Array<'home' | 'section'>;
}

function parsePriority(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 5) throw new InvalidArgumentError('--priority must be 1 (Highest) to 5 (Lowest).');
  return n;
}

function parseExpiry(value: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value);
  if (Number.isNaN(date.getTime())) throw new InvalidArgumentError('--expires must be a date (2026-12-31) or a date and time (2026-12-31T18:00:00Z).');
  return date.toISOString();
}

export function publishCommand(): Command {
  return new Command('publish')
    .argument('[id]', 'the story to publish (UUID or its first 8 characters); without it, auto-publish every story that is ready')
    .description(
      'publish stories through the gate (at least two independent sources, an official advisory counting as one; the lead corroborated and nothing contradicted, every fact-check item resolved).\n' +
        'Without an ID: publish each fact-checked story that passes the gate with low or medium risk (or that an editor approved), and flag the rest for review.\n' +
        'With an ID: publish that story, featured if asked, or say which requirement it misses (exit 1).',
    )
    .option('--feature <where>', 'with an ID: feature it on the home page, its section, or both (home, section, home,section)', parseFeature)
    .option('--priority <n>', 'with --feature: 1 Highest (default) to 5 Lowest', parsePriority)
    .option('--expires <date>', 'with --feature: when featuring ends (default: no expiration)', parseExpiry)
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, flags: { feature?: Array<'home' | 'section'>; priority?: number; expires?: string; json?: boolean }) => {
      if (!flags.feature && (flags.priority !== undefined || flags.expires !== undefined)) {
        throw new C360Error('invalid_input', '--priority and --expires only apply with --feature.', {
          hint: 'Example: c360 publish ID --feature home --priority 2 --expires 2026-12-31',
        });
      }
      if (!id) {
        if (flags.feature)
          throw new C360Error('invalid_input', '--feature needs a story ID.', {
            hint: 'Auto-publishing never features stories; feature one with `c360 publish ID --feature home`.',
          });
        const { runStagesCommand } = await import('../pipeline-context');
        await runStagesCommand('publish', ['publish'], { json: flags.json }, (result) => [
          `Auto-publish: ${result.stats.autoPublished} published, ${result.stats.flaggedForReview} flagged for review (see \`c360 review\`)${result.stats.failed ? `, ${result.stats.failed} failed` : ''}.`,
        ]);
        return;
      }
      const feature: FeatureOptions = flags.feature
        ? {
            homepage: flags.feature.includes('home'),
            section: flags.feature.includes('section'),
            priority: flags.priority ?? 1,
            expiresAt: flags.expires ?? null,
          }
        : NO_FEATURE;
      await withContext('publish', async ({ db }) => {
        const storyId = await resolveStoryId(db.knex, id);
        const story = await publishStory(db.knex, { id: storyId, feature, actor: cliActor('publish'), now: new Date() });
        if (flags.json) return printJson(story);
        const featured = feature.homepage || feature.section;
        console.log(`Article Published: Successfully published "${story.title}" with ${featured ? 'featured' : 'standard'} status.`);
      });
    });
}
