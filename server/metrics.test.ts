import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { AiFailure, emptyUsage, type AiProvider } from '../core/pipeline/summarise/provider';
import type { PipelineDeps } from '../core/pipeline/runner';
import type { ResponseCache } from './cache/response-cache';
import { createMetrics } from './metrics';

/** The pipeline's provider as the server wraps it: every capability kept, each task's calls counted under its own label. */
describe('AI calls counted by task', () => {
  it('keeps judgeClaim and writeTake on the instrumented provider and counts their calls, failed ones too', async () => {
    const metrics = createMetrics({ db: {} as Knex, cache: {} as ResponseCache, logger: silentLogger, clock: () => new Date() });
    const usage = { ...emptyUsage('fake', 'm'), calls: 1 };
    let judged = 0;
    const ai: AiProvider = {
      name: 'fake',
      model: 'm',
      summarise: () => Promise.reject(new Error('not used')),
      judgeClaim: async () => {
        if (++judged === 2) throw new AiFailure('garbage', { ...usage, calls: 1 }, { retryable: false });
        return { relation: 'supports', usage };
      },
      writeTake: async () => ({ sentences: [], usage }),
    };
    const wrapped = metrics.instrumentPipeline({ ai } as unknown as PipelineDeps).ai;
    const input = { claim: 'c', claimPublished: null, sentence: 's', reportPublished: null, outlet: 'o' };
    await wrapped.judgeClaim!(input);
    await expect(wrapped.judgeClaim!(input)).rejects.toBeInstanceOf(AiFailure);
    await wrapped.writeTake!({ storyId: 's', today: '2026-11-20', claims: [], coverage: [], events: [] });
    const calls = await metrics.registry.getSingleMetric('c360_ai_calls_total')!.get();
    const of = (task: string) => calls.values.find((v) => v.labels.task === task)?.value;
    expect(of('judge_claim')).toBe(2);
    expect(of('write_take')).toBe(1);
    const failures = await metrics.registry.getSingleMetric('c360_ai_failures_total')!.get();
    expect(failures.values.find((v) => v.labels.task === 'judge_claim')?.value).toBe(1);
  });
});
