import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { pipelineApi, type ConsoleRun, type LiveStep, type RunKind } from './api';
import { useConsoleT } from '../console-i18n';
import { stageLabel, useConsoleRun } from './RunProgress';

export const errorText = (e: unknown, fallback = 'Network error') => (e instanceof ApiError || e instanceof Error ? e.message || fallback : fallback);

/** What the toasts say when a run of this kind ends (console spec section 8). */
type T = ReturnType<typeof useConsoleT>;

function finishedToast(run: ConsoleRun, t: T): { title: string; description?: string; tone: 'success' | 'error' | 'info' } {
  const stats = run.result?.stats;
  if (run.status === 'cancelled') return { title: t('console.pipeline.toast.cancelled'), description: t('console.pipeline.toast.cancelledDesc'), tone: 'info' };
  const failed = run.status === 'failed';
  // The stages' errors are the server's words (English).
  const errors = run.stages
    .filter((s) => s.status === 'error')
    .map((s) => `${stageLabel(t, s)}: ${s.error}`)
    .join('; ');
  switch (run.kind) {
    case 'full':
      return failed
        ? { title: t('console.pipeline.toast.fullFailed'), description: errors, tone: 'error' }
        : {
            title: t('console.pipeline.toast.fullDone', { processed: stats?.processed ?? 0, published: stats?.autoPublished ?? 0 }),
            description: t('console.pipeline.toast.fullDoneDesc'),
            tone: 'success',
          };
    case 'patterns': {
      const p = run.result?.patternStats;
      return failed
        ? { title: t('console.pipeline.toast.patternsFailed'), description: errors, tone: 'error' }
        : { title: t('console.signals.detected', { patterns: p?.patternsDetected ?? 0, clusters: p?.clustersFound ?? 0 }), tone: 'success' };
    }
    case 'enrich':
      return failed
        ? { title: t('console.pipeline.toast.enrichFailed'), description: errors, tone: 'error' }
        : {
            title: t('console.pipeline.toast.enrichDone'),
            description: t('console.pipeline.toast.enrichDoneDesc', { n: run.result?.enriched ?? 0 }),
            tone: 'success',
          };
    case 'step':
      return failed
        ? { title: t('console.pipeline.toast.stageError'), description: errors, tone: 'error' }
        : { title: t('console.pipeline.toast.stageDone'), description: run.stages[0]?.message ?? undefined, tone: 'success' };
  }
}

/**
 * Starting, following, cancelling and retrying console runs from a screen, with the spec's toasts
 * as the real run moves on. A run already going when the screen opens is picked up again.
 */
export function useRunControl(
  options: {
    onFinished?: (run: ConsoleRun) => void;
    startError?: (kind: RunKind, step?: LiveStep) => string;
    finished?: (run: ConsoleRun) => ReturnType<typeof finishedToast> | null;
  } = {},
) {
  const toast = useToast();
  const t = useConsoleT();
  const tRef = useRef(t);
  tRef.current = t;
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
    const t = tRef.current;
    if (run.kind === 'full') {
      for (const stage of run.stages) {
        const was = before.stages.find((s) => s.id === stage.id)?.status;
        if (was === stage.status) continue;
        if (stage.id === 'process-ai' && stage.status === 'completed')
          toast.show({ title: t('console.pipeline.toast.aiDone'), description: stage.message ?? undefined, tone: 'success' });
        if (stage.id === 'process-ai' && stage.status === 'error')
          toast.show({ title: t('console.pipeline.toast.aiFailed'), description: stage.error ?? undefined, tone: 'error' });
        if (stage.id === 'detect-patterns' && stage.status === 'error')
          toast.show({ title: t('console.pipeline.toast.patternsFailed'), description: stage.error ?? undefined, tone: 'error' });
      }
    }
    if (before.status === 'running' && run.status !== 'running') {
      const custom = opts.current.finished?.(run);
      toast.show(custom ?? finishedToast(run, t));
      opts.current.onFinished?.(run);
    }
  }, [run, toast]);

  const start = useCallback(
    async (kind: RunKind, step?: LiveStep, show = kind !== 'step') => {
      const t = tRef.current;
      const stepName = step ? stageLabel(t, { id: step, name: step }) : '';
      setStarting(true);
      toast.show({
        title: t(`console.pipeline.toast.start.${kind}`),
        description: step ? t('console.pipeline.toast.runningStep', { step: stepName }) : undefined,
      });
      try {
        const { run: started } = await pipelineApi.start(kind, step);
        previous.current = started;
        follow(started);
        setOverlay(show);
        return started;
      } catch (e) {
        const title =
          opts.current.startError?.(kind, step) ??
          (kind === 'step' ? t('console.pipeline.toast.stepFailed', { step: stepName }) : t('console.pipeline.toast.fullFailed'));
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
      toast.show({ title: tRef.current('console.pipeline.toast.error'), description: errorText(e), tone: 'error' });
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
        toast.show({ title: tRef.current('console.pipeline.toast.error'), description: errorText(e), tone: 'error' });
      }
    },
    [follow, toast],
  );

  return { run, overlay, setOverlay, start, cancel, retry, starting, running: run?.status === 'running' };
}
