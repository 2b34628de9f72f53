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
    if (options.requireSchema !== false) await assertMigrated(db.knex);
    return await run({ config, db, logger });
  } finally {
    await db.close();
  }
}
