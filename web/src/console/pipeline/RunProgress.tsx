import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveEvent, useLiveStatus } from '../live/LiveEvents';
import { Badge, Dialog, type BadgeTone } from '../ui';
import { known, useConsoleI18n } from '../console-i18n';
import { pipelineApi, type ConsoleRun, type RunStage } from './api';
import { estimateRemaining } from './progress';

/**
 * Following a console run: the server saves every change and announces it (SSE 'pipeline' events
 * carry the run's id), so the run is read again when its event arrives; while the live stream is
 * down it is read every 2 s (and every 10 s regardless, in case an event was missed).
 */
export function useConsoleRun(): { run: ConsoleRun | null; follow: (run: ConsoleRun | null) => void; refresh: () => Promise<void> } {
  const [run, setRun] = useState<ConsoleRun | null>(null);
  const id = useRef<string | null>(null);
  const busy = useRef(false);
  const again = useRef(false);
  const live = useLiveStatus();

  const refresh = useCallback(async () => {
    if (!id.current) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    try {
      const wanted = id.current;
      const { run: latest } = await pipelineApi.run(wanted);
      if (id.current === wanted) setRun(latest);
    } catch {
      // the next event or poll reads it again
    } finally {
      busy.current = false;
      if (again.current) {
        again.current = false;
        void refresh();
      }
    }
  }, []);

  const follow = useCallback((next: ConsoleRun | null) => {
    id.current = next?.id ?? null;
    setRun(next);
  }, []);

  useLiveEvent(['pipeline'], (type, data) => {
    if (type === 'resync' || (id.current && data.runId === id.current)) void refresh();
  });

  const running = run?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refresh(), live === 'live' ? 10_000 : 2_000);
    return () => clearInterval(timer);
  }, [running, live, refresh]);

  return { run, follow, refresh };
}

const STAGE_TONE: Record<RunStage['status'], BadgeTone> = { pending: 'grey', active: 'blue', completed: 'green', error: 'red' };

/** A run stage's name in the console's language: the overlay's stages, else the live step's name, else the server's. */
export function stageLabel(t: (key: string) => string, stage: Pick<RunStage, 'id' | 'name'>): string {
  return known(t, `console.pipeline.stageName.${stage.id}`, known(t, `console.steps.name.${stage.id}`, stage.name));
}

export function StageRow({ stage, onRetry, canRetry }: { stage: RunStage; onRetry?: () => void; canRetry?: boolean }) {
  const { t } = useConsoleI18n();
  const name = stageLabel(t, stage);
  return (
    <li className={`pl-stage pl-stage-${stage.status}`} data-stage={stage.id} data-status={stage.status}>
      <div className="pl-stage-head">
        <strong>{name}</strong>
        <Badge tone={STAGE_TONE[stage.status]}>{t(`console.pipeline.runStatus.${stage.status}`)}</Badge>
        <span className="pl-stage-pct">{Math.round(stage.progress)}%</span>
      </div>
      <div
        className="c-progress"
        role="progressbar"
        aria-label={t('console.steps.progress', { step: name })}
        aria-valuenow={Math.round(stage.progress)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${stage.progress}%` }} />
      </div>
      {stage.message ? (
        <p className="pl-stage-msg" lang="en">
          {stage.message}
        </p>
      ) : null}
      {stage.error ? (
        <div className="c-gate pl-stage-error">
          <span lang="en">{stage.error}</span>
          {onRetry ? (
            <button type="button" className="c-button c-button-small" onClick={onRetry} disabled={!canRetry}>
              {t('console.pipeline.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function time(iso: string, locale: string): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/**
 * The progress overlay 'RSS Pipeline Progress' (console spec section 4) over a real run: stages
 * with their progress, the overall progress (33.33 per finished stage plus a third of the active
 * one), the estimate (after 5 s, under 300 s), timestamped logs behind Show/Hide Details, Retry on
 * a failed stage, Cancel (the run stops between batches; its active stage goes back to pending).
 */
export function RunProgressOverlay({
  run,
  onClose,
  onCancel,
  onRetry,
}: {
  run: ConsoleRun;
  onClose: () => void;
  onCancel: () => void;
  onRetry: (stage: string) => void;
}) {
  const { t, fmt } = useConsoleI18n();
  const [details, setDetails] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const running = run.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const elapsed = Math.max(0, now - Date.parse(run.startedAt));
  const eta = running ? estimateRemaining(elapsed, run.overall) : null;
  const title =
    run.kind === 'full' || !run.stages[0] ? t('console.pipeline.overlayTitle') : t('console.pipeline.stageTitle', { stage: stageLabel(t, run.stages[0]) });
  return (
    <Dialog
      title={title}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={() => setDetails((d) => !d)} aria-expanded={details}>
            {details ? t('console.pipeline.hideDetails') : t('console.pipeline.showDetails')}
          </button>
          {running ? (
            <button type="button" className="c-button c-button-danger" onClick={onCancel}>
              {t('console.pipeline.cancel')}
            </button>
          ) : (
            <button type="button" className="c-button" onClick={onClose}>
              {t('console.pipeline.close')}
            </button>
          )}
        </>
      }
    >
      <div className="pl-overall" data-run-status={run.status}>
        <div className="pl-overall-head">
          <strong>{t('console.pipeline.overall')}</strong>
          <span>{Math.round(run.overall)}%</span>
          {eta ? <span className="c-hint">{t('console.pipeline.eta', { time: eta })}</span> : null}
        </div>
        <div
          className="c-progress pl-progress-lg"
          role="progressbar"
          aria-label={t('console.pipeline.overall')}
          aria-valuenow={Math.round(run.overall)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${run.overall}%` }} />
        </div>
        <p className="c-hint">
          {run.finishedAt
            ? t('console.pipeline.startedFinished', { by: run.startedBy, time: time(run.startedAt, fmt.locale), end: time(run.finishedAt, fmt.locale) })
            : t('console.pipeline.startedBy', { by: run.startedBy, time: time(run.startedAt, fmt.locale) })}
        </p>
      </div>
      {run.complete && !run.hasErrors && run.status !== 'cancelled' ? (
        <div className="c-ok-box" role="status">
          {t('console.pipeline.completedOk')}
        </div>
      ) : null}
      {run.complete && run.hasErrors ? (
        <div className="c-gate" role="alert">
          {t('console.pipeline.someErrors')}
        </div>
      ) : null}
      {run.status === 'cancelled' ? (
        <div className="c-gate" role="status">
          {t('console.pipeline.cancelled')}
        </div>
      ) : null}
      <ol className="pl-stages">
        {run.stages.map((stage) => (
          <StageRow key={stage.id} stage={stage} onRetry={stage.status === 'error' ? () => onRetry(stage.id) : undefined} canRetry={!running} />
        ))}
      </ol>
      {details ? (
        <div className="pl-logs" role="log" aria-label={t('console.pipeline.runLog')}>
          {run.logs.map((line, i) => (
            <div key={i} className={line.level === 'error' ? 'pl-log-error' : undefined}>
              <span className="c-mono">{time(line.at, fmt.locale)}</span> <span lang="en">{line.message}</span>
            </div>
          ))}
        </div>
      ) : null}
    </Dialog>
  );
}
