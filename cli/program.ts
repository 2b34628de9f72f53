// The whole command tree, built without side effects: the entry (main.ts) parses argv with it, and
// `npm run docs:generate` reads it to write docs/cli.md.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';

/**
 * Every command, in the order help lists them, each loaded only when needed: a run of one command
 * loads that command's modules alone (the whole tree costs about 1.4 s of CPU more at every start).
 */
const COMMANDS: readonly (readonly [string, () => Promise<Command>])[] = [
  ['demo', async () => (await import('./commands/demo')).demoCommand()],
  ['serve', async () => (await import('./commands/serve')).serveCommand()],
  ['stories', async () => (await import('./commands/stories')).storiesCommand()],
  ['feeds', async () => (await import('./commands/feeds')).feedsCommand()],
  ['ingest', async () => (await import('./commands/ingest')).ingestCommand()],
  ['storms', async () => (await import('./commands/storms')).stormsCommand()],
  ['pipeline', async () => (await import('./commands/pipeline')).pipelineCommand()],
  ['cluster', async () => (await import('./commands/cluster')).clusterCommand()],
  ['summarise', async () => (await import('./commands/summarise')).summariseCommand()],
  ['fact-check', async () => (await import('./commands/fact-check')).factCheckCommand()],
  ['pattern-detect', async () => (await import('./commands/pattern-detect')).patternDetectCommand()],
  ['enrich', async () => (await import('./commands/enrich')).enrichCommand()],
  ['publish', async () => (await import('./commands/publish')).publishCommand()],
  ['override', async () => (await import('./commands/override')).overrideCommand()],
  ['review', async () => (await import('./commands/review')).reviewCommand()],
  ['claims', async () => (await import('./commands/claims')).claimsCommand()],
  ['worker', async () => (await import('./commands/worker')).workerCommand()],
  ['schedule', async () => (await import('./commands/schedule')).scheduleCommand()],
  ['users', async () => (await import('./commands/users')).usersCommand()],
  ['newsletter', async () => (await import('./commands/newsletter')).newsletterCommand()],
  ['alerts', async () => (await import('./commands/alerts')).alertsCommand()],
  ['db', async () => (await import('./commands/db')).dbCommand()],
  ['doctor', async () => (await import('./commands/doctor')).doctorCommand()],
];

/** The command the arguments name (`c360 cluster --window 72h` → cluster), if any. */
export function commandNamed(argv: readonly string[]): string | undefined {
  const first = argv[2];
  return COMMANDS.some(([name]) => name === first) ? first : undefined;
}

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/** The command tree: every command (help, `npm run docs:generate`), or only the one named. */
export async function createProgram(only?: string): Promise<Command> {
  const program = new Command('c360')
    .description(
      'C360: verified, layered news for the Caribbean and its diaspora.\nUses the embedded database in ./.c360 unless DATABASE_URL points at PostgreSQL.',
    )
    .version(version, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false });
  const wanted = COMMANDS.filter(([name]) => only === undefined || name === only);
  for (const command of await Promise.all(wanted.map(([, load]) => load()))) program.addCommand(command);
  return program;
}
