import type { Knex } from 'knex';
import type { Logger } from '../logger';

/** Words shared by the stages and the runner. Stages import this file, never each other. */

export const STAGES = ['cluster', 'summarise', 'fact_check', 'patterns', 'enrich', 'publish'] as const;
export type StageName = (typeof STAGES)[number];

export type StageStats = { processed: number; autoPublished: number; flaggedForReview: number; failed: number };
export const emptyStats = (): StageStats => ({ processed: 0, autoPublished: 0, flaggedForReview: 0, failed: 0 });

export type ProgressEvent = {
  stage: StageName;
  status: 'started' | 'progress' | 'finished' | 'failed';
  processed?: number;
  failed?: number;
  message?: string;
};
export type OnProgress = (event: ProgressEvent) => void;

/** What every stage needs: the database, time, logs, who acts (audit entries) and who holds leases. */
export type StageContext = {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  /** Written to audit entries and last_updated_by: cliActor(...) or cronActor(...). */
  actor: string;
  /** Lease owner for claimed work, unique per process (host:pid:random). */
  workerId: string;
  /** How long a claim is held before another worker may take the work over. */
  leaseMs: number;
  /** Items or stories claimed per batch. */
  batchSize: number;
  onProgress?: OnProgress;
};

export function addStats(into: StageStats, more: Partial<StageStats>): StageStats {
  into.processed += more.processed ?? 0;
  into.autoPublished += more.autoPublished ?? 0;
  into.flaggedForReview += more.flaggedForReview ?? 0;
  into.failed += more.failed ?? 0;
  return into;
}

/** Retry delay after a failure: 30 s doubling per attempt, at most an hour. Failed work is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}
