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
import { reportError } from './output';

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

/**
 * A reader that goes away (`c360 review | head`, a closed terminal) makes the next write fail with
 * EPIPE, emitted on the stream: unhandled, Node prints a stack trace. Once here, for every
 * command: further output to that stream is dropped and the command ends as it would have.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    stream.write = (() => true) as typeof stream.write;
  });
}

endQuietlyOnClosedPipe(process.stdout);
endQuietlyOnClosedPipe(process.stderr);

try {
  await createProgram().parseAsync(process.argv);
} catch (error) {
  // The only place that reads the environment outside config: the error printer must work
  // even when the configuration itself is what failed.
  process.exitCode = reportError(error, process.env.C360_DEBUG === '1');
}
