import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { pipelineApi, type ConsoleRun, type LiveStep, type RunKind } from './api';
import { useConsoleRun } from './RunProgress';

export const errorText = (e: unknown, fallback = 'Network error') => (e instanceof ApiError || e instanceof Error ? e.message || fallback : fallback);

/** What the toasts say when a run of this kind ends (console spec section 8). */
function finishedToast(run: ConsoleRun): { title: string; description?: string; tone: 'success' | 'error' | 'info' } {
  const stats = run.result?.stats;
  if (run.status === 'cancelled') return { title: 'Pipeline run cancelled', description: 'It stopped between batches; what it finished is kept.', tone: 'info' };
  const failed = run.status === 'failed';
  const errors = run.stages.filter((s) => s.status === 'error').map((s) => `${s.name}: ${s.error}`).join('; ');
  switch (run.kind) {
    case 'full':
      return failed
        ? { title: 'Pipeline failed - check logs for details', description: errors, tone: 'error' }
        : { title: `Pipeline completed: ${stats?.processed ?? 0} processed, ${stats?.autoPublished ?? 0} auto-published`, description: 'Full pipeline completed successfully', tone: 'success' };
    case 'patterns': {
      const p = run.result?.patternStats;
      return failed ? { title: 'Pattern detection failed', description: errors, tone: 'error' } : { title: `Patterns detected: ${p?.patternsDetected ?? 0} patterns, ${p?.clustersFound ?? 0} clusters`, tone: 'success' };
    }
    case 'enrich':
      return failed
        ? { title: 'External enrichment failed', description: errors, tone: 'error' }
        : { title: 'External data enrichment completed', description: `${run.result?.enriched ?? 0} stories enriched with external data`, tone: 'success' };
    case 'step':
      return failed ? { title: 'Stage Error', description: errors, tone: 'error' } : { title: 'Pipeline Stage Complete', description: run.stages[0]?.message ?? undefined, tone: 'success' };
  }
}

const STARTING: Record<RunKind, string> = {
  full: 'Starting AI Pipeline...',
  patterns: 'Running Caribbean pattern detection...',
  enrich: 'Enriching with external data sources...',
  step: 'Stage Triggered',
};

/**
 * Starting, following, cancelling and retrying console runs from a screen, with the spec's toasts
 * as the real run moves on. A run already going when the screen opens is picked up again.
 */
export function useRunControl(options: { onFinished?: (run: ConsoleRun) => void; startError?: (kind: RunKind, step?: LiveStep) => string; finished?: (run: ConsoleRun) => ReturnType<typeof finishedToast> | null } = {}) {
  const toast = useToast();
  const { run, follow } = useConsoleRun();
  const [overlay, setOverlay] = useState(false);
  const [starting, setStarting] = useState(false);
  const previous = useRef<ConsoleRun | null>(null);
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    let stop = false;
    pipelineApi
      .currentRun()
      .then(({ run: current }) => {
        if (!stop && current?.status === 'running') {
          follow(current);
          previous.current = current;
        }
      })
      .catch(() => undefined);
    return () => {
      stop = true;
    };
  }, [follow]);

  useEffect(() => {
    const before = previous.current;
    previous.current = run;
    if (!run || !before || before.id !== run.id) return;
    if (run.kind === 'full') {
      for (const stage of run.stages) {
        const was = before.stages.find((s) => s.id === stage.id)?.status;
        if (was === stage.status) continue;
        if (stage.id === 'process-ai' && stage.status === 'completed') toast.show({ title: 'AI processing completed successfully', description: stage.message ?? undefined, tone: 'success' });
        if (stage.id === 'process-ai' && stage.status === 'error') toast.show({ title: 'AI processing failed', description: stage.error ?? undefined, tone: 'error' });
        if (stage.id === 'detect-patterns' && stage.status === 'error') toast.show({ title: 'Pattern detection failed', description: stage.error ?? undefined, tone: 'error' });
      }
    }
    if (before.status === 'running' && run.status !== 'running') {
      const custom = opts.current.finished?.(run);
      toast.show(custom ?? finishedToast(run));
      opts.current.onFinished?.(run);
    }
  }, [run, toast]);

  const start = useCallback(
    async (kind: RunKind, step?: LiveStep, show = kind !== 'step') => {
      setStarting(true);
      toast.show({ title: STARTING[kind], description: step ? `Running the ${step} step` : undefined });
      try {
        const { run: started } = await pipelineApi.start(kind, step);
        previous.current = started;
        follow(started);
        setOverlay(show);
        return started;
      } catch (e) {
        const title = opts.current.startError?.(kind, step) ?? (kind === 'step' ? `Failed to run ${step} stage` : 'Pipeline failed - check logs for details');
        toast.show({ title, description: errorText(e), tone: 'error' });
        return null;
      } finally {
        setStarting(false);
      }
    },
    [follow, toast],
  );

  const cancel = useCallback(async () => {
    const current = previous.current;
    setOverlay(false);
    if (!current || current.status !== 'running') return;
    try {
      follow((await pipelineApi.cancel(current.id)).run);
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  }, [follow, toast]);

  const retry = useCallback(
    async (stage: string) => {
      const current = previous.current;
      if (!current) return;
      try {
        const { run: reopened } = await pipelineApi.retry(current.id, stage);
        previous.current = reopened;
        follow(reopened);
      } catch (e) {
        toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
      }
    },
    [follow, toast],
  );

  return { run, overlay, setOverlay, start, cancel, retry, starting, running: run?.status === 'running' };
}
