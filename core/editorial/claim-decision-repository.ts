import type { Knex } from 'knex';
import type { ClaimDecision, EditorClaimDecision } from '../stories/claim-resolution';

/** Rows of claim_decisions (migrations/20261125000100) to and from EditorClaimDecision. */

type Row = { claim_key: string; decision: ClaimDecision; reason: string; actor: string; decided_at: string | Date };

const toDecision = (row: Row): EditorClaimDecision => ({
  key: row.claim_key,
  decision: row.decision,
  reason: row.reason,
  actor: row.actor,
  decided_at: new Date(row.decided_at).toISOString(),
});

/** The decisions made on a story's claims while its sources were at this version. */
export async function listClaimDecisions(db: Knex, storyId: string, sourcesVersion: number): Promise<EditorClaimDecision[]> {
  const rows = (await db('claim_decisions')
    .select('claim_key', 'decision', 'reason', 'actor', 'decided_at')
    .where({ story_id: storyId, sources_version: sourcesVersion })
    .orderBy('decided_at')) as Row[];
  return rows.map(toDecision);
}

/** Records (or replaces) an editor's decision on one claim. */
export async function saveClaimDecision(
  db: Knex,
  input: { storyId: string; key: string; claim: string; decision: ClaimDecision; reason: string; actor: string; sourcesVersion: number; now: Date },
): Promise<void> {
  await db('claim_decisions')
    .insert({
      story_id: input.storyId,
      claim_key: input.key,
      claim: input.claim,
      decision: input.decision,
      reason: input.reason,
      actor: input.actor,
      sources_version: input.sourcesVersion,
      decided_at: input.now.toISOString(),
    })
    .onConflict(['story_id', 'claim_key'])
    .merge(['claim', 'decision', 'reason', 'actor', 'sources_version', 'decided_at']);
}

/** Drops the decisions made on other sources than the story's current ones; returns how many. */
export async function dropStaleClaimDecisions(db: Knex, storyId: string, sourcesVersion: number): Promise<number> {
  // Counted from the rows returned: the embedded driver does not report a delete's row count.
  const rows = await db('claim_decisions').where('story_id', storyId).whereNot('sources_version', sourcesVersion).del(['claim_key']);
  return Array.isArray(rows) ? rows.length : Number(rows);
}
