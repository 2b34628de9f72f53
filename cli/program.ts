// The whole command tree, built without side effects: the entry (main.ts) parses argv with it, and
// `npm run docs:generate` reads it to write docs/cli.md.
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { dbCommand } from './commands/db';
import { doctorCommand } from './commands/doctor';
import { demoCommand } from './commands/demo';
import { feedsCommand } from './commands/feeds';
import { ingestCommand } from './commands/ingest';
import { serveCommand } from './commands/serve';
import { storiesCommand } from './commands/stories';
import { stormsCommand } from './commands/storms';
import { clusterCommand } from './commands/cluster';
import { enrichCommand } from './commands/enrich';
import { factCheckCommand } from './commands/fact-check';
import { overrideCommand } from './commands/override';
import { claimsCommand } from './commands/claims';
import { patternDetectCommand } from './commands/pattern-detect';
import { pipelineCommand } from './commands/pipeline';
import { publishCommand } from './commands/publish';
import { reviewCommand } from './commands/review';
import { scheduleCommand } from './commands/schedule';
import { summariseCommand } from './commands/summarise';
import { workerCommand } from './commands/worker';
import { usersCommand } from './commands/users';
import { newsletterCommand } from './commands/newsletter';
import { alertsCommand } from './commands/alerts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

export function createProgram(): Command {
  const program = new Command('c360')
    .description(
      'C360: verified, layered news for the Caribbean and its diaspora.\nUses the embedded database in ./.c360 unless DATABASE_URL points at PostgreSQL.',
    )
    .version(version, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ sortSubcommands: false });
  program.addCommand(demoCommand());
  program.addCommand(serveCommand());
  program.addCommand(storiesCommand());
  program.addCommand(feedsCommand());
  program.addCommand(ingestCommand());
  program.addCommand(stormsCommand());
  program.addCommand(pipelineCommand());
  program.addCommand(clusterCommand());
  program.addCommand(summariseCommand());
  program.addCommand(factCheckCommand());
  program.addCommand(patternDetectCommand());
  program.addCommand(enrichCommand());
  program.addCommand(publishCommand());
  program.addCommand(overrideCommand());
  program.addCommand(reviewCommand());
  program.addCommand(claimsCommand());
  program.addCommand(workerCommand());
  program.addCommand(scheduleCommand());
  program.addCommand(usersCommand());
  program.addCommand(newsletterCommand());
  program.addCommand(alertsCommand());
  program.addCommand(dbCommand());
  program.addCommand(doctorCommand());
  return program;
}
