import { Link } from 'react-router-dom';
import { known, useConsoleI18n, useConsoleT as useT } from '../console-i18n';
import { timeAgo } from '../format';
import { Badge, type BadgeTone } from '../ui';
import type { StoryCard } from '../stories/api';
import { RegionBadge, StageBadge, StatusBadge, VerificationBadge } from '../stories/badges';
import { editorPath } from '../stories/StoryCardView';
import type { ConsoleRun, LiveStep, Overview, Principle, StepView } from './api';
import type { LastRunChoice, RunOrigin } from './last-run';
import { confidencePercent, runHealth, tagsShown } from './progress';

/**
 * The AI Pipeline article card (console spec section 2): stage badge in the spec's colours,
 * progress = the stage's position / 6, the status label by the spec's precedence (with the flag
 * reason in a red box), how it was checked (core/stories/verification.ts), confidence, the first 2 tags then '+N more', the region.
 * A published story opens at its article address; any other in the story editor.
 */
export function PipelineArticleCard({ story }: { story: StoryCard }) {
  const { t, fmt } = useConsoleI18n();
  const confidence = confidencePercent(story);
  const { shown, more } = tagsShown(story.tags);
  return (
    <article className={`c-article c-risk-${story.ai_risk_level}`} data-story-id={story.id}>
      <div className="c-meta">
        <StageBadge stage={story.pipeline_stage} />
        <StatusBadge label={story.status_label} />
        {/* Not "Triangulated" for any triangulation_check: an official source's confirmation sets it too; the state says which. */}
        <VerificationBadge verification={story.verification} />
        {confidence !== null ? <Badge tone="blue">{t('console.pipeline.confidence', { n: confidence })}</Badge> : null}
      </div>
      <h3 lang={story.language ?? 'en'}>{story.path ? <a href={story.path}>{story.title}</a> : <Link to={editorPath(story.id)}>{story.title}</Link>}</h3>
      {story.flag_reason ? (
        <div className="c-gate pl-flag" lang="en">
          {story.flag_reason}
        </div>
      ) : null}
      <div
        className="c-progress"
        role="progressbar"
        aria-label={t('console.card.progress')}
        aria-valuenow={Math.round(story.progress)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <span style={{ width: `${story.progress}%` }} />
      </div>
      <div className="c-meta">
        <RegionBadge region={story.region} />
        {shown.map((tag) => (
          <Badge key={tag} tone="grey">
            #{tag}
          </Badge>
        ))}
        {more ? <span className="c-hint">{t('console.pipeline.more', { n: more })}</span> : null}
        <span className="c-hint">· {timeAgo(story.updated_at, new Date(), fmt.locale, t('console.card.justNow'))}</span>
      </div>
    </article>
  );
}

const STEP_TONE: Record<StepView['status'], BadgeTone> = { idle: 'grey', running: 'blue', completed: 'green', error: 'red' };

/**
 * The live pipeline steps with what waits in each. `onRun` adds a run button to steps a machine
 * runs (Editorial Review is people's work); the step a console run works on shows its progress.
 */
export function StepsView({
  steps,
  run,
  onRun,
  disabled,
}: {
  steps: StepView[];
  run?: ConsoleRun | null;
  onRun?: (step: LiveStep) => void;
  disabled?: boolean;
}) {
  const { t, tn, fmt } = useConsoleI18n();
  const active = run?.status === 'running' ? run : null;
  return (
    <ol className="pl-steps">
      {steps.map((step, i) => {
        const mine = active?.kind === 'step' && active.step === step.id ? active.stages[0] : null;
        const status = mine ? 'running' : step.status;
        const name = known(t, `console.steps.name.${step.id}`, step.name);
        // The count the server's detail starts with (for signal detection it is not the waiting count).
        const count = Number.parseInt(step.detail, 10);
        const detailKey = `console.steps.detail.${step.id}`;
        const detail =
          Number.isFinite(count) && t(`${detailKey}_other`) !== `${detailKey}_other`
            ? `${tn(detailKey, count)}${step.failed ? `; ${t('console.steps.failedRetry', { n: fmt.number(step.failed) })}` : ''}`
            : step.detail;
        return (
          <li key={step.id} className={`pl-step pl-step-${status}`} data-step={step.id} data-status={status}>
            <div className="pl-step-head">
              <span className="pl-step-n" aria-hidden="true">
                {i + 1}
              </span>
              <strong>{name}</strong>
              <Badge tone={STEP_TONE[status]}>{known(t, `console.steps.status.${status}`, status)}</Badge>
            </div>
            <div className="pl-step-count">
              <span className="pl-big">{fmt.number(step.waiting)}</span> {t('console.steps.waiting')}
              {step.failed ? <span className="pl-failed"> · {t('console.steps.failed', { n: fmt.number(step.failed) })}</span> : null}
            </div>
            <p className="c-hint">{detail}</p>
            {mine ? (
              <div
                className="c-progress"
                role="progressbar"
                aria-label={t('console.steps.progress', { step: name })}
                aria-valuenow={Math.round(mine.progress)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <span style={{ width: `${mine.progress}%` }} />
              </div>
            ) : null}
            {onRun && step.runnable ? (
              <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => onRun(step.id)} disabled={disabled}>
                {t('console.steps.run', { step: name })}
              </button>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

const PRINCIPLE_TONE: Record<Principle['status'], BadgeTone> = { met: 'green', partial: 'yellow', not_met: 'red', no_data: 'grey' };

/** A principle's rule in the console's language (the summary rule names its sentence bounds). */
function principleRule(t: ReturnType<typeof useConsoleI18n>['t'], p: Principle): string {
  const bounds = /(\d+) to (\d+) sentences/.exec(p.rule);
  if (p.key === 'summary_length') return bounds ? t('console.pipeline.principle.rule.summary_length', { min: bounds[1]!, max: bounds[2]! }) : p.rule;
  return known(t, `console.pipeline.principle.rule.${p.key}`, p.rule);
}

/** A principle's detail in the console's language, from its figures (the server words it in English). */
function principleDetail(t: ReturnType<typeof useConsoleI18n>['t'], fmt: ReturnType<typeof useConsoleI18n>['fmt'], p: Principle): string {
  if (!p.checked) return t('console.pipeline.principle.none');
  const figures = { met: fmt.number(p.met), checked: fmt.number(p.checked), pct: Math.round((p.share ?? 0) * 100) };
  const average = /average score (\d+)/.exec(p.detail)?.[1];
  return average ? t('console.pipeline.principle.detailAverage', { ...figures, average }) : t('console.pipeline.principle.detail', figures);
}

export function PrinciplesList({ principles, checked }: { principles: Principle[]; checked: number }) {
  const { t, fmt } = useConsoleI18n();
  return (
    <>
      <ul className="pl-principles">
        {principles.map((p) => (
          <li key={p.key} data-principle={p.key}>
            <div className="pl-principle-head">
              <strong>{known(t, `console.pipeline.principle.label.${p.key}`, p.label)}</strong>
              <Badge tone={PRINCIPLE_TONE[p.status]}>{t(`console.pipeline.principle.${p.status}`)}</Badge>
            </div>
            <div className="c-hint">{principleRule(t, p)}</div>
            <div>{principleDetail(t, fmt, p)}</div>
          </li>
        ))}
      </ul>
      <p className="c-hint">{t('console.pipeline.checkedHint', { n: fmt.number(checked) })}</p>
    </>
  );
}

/** How the card names a run: "Your run at 10:02", "Scheduled run at 10:05", "Run by desk@… at 09:40". */
export function RunOriginLabel({ origin }: { origin: RunOrigin }) {
  const t = useT();
  const text =
    origin.kind === 'yours'
      ? t('consoleRun.yours', { time: origin.time })
      : origin.kind === 'scheduled'
        ? t('consoleRun.scheduled', { time: origin.time })
        : t('consoleRun.other', { by: origin.by, time: origin.time });
  return (
    <strong className="pl-run-origin" data-origin={origin.kind}>
      {text}
    </strong>
  );
}

/**
 * The last run that took stories to a publish decision. After the editor runs the pipeline here it
 * stays on their run, labelled "Your run"; a later run (the schedule's, say) is named below it.
 */
export function LastRunCard({ choice }: { choice: LastRunChoice }) {
  const { t, fmt } = useConsoleI18n();
  if (!choice) return <p className="c-hint">{t('console.pipeline.noRun')}</p>;
  const run = choice.shown;
  const health = runHealth({ status: run.status, failed: run.failed });
  return (
    <div className="pl-lastrun" data-run={run.id}>
      <div className="c-row">
        <RunOriginLabel origin={choice.origin} />
        <Badge tone={health.tone}>{t(`console.pipeline.health.${health.label}`)}</Badge>
        <span className="c-hint">
          {t('console.pipeline.runBy', {
            label: run.label,
            actor: run.actor,
            time: timeAgo(run.finishedAt ?? run.startedAt, new Date(), fmt.locale, t('console.card.justNow')),
            status: known(t, `console.run.${run.status}`, run.status),
          })}
        </span>
      </div>
      <dl className="pl-figures">
        <div>
          <dt>{t('console.pipeline.processed')}</dt>
          <dd>{fmt.number(run.processed)}</dd>
        </div>
        <div>
          <dt>{t('console.pipeline.autoPublished')}</dt>
          <dd>{fmt.number(run.autoPublished)}</dd>
        </div>
        <div>
          <dt>{t('console.pipeline.flaggedForReview')}</dt>
          <dd>{fmt.number(run.flaggedForReview)}</dd>
        </div>
        <div>
          <dt>{t('console.pipeline.failed')}</dt>
          <dd>{fmt.number(run.failed)}</dd>
        </div>
        <div>
          <dt>{t('console.pipeline.autoPublishRate')}</dt>
          <dd>{run.autoPublishRate === null ? '—' : `${run.autoPublishRate}%`}</dd>
        </div>
      </dl>
      {run.error ? (
        <div className="c-gate" lang="en">
          {run.error}
        </div>
      ) : null}
      {choice.newer ? (
        <p className="c-hint pl-run-newer" data-run={choice.newer.run.id}>
          {t('consoleRun.newer', { processed: choice.newer.run.processed, published: choice.newer.run.autoPublished })}{' '}
          <RunOriginLabel origin={choice.newer.origin} />
        </p>
      ) : null}
    </div>
  );
}

/** The last re-clustering of the archive (`c360 cluster --rebuild`): who ran it, when, and what it changed. */
export function RebuildLine({ rebuild }: { rebuild: Overview['lastRebuild'] }) {
  const { t, fmt } = useConsoleI18n();
  if (!rebuild) return <p className="c-hint">{t('console.pipeline.rebuildNone')}</p>;
  return (
    <div className="pl-rebuild">
      <p>
        {t('console.pipeline.rebuildLine', {
          when: timeAgo(rebuild.at, new Date(), fmt.locale, t('console.card.justNow')),
          actor: rebuild.actor,
          items: fmt.number(rebuild.items),
          since: new Date(rebuild.since).toLocaleDateString(fmt.locale),
          before: fmt.number(rebuild.storiesBefore),
          after: fmt.number(rebuild.storiesAfter),
          moved: fmt.number(rebuild.movedItems),
          merged: fmt.number(rebuild.merged.reduce((n, m) => n + m.gone.length, 0)),
          split: fmt.number(rebuild.split.length),
        })}
      </p>
      {rebuild.dryRun ? <p className="c-hint">{t('console.pipeline.rebuildDry')}</p> : null}
    </div>
  );
}
