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
      if (!failedOnce.current) toast.show({ title: 'Failed to load dashboard data', description: errorText(e), tone: 'error' });
      failedOnce.current = true;
    }
  }, [toast]);
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
      toast.show({ title: next ? 'Publishing System Started' : 'Publishing System Stopped', description: after.thisServer.running ? `This server runs ${after.thisServer.jobs.join(', ')}.` : undefined, tone: 'success' });
    } catch (e) {
      setScheduler(before);
      toast.show({ title: 'System Error', description: errorText(e, 'Failed to toggle publishing system'), tone: 'error' });
    } finally {
      setToggling(false);
    }
  };

  const runStep = (step: LiveStep) => void control.start('step', step, false);

  const openDetail = async (story: StoryCard) => {
    try {
      setDetail((await consoleApi.story(story.id)).story);
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  };

  const c = status?.counters;
  const a = status?.analytics;
  return (
    <div className="pl">
      <PageHeader
        title="Live Publishing"
        subtitle="The publishing system as it runs: what the pipeline did today, what waits, and the stories that need an editor."
        actions={
          <div className="pl-system">
            <span className={`pl-live-badge${live === 'live' ? ' is-live' : ''}`} data-live={live}>
              {live === 'live' ? 'Live' : 'Disconnected'}
            </span>
            {updatedAt ? <span className="c-hint">Updated {updatedAt.toLocaleTimeString('en-GB')}</span> : null}
            <button
              type="button"
              className={`c-button ${running ? 'c-button-danger' : ''}`}
              onClick={() => void toggle()}
              disabled={!scheduler || toggling || !isAdmin || !scheduler.thisServer.canRun}
              title={!isAdmin ? 'Only an administrator can start or stop the publishing system.' : undefined}
            >
              {running ? <PauseIcon size={16} /> : <PlayIcon size={16} />} {running ? 'Stop System' : 'Start System'}
            </button>
          </div>
        }
      />
      {error ? <InlineError>Could not load Live Publishing: {error}</InlineError> : null}
      {scheduler ? <SchedulerNote scheduler={scheduler} isAdmin={isAdmin} /> : null}
      {c ? (
        <div className="c-stats">
          <StatCard label="Processed today" value={c.processedToday} note={`${c.runs} run(s) since midnight`} />
          <StatCard label="Flagged" value={c.flagged} note="held for review today" tone="red" />
          <StatCard label="Auto-published" value={c.autoPublished} note={`${c.publishedToday} published today in all`} tone="green" />
          <StatCard label="Human reviews" value={c.humanReviews} note="editors' overrides and publications today" tone="purple" />
        </div>
      ) : (
        <Skeleton rows={1} />
      )}
      <Tabs
        tabs={[
          { key: 'pipeline', label: 'Pipeline' },
          { key: 'articles', label: 'Articles', count: attention?.length },
          { key: 'analytics', label: 'Analytics' },
        ]}
        value={tab}
        onChange={setTab}
        label="Live Publishing"
      >
        {tab === 'pipeline' ? (
          status ? (
            <Card title="Pipeline steps">
              <p className="c-hint">Each Run button starts a real run of that step on the server (one run at a time).</p>
              {control.run?.status === 'running' && control.run.kind !== 'step' ? <p className="c-hint">A {control.run.kind} run is going ({Math.round(control.run.overall)}%).</p> : null}
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
            <EmptyState title="Nothing needs attention">No story is flagged or waiting for an editor's decision.</EmptyState>
          ) : (
            <Card title="Articles needing attention">
              <p className="c-hint">Flagged or not auto-eligible, newest first (at most 20).</p>
              <ul className="pl-attention">
                {attention.map((story) => (
                  <li key={story.id} data-story-id={story.id}>
                    <div>
                      <h3>{story.title}</h3>
                      <div className="c-meta">
                        <StageBadge stage={story.pipeline_stage} />
                        <StatusBadge label={story.status_label} />
                        <RegionBadge region={story.region} />
                        <Badge tone={story.publish_gate.ok ? 'green' : 'red'}>{story.publish_gate.ok ? 'Passes the gate' : 'Fails the gate'}</Badge>
                      </div>
                      {story.flag_reason ? <div className="c-gate pl-flag">{story.flag_reason}</div> : null}
                    </div>
                    <div className="c-row">
                      <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => void openDetail(story)}>
                        <EyeIcon size={14} /> Details
                      </button>
                      <button type="button" className="c-button c-button-small" onClick={() => setReview(story)}>
                        Review
                      </button>
                    </div>
                    <div className="c-progress" role="progressbar" aria-label="Publishing progress" aria-valuenow={LIVE_PROGRESS[story.pipeline_stage] ?? 0} aria-valuemin={0} aria-valuemax={100}>
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
                label="Average processing time"
                value={a.processingTime.averageMinutes === null ? '—' : formatMinutes(a.processingTime.averageMinutes)}
                note={a.processingTime.stories ? `from the first report to publication; ${a.processingTime.stories} stories in ${a.processingTime.windowDays} days, median ${formatMinutes(a.processingTime.medianMinutes ?? 0)}` : `no story published in the last ${a.processingTime.windowDays} days`}
              />
              <StatCard label="Success rate" value={a.successRate === null ? '—' : `${a.successRate}%`} note="(processed − flagged) / processed, today" tone="green" />
              <StatCard label="Signals detected" value={a.signalsDetected} note={`today · ${a.signalsLastDay} in the last 24 h`} tone="orange" />
              <StatCard label="Patterns identified" value={a.patternsIdentified} note="today" tone="purple" />
              <StatCard label="Active sources" value={a.activeSources} note="outlets whose items arrived today" />
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
        <Dialog title="Article details" onClose={() => setDetail(null)} wide>
          <StoryPreview story={detail} />
          {detail.flag_reason ? <div className="c-gate">Flagged: {detail.flag_reason}</div> : null}
          <GateReasons gate={detail.publish_gate} />
          <ClaimsPanel story={detail} onChanged={setDetail} />
          <h3>Audit log</h3>
          <ul className="pl-list">
            {[...detail.audit_log].reverse().slice(0, 30).map((e, i) => (
              <li key={i} className="c-hint">
                {new Date(e.timestamp).toLocaleString('en-GB')} · <strong>{e.action}</strong> by {e.user}
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

function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const h = Math.floor(minutes / 60);
  return `${h} h ${Math.round(minutes - h * 60)} min`;
}

function SchedulerNote({ scheduler, isAdmin }: { scheduler: SchedulerView; isAdmin: boolean }) {
  const here = scheduler.thisServer;
  return (
    <Card className="pl-scheduler">
      <div className="c-row">
        <Badge tone={scheduler.enabled ? 'green' : 'grey'}>{scheduler.enabled ? 'System started' : 'System stopped'}</Badge>
        <span className="c-hint">
          {scheduler.updatedBy ? `Switched ${scheduler.enabled ? 'on' : 'off'} by ${scheduler.updatedBy}${scheduler.updatedAt ? ` at ${new Date(scheduler.updatedAt).toLocaleString('en-GB')}` : ''}.` : 'Never switched on from the console.'}
        </span>
      </div>
      <p className="c-hint">
        The switch is stored in the database: every C360 server on it follows it within seconds. This server ({here.server}) {here.running ? `runs ${here.jobs.join(', ')}` : 'runs no schedule now'}
        {here.canRun ? '.' : ` (${(here.detail ?? 'it cannot run one').replace(/\.$/, '')}).`}
        {isAdmin ? '' : ' Only an administrator can start or stop it.'}
      </p>
    </Card>
  );
}
