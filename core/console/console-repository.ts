import type { Knex } from 'knex';
import { PIPELINE_STAGES, type PipelineStage } from '../stories/story';

/** SQL the console needs beyond the story repository: counts per stage, row locks. */

export async function countStoriesByStage(db: Knex): Promise<Record<PipelineStage, number> & { all: number }> {
  const { rows } = await db.raw(`select pipeline_stage, count(*)::int as n from synced_content group by pipeline_stage`);
  const counts = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, 0])) as Record<PipelineStage, number>;
  let all = 0;
  for (const row of rows as { pipeline_stage: PipelineStage; n: number }[]) {
    counts[row.pipeline_stage] = Number(row.n);
    all += Number(row.n);
  }
  return { ...counts, all };
}

/** Locks a story row for the rest of the transaction (a check then a write must see one state). */
export async function lockStory(trx: Knex.Transaction, id: string): Promise<boolean> {
  const { rows } = await trx.raw(`select id from synced_content where id = ? for update`, [id]);
  return rows.length > 0;
}
