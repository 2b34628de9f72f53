import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { EyeIcon, PauseIcon, PlayIcon } from '../icons';
import { useLiveReload, useLiveStatus } from '../live/LiveEvents';
import { consoleApi, type ConsoleStory, type StoryCard } from '../stories/api';
import { RegionBadge, StageBadge, StatusBadge } from '../stories/badges';
import { ClaimsPanel } from '../stories/ClaimsPanel';
import { ReviewDialog } from '../stories/ReviewDialog';
import { GateReasons } from '../stories/PublishGate';
import { StoryPreview } from '../stories/StoryPreview';
import { Badge, Card, Dialog, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import { known, useConsoleI18n } from '../console-i18n';
import { pipelineApi, type LiveStep, type Publishing, type SchedulerView } from './api';
import { StepsView } from './parts';
import { startOfToday } from './progress';
import { errorText, useRunControl } from './useRunControl';
import './pipeline.css';

type TabKey = 'pipeline' | 'articles' | 'analytics';
/** The live publishing system's progress per stage (console spec section 4). */
const LIVE_PROGRESS: Record<string, number> = { ingested: 15, enriched: 30, ranked: 45, drafted: 60, verified: 80, published: 100 };

/**
 * Live Publishing (/dashboard/publishing): the scheduler's Start/Stop switch (it really starts and
 * stops ingest and the pipeline on the servers), today's counters from the pipeline's run records
 * and the editors' audit entries, per-step runs, the stories that need an editor with the Review
 * dialog, and analytics computed from the tables. Updates live; polls every 5 s while disconnected.
 */
export default function LivePublishing() {
  const toast = useToast();
  const { t, tn, fmt } = useConsoleI18n();
  const { user } = useSession();
  const live = useLiveStatus();
  const [tab, setTab] = useState<TabKey>('pipeline');
  const [status, setStatus] = useState<Publishing | null>(null);
  const [attention, setAttention] = useState<StoryCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [toggling, setToggling] = useState(false);
  const [scheduler, setScheduler] = useState<SchedulerView | null>(null);
  const [review, setReview] = useState<StoryCard | null>(null);
  const [detail, setDetail] = useState<ConsoleStory | null>(null);
  const failedOnce = useRef(false);

  const load = useCallback(async () => {
    try {
      const [next, list] = await Promise.all([pipelineApi.publishing(startOfToday()), pipelineApi.attention()]);
      setStatus(next);
      setScheduler(next.scheduler);
      setAttention(list.items);
      setUpdatedAt(new Date());
      setError(null);
      failedOnce.current = false;
    } catch (e) {
      setError(errorText(e));
      if (!failedOnce.current) toast.show({ title: t('console.publishing.loadFailed'), description: errorText(e), tone: 'error' });
      failedOnce.current = true;
    }
  }, [toast, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'pipeline', 'raw_items', 'patterns'], { paused: toggling });

  const control = useRunControl({ onFinished: () => void load() });
  const isAdmin = user?.role === 'admin';
  const running = scheduler?.enabled === true;

  const toggle = async () => {
    if (!scheduler) return;
    const before = scheduler;
    const next = !before.enabled;
    setToggling(true);
    setScheduler({ ...before, enabled: next });
    try {
      const { scheduler: after } = await pipelineApi.setScheduler(next);
      setScheduler(after);
      toast.show({
        title: next ? t('console.publishing.started') : t('console.publishing.stopped'),
        description: after.thisServer.running ? t('console.publishing.serverRuns', { jobs: after.thisServer.jobs.join(', ') }) : undefined,
        tone: 'success',
      });
    } catch (e) {
      setScheduler(before);
      toast.show({ title: t('console.publishing.systemError'), description: errorText(e, t('console.publishing.toggleFailed')), tone: 'error' });
    } finally {
      setToggling(false);
    }
  };

  const runStep = (step: LiveStep) => void control.start('step', step, false);

  const openDetail = async (story: StoryCard) => {
    try {
      setDetail((await consoleApi.story(story.id)).story);
    } catch (e) {
      toast.show({ title: t('console.publishing.error'), description: errorText(e), tone: 'error' });
    }
  };

  const c = status?.counters;
  const a = status?.analytics;
  return (
    <div className="pl">
      <PageHeader
        title={t('console.publishing.title')}
        subtitle={t('console.publishing.subtitle')}
        actions={
          <div className="pl-system">
            <span className={`pl-live-badge${live === 'live' ? ' is-live' : ''}`} data-live={live}>
              {live === 'live' ? t('console.publishing.live') : t('console.publishing.disconnected')}
            </span>
            {updatedAt ? <span className="c-hint">{t('console.publishing.updated', { time: updatedAt.toLocaleTimeString(fmt.locale) })}</span> : null}
            <button
              type="button"
              className={`c-button ${running ? 'c-button-danger' : ''}`}
              onClick={() => void toggle()}
              disabled={!scheduler || toggling || !isAdmin || !scheduler.thisServer.canRun}
              title={!isAdmin ? t('console.publishing.adminOnly') : undefined}
            >
              {running ? <PauseIcon size={16} /> : <PlayIcon size={16} />} {running ? t('console.publishing.stop') : t('console.publishing.start')}
            </button>
          </div>
        }
      />
      {error ? <InlineError>{t('console.publishing.loadError', { error })}</InlineError> : null}
      {scheduler ? <SchedulerNote scheduler={scheduler} isAdmin={isAdmin} /> : null}
      {c ? (
        <div className="c-stats">
          <StatCard label={t('console.publishing.processedToday')} value={c.processedToday} note={tn('console.publishing.runsSinceMidnight', c.runs)} />
          <StatCard label={t('console.publishing.flagged')} value={c.flagged} note={t('console.publishing.flaggedNote')} tone="red" />
          <StatCard
            label={t('console.publishing.autoPublished')}
            value={c.autoPublished}
            note={t('console.publishing.publishedInAll', { n: fmt.number(c.publishedToday) })}
            tone="green"
          />
          <StatCard label={t('console.publishing.humanReviews')} value={c.humanReviews} note={t('console.publishing.humanReviewsNote')} tone="purple" />
        </div>
      ) : (
        <Skeleton rows={1} />
      )}
      <Tabs
        tabs={[
          { key: 'pipeline', label: t('console.publishing.tabPipeline') },
          { key: 'articles', label: t('console.publishing.tabArticles'), count: attention?.length },
          { key: 'analytics', label: t('console.publishing.tabAnalytics') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('console.publishing.title')}
      >
        {tab === 'pipeline' ? (
          status ? (
            <Card title={t('console.publishing.steps')}>
              <p className="c-hint">{t('console.publishing.stepsHint')}</p>
              {control.run?.status === 'running' && control.run.kind !== 'step' ? (
                <p className="c-hint">
                  {t('console.publishing.otherRun', {
                    kind: known(t, `console.runStage.${control.run.kind}`, control.run.kind),
                    percent: Math.round(control.run.overall),
                  })}
                </p>
              ) : null}
              <StepsView steps={status.steps} run={control.run ?? status.consoleRun} onRun={runStep} disabled={control.running || control.starting} />
            </Card>
          ) : (
            <Skeleton rows={3} />
          )
        ) : null}
        {tab === 'articles' ? (
          attention === null ? (
            <Skeleton rows={3} />
          ) : attention.length === 0 ? (
            <EmptyState title={t('console.publishing.nothing')}>{t('console.publishing.nothingBody')}</EmptyState>
          ) : (
            <Card title={t('console.publishing.attention')}>
              <p className="c-hint">{t('console.publishing.attentionHint')}</p>
              <ul className="pl-attention">
                {attention.map((story) => (
                  <li key={story.id} data-story-id={story.id}>
                    <div>
                      <h3 lang={story.language ?? 'en'}>{story.title}</h3>
                      <div className="c-meta">
                        <StageBadge stage={story.pipeline_stage} />
                        <StatusBadge label={story.status_label} />
                        <RegionBadge region={story.region} />
                        <Badge tone={story.publish_gate.ok ? 'green' : 'red'}>
                          {story.publish_gate.ok ? t('console.publishing.passes') : t('console.publishing.fails')}
                        </Badge>
                      </div>
                      {story.flag_reason ? <div className="c-gate pl-flag">{story.flag_reason}</div> : null}
                    </div>
                    <div className="c-row">
                      <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => void openDetail(story)}>
                        <EyeIcon size={14} /> {t('console.publishing.details')}
                      </button>
                      <button type="button" className="c-button c-button-small" onClick={() => setReview(story)}>
                        {t('console.publishing.review')}
                      </button>
                    </div>
                    <div
                      className="c-progress"
                      role="progressbar"
                      aria-label={t('console.publishing.progress')}
                      aria-valuenow={LIVE_PROGRESS[story.pipeline_stage] ?? 0}
                      aria-valuemin={0}
                      aria-valuemax={100}
                    >
                      <span style={{ width: `${LIVE_PROGRESS[story.pipeline_stage] ?? 0}%` }} />
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          )
        ) : null}
        {tab === 'analytics' ? (
          a ? (
            <div className="c-stats">
              <StatCard
                label={t('console.publishing.avgTime')}
                value={a.processingTime.averageMinutes === null ? '—' : formatMinutes(a.processingTime.averageMinutes, t)}
                note={
                  a.processingTime.stories
                    ? t('console.publishing.avgTimeNote', {
                        n: fmt.number(a.processingTime.stories),
                        days: a.processingTime.windowDays,
                        median: formatMinutes(a.processingTime.medianMinutes ?? 0, t),
                      })
                    : t('console.publishing.avgTimeNone', { days: a.processingTime.windowDays })
                }
              />
              <StatCard
                label={t('console.publishing.successRate')}
                value={
                  a.successRate === null ? '—' : new Intl.NumberFormat(fmt.locale, { style: 'percent', maximumFractionDigits: 1 }).format(a.successRate / 100)
                }
                note={t('console.publishing.successRateNote')}
                tone="green"
              />
              <StatCard
                label={t('console.publishing.signals')}
                value={a.signalsDetected}
                note={t('console.publishing.signalsNote', { n: fmt.number(a.signalsLastDay) })}
                tone="orange"
              />
              <StatCard label={t('console.publishing.patterns')} value={a.patternsIdentified} note={t('console.publishing.today')} tone="purple" />
              <StatCard label={t('console.publishing.sources')} value={a.activeSources} note={t('console.publishing.sourcesNote')} />
            </div>
          ) : (
            <Skeleton rows={2} />
          )
        ) : null}
      </Tabs>
      {review ? (
        <ReviewDialog
          story={review}
          onClose={() => setReview(null)}
          onDone={() => {
            setReview(null);
            void load();
          }}
        />
      ) : null}
      {detail ? (
        <Dialog title={t('console.publishing.detailTitle')} onClose={() => setDetail(null)} wide>
          <StoryPreview story={detail} />
          {detail.flag_reason ? <div className="c-gate">{t('console.publishing.flaggedReason', { reason: detail.flag_reason })}</div> : null}
          <GateReasons gate={detail.publish_gate} />
          <ClaimsPanel story={detail} onChanged={setDetail} />
          <h3>{t('console.publishing.auditLog')}</h3>
          <ul className="pl-list">
            {[...detail.audit_log]
              .reverse()
              .slice(0, 30)
              .map((e, i) => (
                <li key={i} className="c-hint">
                  {fmt.dateTime(e.timestamp)} · <strong>{e.action}</strong> {t('console.publishing.auditBy', { user: e.user })}
                  {e.reason ? ` — ${e.reason}` : ''}
                  {e.details ? ` (${e.details})` : ''}
                </li>
              ))}
          </ul>
        </Dialog>
      ) : null}
    </div>
  );
}

function formatMinutes(minutes: number, t: (key: string, params?: Record<string, string | number>) => string): string {
  if (minutes < 60) return t('console.publishing.minutes', { m: Math.round(minutes) });
  const h = Math.floor(minutes / 60);
  return t('console.publishing.hoursMinutes', { h, m: Math.round(minutes - h * 60) });
}

function SchedulerNote({ scheduler, isAdmin }: { scheduler: SchedulerView; isAdmin: boolean }) {
  const here = scheduler.thisServer;
  const { t, fmt } = useConsoleI18n();
  const by = scheduler.updatedBy ?? '';
  const switched = scheduler.updatedAt
    ? t(scheduler.enabled ? 'console.publishing.switchedOnAt' : 'console.publishing.switchedOffAt', { user: by, time: fmt.dateTime(scheduler.updatedAt) })
    : t(scheduler.enabled ? 'console.publishing.switchedOn' : 'console.publishing.switchedOff', { user: by });
  return (
    <Card className="pl-scheduler">
      <div className="c-row">
        <Badge tone={scheduler.enabled ? 'green' : 'grey'}>
          {scheduler.enabled ? t('console.publishing.systemStarted') : t('console.publishing.systemStopped')}
        </Badge>
        <span className="c-hint">{scheduler.updatedBy ? switched : t('console.publishing.neverSwitched')}</span>
      </div>
      <p className="c-hint">
        {t('console.publishing.switchStored')}{' '}
        {here.running
          ? t('console.publishing.thisServerRuns', { server: here.server, jobs: here.jobs.join(', ') })
          : t('console.publishing.thisServerIdle', { server: here.server })}
        {here.canRun ? '.' : ` (${t('console.steps.noSchedule').replace(/\.$/, '')}).`}
        {isAdmin ? '' : ` ${t('console.publishing.adminOnlyShort')}`}
      </p>
    </Card>
  );
}
