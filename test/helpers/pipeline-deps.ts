import type { Knex } from 'knex';
import { silentLogger } from '../../core/logger';
import type { PipelineDeps } from '../../core/pipeline/runner';
import { createOfflineProvider } from '../../core/pipeline/summarise/offline-provider';

/** A pipeline run as cron makes it, at a fixed time, with the offline writer and no enrichers unless given. */
export function offlinePipelineDeps(db: Knex, now: Date, overrides: Partial<PipelineDeps> = {}): PipelineDeps {
  return {
    db,
    clock: () => now,
    logger: silentLogger,
    actor: 'cron:pipeline',
    workerId: 'test-worker',
    leaseMs: 60_000,
    batchSize: 10,
    ai: createOfflineProvider(),
    enrichers: [],
    ...overrides,
  };
}
