import { cliActor } from '../core/actor';
import { loadConfig, type Config } from '../core/config';
import { assertMigrated } from '../core/db/migrations';
import { openDatabase, type Database } from '../core/db/open-database';
import { chooseLogFormat, createLogger, type Logger } from '../core/logger';

export type CommandContext = { config: Config; db: Database; logger: Logger };

/**
 * Opens what a command needs, runs it, and always closes the database (releasing the
 * embedded data directory's lock) however the command ends.
 */
export async function withContext<T>(
  command: string,
  run: (context: CommandContext) => Promise<T>,
  options: { requireSchema?: boolean; logDestination?: { write: (chunk: string) => unknown } } = {},
): Promise<T> {
  const config = loadConfig();
  // Readable lines for a person at a terminal, JSON for pipes, files and production (C360_LOG_FORMAT).
  const format = chooseLogFormat(config.logFormat, process.stderr.isTTY === true);
  const logger = createLogger(config.logLevel, options.logDestination, { format, color: format === 'pretty' && process.stderr.hasColors?.() === true });
  const db = await openDatabase(config, { command: `c360 ${command}` });
  const r = db.recovered;
  if (r && r.runs + r.rawItems + r.stories > 0) {
    logger.warn(
      { recovered: r },
      `a process was stopped mid-work: ${r.runs} pipeline run(s) marked failed, ${r.rawItems} source item(s) and ${r.stories} story(ies) released for processing now`,
    );
  }
  try {
    if (options.requireSchema !== false) {
      await assertMigrated(db.knex);
      await refileSectionsOnce(db, command, logger);
    }
    return await run({ config, db, logger });
  } finally {
    await db.close();
  }
}

/**
 * Section pages read the sections stored with each story, the home page files stories afresh: a new
 * release's topic classifier re-files the stored ones before any command reads them (once; the
 * other commands find it done). Commands that migrate the schema themselves (demo) call it after.
 */
export async function refileSectionsOnce(db: Database, command: string, logger: Logger): Promise<void> {
  const started = Date.now();
  // Loaded here, not on import: the classifier's models are not for `--help`.
  const { refileStaleSections } = await import('../core/stories/section-filing');
  const filing = await refileStaleSections(db.knex, { actor: cliActor(command), now: new Date() });
  if (filing.status === 'refiled' && filing.examined > 0) {
    logger.info(
      { examined: filing.examined, refiled: filing.refiled, classifier: filing.running, ms: Date.now() - started },
      `re-filed ${filing.refiled} of ${filing.examined} stories by this release's topic classifier, so section pages list what the home page shows`,
    );
  } else if (filing.status === 'newer_release') {
    logger.warn(
      { stored: filing.previous, running: filing.running },
      `stories were filed into sections by a newer release of C360 (topic classifier ${filing.previous!.version}, this is ${filing.running.version}); left as they are`,
    );
  }
}
