import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../core/config';
import { openDatabase } from '../core/db/open-database';
import type { Story } from '../core/stories/story';
import { createStory } from '../test/factories/stories';
import { migratedDataDir, runCli, tempDataDir } from '../test/helpers/run-cli';

const dataDir = tempDataDir();
const env = { C360_DATA_DIR: dataDir };
let story: Story;

beforeAll(async () => {
  await migratedDataDir(dataDir);
  const db = await openDatabase(loadConfig({ C360_DATA_DIR: dataDir }), { command: 'test seed' });
  story = await createStory(db.knex, { title: 'Short ids find their story', pipeline_stage: 'drafted', status: 'draft', published_at: null });
  await db.close();
}, 60_000);

describe('c360 stories show', () => {
  it('accepts the 8-character id that `stories list` prints', async () => {
    const list = await runCli(['stories', 'list'], { env });
    const short = story.id.slice(0, 8);
    expect(list.stdout).toContain(short);
    const show = await runCli(['stories', 'show', short, '--json'], { env });
    expect(show.exitCode, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ id: story.id, title: 'Short ids find their story' });
    const missing = await runCli(['stories', 'show', 'ffffffff'], { env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toMatch(/ffffffff/);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
