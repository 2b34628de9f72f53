import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { CpuIcon, PulseIcon, RefreshIcon, ZapIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import type { StoryCard } from '../stories/api';
import { STAGE_TONE } from '../stories/badges';
import { Badge, Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import { pipelineApi, type Overview } from './api';
import { chooseLastRun, lastRunOfConsoleRun } from './last-run';
import { LastRunCard, PipelineArticleCard, PrinciplesList, StepsView } from './parts';
import { startOfToday } from './progress';
import { RunProgressOverlay } from './RunProgress';
import { errorText, useRunControl } from './useRunControl';
import './pipeline.css';

type TabKey = 'overview' | 'controls' | 'workflow' | 'articles';
const TABS = [
  { key: 'overview' as const, label: 'Overview' },
  { key: 'controls' as const, label: 'Pipeline Controls' },
  { key: 'workflow' as const, label: 'Interactive Workflow' },
  { key: 'articles' as const, label: 'Articles' },
];
const STAGE_FILTER = ['all', 'ingested', 'enriched', 'ranked', 'drafted', 'verified', 'published'] as const;
type StageFilter = (typeof STAGE_FILTER)[number];
const PAGE = 24;

/**
 * AI Pipeline (/dashboard/pipeline): the pipeline's real state (stories per stage, waiting and
 * failed work, signals, patterns, the editorial principles computed from published stories), runs
 * started here on the server with the progress overlay following the real run, the live steps,
 * and every story by stage.
 */
export default function AiPipeline() {
  const toast = useToast();
  const [tab, setTab] = useState<TabKey>('overview');
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failedOnce = useRef(false);

  const load = useCallback(async () => {
    try {
      setOverview(await pipelineApi.overview(startOfToday()));
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
  useLiveReload(load, ['stories', 'pipeline', 'raw_items', 'patterns']);

  const control = useRunControl({ onFinished: () => void load() });
  const me = useSession().user?.email ?? null;
  // The editor's own finished run (one picked up from someone else is not "yours").
  const myRun = control.run && control.run.startedBy === me ? lastRunOfConsoleRun(control.run) : null;

  return (
    <div className="pl">
      <PageHeader
        title="AI Pipeline"
        subtitle="Clustering, five-layer summaries, fact-checking, patterns, enrichment and publishing, on the real stories."
        actions={
          <button type="button" className="c-button c-button-ghost" onClick={() => void load()}>
            <RefreshIcon size={16} /> Refresh
          </button>
        }
      />
      {error ? <InlineError>Could not load the pipeline: {error}</InlineError> : null}
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="AI Pipeline">
        {tab === 'overview' ? overview ? <OverviewTab overview={overview} /> : <Skeleton rows={4} label="Loading the pipeline…" /> : null}
        {tab === 'controls' ? (
          <div className="pl-controls">
            <Card title="Pipeline Controls">
              <p className="c-hint">
                Each button starts a real run on the server. Run Full Pipeline first fetches the feeds that are due ({overview?.counts.feeds ?? 0} registered), then AI processing (clustering,
                summaries, fact-checking, enrichment, publishing), then pattern detection.
              </p>
              <div className="c-row">
                <button type="button" className="c-button" onClick={() => void control.start('full')} disabled={control.running || control.starting}>
                  <CpuIcon size={16} /> Run Full Pipeline
                </button>
                <button type="button" className="c-button c-button-ghost" onClick={() => void control.start('patterns')} disabled={control.running || control.starting}>
                  <PulseIcon size={16} /> Detect Patterns
                </button>
                <button type="button" className="c-button c-button-ghost" onClick={() => void control.start('enrich')} disabled={control.running || control.starting}>
                  <ZapIcon size={16} /> Enrich External Data
                </button>
                {control.run && !control.overlay ? (
                  <button type="button" className="c-button c-button-ghost" onClick={() => control.setOverlay(true)}>
                    {control.running ? 'Show progress' : 'Show last run'}
                  </button>
                ) : null}
              </div>
              {overview?.running.length ? (
                <p className="c-hint">
                  Also going now: {overview.running.map((r) => `${r.label} (${r.actor})`).join(', ')}.
                </p>
              ) : null}
            </Card>
            <Card title="Last run results">{overview ? <LastRunCard choice={chooseLastRun({ latest: overview.lastRun, mine: myRun, me })} /> : <Skeleton rows={1} />}</Card>
            <Card title="Editorial principles">{overview ? <PrinciplesList principles={overview.principles} checked={overview.principlesChecked} /> : <Skeleton rows={2} />}</Card>
          </div>
        ) : null}
        {tab === 'workflow' ? (
          overview ? (
            <Card title="Interactive Workflow">
              <p className="c-hint">The live pipeline steps in the order C360 runs them, with what waits in each now. Run a step from Live Publishing.</p>
              <StepsView steps={overview.steps} run={overview.consoleRun} />
            </Card>
          ) : (
            <Skeleton rows={3} />
          )
        ) : null}
        {tab === 'articles' ? <ArticlesTab /> : null}
      </Tabs>
      {control.overlay && control.run ? <RunProgressOverlay run={control.run} onClose={() => control.setOverlay(false)} onCancel={() => void control.cancel()} onRetry={(stage) => void control.retry(stage)} /> : null}
    </div>
  );
}

function OverviewTab({ overview }: { overview: Overview }) {
  const c = overview.counts;
  const stages = STAGE_FILTER.filter((s) => s !== 'all');
  const max = Math.max(1, ...stages.map((s) => overview.stages[s] ?? 0));
  return (
    <>
      <div className="c-stats">
        <StatCard label="Stories" value={overview.stages.all.toLocaleString('en-US')} note="in every stage" />
        <StatCard label="Pending source items" value={c.pendingItems.toLocaleString('en-US')} note="waiting to join a story" tone="purple" />
        <StatCard label="Failed" value={(c.failedItems + c.failedStories).toLocaleString('en-US')} note={`${c.failedItems} items, ${c.failedStories} stories; retried later`} tone="red" />
        <StatCard label="Published today" value={c.publishedSince.toLocaleString('en-US')} note={`${c.attention} waiting for an editor`} tone="green" />
        <StatCard label="Signals" value={c.signalsLastDay.toLocaleString('en-US')} note={`last 24 h · ${c.signals} in all`} tone="orange" />
        <StatCard label="Patterns" value={c.patternsLastDay.toLocaleString('en-US')} note={`last 24 h · ${c.patterns} in all`} tone="purple" />
      </div>
      <div className="pl-two">
        <Card title="Stories per stage">
          <ul className="pl-bars">
            {stages.map((stage) => (
              <li key={stage}>
                <Badge tone={STAGE_TONE[stage] ?? 'grey'}>{stage}</Badge>
                <span className="pl-bar" aria-hidden="true">
                  <span style={{ width: `${((overview.stages[stage] ?? 0) / max) * 100}%` }} />
                </span>
                <span className="pl-bar-n">{(overview.stages[stage] ?? 0).toLocaleString('en-US')}</span>
              </li>
            ))}
          </ul>
          <p className="c-hint">C360 moves stories ingested → drafted → verified → published; enrichment adds data without moving a story and ranking happens when stories are read.</p>
        </Card>
        <Card title="Editorial principles">
          <PrinciplesList principles={overview.principles} checked={overview.principlesChecked} />
        </Card>
      </div>
    </>
  );
}

function ArticlesTab() {
  const toast = useToast();
  const [stage, setStage] = useState<StageFilter>('all');
  const [items, setItems] = useState<StoryCard[] | null>(null);
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (offset: number) => {
      setLoading(true);
      try {
        const page = await pipelineApi.stories(stage, offset, PAGE);
        setItems((list) => (offset > 0 && list ? [...list, ...page.items] : page.items));
        setCounts(page.counts);
        setHasMore(page.hasMore);
      } catch (e) {
        toast.show({ title: 'Failed to fetch articles', description: errorText(e), tone: 'error' });
      } finally {
        setLoading(false);
      }
    },
    [stage, toast],
  );
  useEffect(() => {
    setItems(null);
    void load(0);
  }, [load]);

  return (
    <div>
      <div className="c-row pl-filter" role="group" aria-label="Stage">
        {STAGE_FILTER.map((s) => (
          <button key={s} type="button" className={`c-button c-button-small ${stage === s ? '' : 'c-button-ghost'}`} aria-pressed={stage === s} onClick={() => setStage(s)}>
            {s} <span className="c-tab-count">{counts ? (s === 'all' ? counts.all : (counts[s] ?? 0)) : '…'}</span>
          </button>
        ))}
        <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => void load(0)} disabled={loading}>
          <RefreshIcon size={14} /> Refresh
        </button>
      </div>
      {items === null ? (
        <Skeleton rows={3} label="Loading articles…" />
      ) : items.length === 0 ? (
        <EmptyState title="No articles">No story is in this stage.</EmptyState>
      ) : (
        <>
          <h2 className="visually-hidden">Articles: {stage}</h2>
          <div className="c-grid">
            {items.map((story) => (
              <PipelineArticleCard key={story.id} story={story} />
            ))}
          </div>
          {hasMore ? (
            <div className="pl-more">
              <button type="button" className="c-button c-button-ghost" onClick={() => void load(items.length)} disabled={loading}>
                {loading ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
