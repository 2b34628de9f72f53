import type { Knex } from 'knex';
import { lastPipelineRun, systemCounts, type LastRun, type SystemCounts } from './settings-repository';

/** What the Settings › System tab shows: how this C360 is set up and how it is doing. */

export type SchedulerState = { running: boolean; jobs: readonly string[]; detail?: string };

export type SystemStatus = {
  database: { mode: 'embedded' | 'postgres' };
  ai: { provider: 'openai' | 'offline'; model: string | null; baseUrlHost: string | null };
  mail: { configured: boolean };
  publicUrl: string | null;
  scheduler: SchedulerState;
  lastPipelineRun: LastRun | null;
  counts: SystemCounts;
  checkedAt: string;
};

export async function systemStatus(
  db: Knex,
  input: {
    databaseMode: 'embedded' | 'postgres';
    ai: { apiKey?: string; baseUrl?: string; model: string };
    mailConfigured: boolean;
    publicUrl?: string;
    scheduler: SchedulerState;
    now: Date;
  },
): Promise<SystemStatus> {
  const openai = Boolean(input.ai.apiKey);
  let baseUrlHost: string | null = null;
  if (openai) baseUrlHost = input.ai.baseUrl ? new URL(input.ai.baseUrl).host : 'api.openai.com';
  return {
    database: { mode: input.databaseMode },
    ai: { provider: openai ? 'openai' : 'offline', model: openai ? input.ai.model : null, baseUrlHost },
    mail: { configured: input.mailConfigured },
    publicUrl: input.publicUrl ?? null,
    scheduler: input.scheduler,
    lastPipelineRun: await lastPipelineRun(db),
    counts: await systemCounts(db, input.now),
    checkedAt: input.now.toISOString(),
  };
}
