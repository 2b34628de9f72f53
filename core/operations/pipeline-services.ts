import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { IngestDeps } from '../ingest/ingest-feeds';
import { feedUserAgent } from '../ingest/user-agent';
import type { Logger } from '../logger';
import { countryFactsEnricher, indicatorsEnricher } from '../pipeline/enrich/enrichers';
import { newWorkerId, type PipelineDeps } from '../pipeline/runner';
import { createAiProvider } from '../pipeline/summarise/create-provider';

/**
 * What a long-running process (the server) needs to run ingest and the pipeline itself: the same
 * providers, enrichers and fetch settings the CLI uses, built from the configuration.
 */

/** The indicators file shipped with C360 (World Bank GDP figures; see data/indicators/SOURCES.md). */
export const DEFAULT_INDICATORS_FILE = fileURLToPath(new URL('../../data/indicators/caribbean-gdp.csv', import.meta.url));

export function buildPipelineDeps(input: {
  db: Knex;
  config: Config;
  logger: Logger;
  clock: () => Date;
  actor: string;
  offline?: boolean;
  indicators?: string;
  batchSize?: number;
  leaseMs?: number;
  concurrency?: number;
}): PipelineDeps {
  return {
    db: input.db,
    clock: input.clock,
    logger: input.logger,
    actor: input.actor,
    workerId: newWorkerId(),
    leaseMs: input.leaseMs ?? 300_000,
    batchSize: input.batchSize ?? 25,
    ai: createAiProvider(input.config, input.logger, { offline: input.offline }),
    aiConcurrency: input.concurrency ?? 4,
    enrichers: [countryFactsEnricher(), indicatorsEnricher(input.indicators ?? DEFAULT_INDICATORS_FILE)],
  };
}

export function buildIngestDeps(input: { config: Config; logger: Logger; clock: () => Date }): IngestDeps {
  return {
    clock: input.clock,
    logger: input.logger,
    fetch: {
      userAgent: feedUserAgent(input.config.publicUrl),
      allowPrivate: input.config.ingest.allowPrivateFeeds,
      maxBytes: input.config.ingest.maxBodyBytes,
    },
    maxItemsPerFetch: input.config.ingest.maxItemsPerFetch,
  };
}

/** Who acted, for runs an editor starts from the console: like `cli:pipeline run (user)`. */
export function consoleActor(action: string, email: string): string {
  return `console:${action} (${email})`;
}
