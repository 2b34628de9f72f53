import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { loadSampleStories } from '../../core/demo/sample-stories';
import { cliActor } from '../../core/actor';
import { migrateLatest } from '../../core/db/migrations';
import { withContext } from '../context';
import { serveUntilStopped } from './serve';
import { parseCount } from './stories';

const SAMPLE_STORIES = fileURLToPath(new URL('../../data/samples/stories.json', import.meta.url));

export function demoCommand(): Command {
  return new Command('demo')
    .description('set up and run C360 on the embedded database: migrate, load the sample stories, serve')
    .option('--port <port>', 'port to listen on (default: PORT or 3360)', parseCount('--port', 65535))
    .option('--no-serve', 'prepare the data and exit without serving')
    .action(async (options: { port?: number; serve: boolean }) => {
      await withContext('demo', async (context) => {
        const migrated = await migrateLatest(context.db.knex);
        process.stderr.write(`Database ready (${context.db.location}; ${migrated.applied.length} migration(s) applied).\n`);
        const samples = await loadSampleStories(context.db.knex, { file: SAMPLE_STORIES, now: new Date(), actor: cliActor('demo') });
        process.stderr.write(
          samples.loaded > 0 ? `Loaded ${samples.loaded} sample stories (fictional outlets; see data/samples/stories.json).\n` : 'Stories already present: sample stories not loaded again.\n',
        );
        if (options.serve) await serveUntilStopped(context, { port: options.port });
      }, { requireSchema: false });
    });
}
