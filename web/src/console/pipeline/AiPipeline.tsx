import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { CpuIcon, PulseIcon, RefreshIcon, ZapIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import type { StoryCard } from '../stories/api';
import { STAGE_TONE } from '../stories/badges';
import { Badge, Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import { known, useConsoleI18n } from '../console-i18n';
import { pipelineApi, type Overview } from './api';
import { chooseLastRun, editorsRun } from './last-run';
import { LastRunCard, PipelineArticleCard, PrinciplesList, RebuildLine, StepsView } from './parts';
import { startOfToday } from './progress';
import { RunProgressOverlay } from './RunProgress';
import { errorText, useRunControl } from './useRunControl';
import './pipeline.css';

type TabKey = 'overview' | 'controls' | 'workflow' | 'articles';
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
  const { t } = useConsoleI18n();
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
      if (!failedOnce.current) toast.show({ title: t('console.home.loadFailed'), description: errorText(e), tone: 'error' });
      failedOnce.current = true;
    }
  }, [toast, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'pipeline', 'raw_items', 'patterns']);

  const control = useRunControl({ onFinished: () => void load() });
  const me = useSession().user?.email ?? null;
  const myRun = editorsRun(control.run, me, overview?.yourLastRun);

  return (
    <div className="pl">
      <PageHeader
        title={t('console.nav.pipeline')}
        subtitle={t('console.pipeline.subtitle')}
        actions={
          <button type="button" className="c-button c-button-ghost" onClick={() => void load()}>
            <RefreshIcon size={16} /> {t('console.pipeline.refresh')}
          </button>
        }
      />
      {error ? <InlineError>{t('console.pipeline.loadError', { error })}</InlineError> : null}
      <Tabs
        tabs={[
          { key: 'overview', label: t('console.pipeline.tabOverview') },
          { key: 'controls', label: t('console.pipeline.tabControls') },
          { key: 'workflow', label: t('console.pipeline.tabWorkflow') },
          { key: 'articles', label: t('console.pipeline.tabArticles') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('console.nav.pipeline')}
      >
        {tab === 'overview' ? overview ? <OverviewTab overview={overview} /> : <Skeleton rows={4} label={t('console.pipeline.loading')} /> : null}
        {tab === 'controls' ? (
          <div className="pl-controls">
            <Card title={t('console.pipeline.tabControls')}>
              <p className="c-hint">{t('console.pipeline.controlsHint', { feeds: overview?.counts.feeds ?? 0 })}</p>
              <div className="c-row">
                <button type="button" className="c-button" onClick={() => void control.start('full')} disabled={control.running || control.starting}>
                  <CpuIcon size={16} /> {t('console.pipeline.runFull')}
                </button>
                <button
                  type="button"
                  className="c-button c-button-ghost"
                  onClick={() => void control.start('patterns')}
                  disabled={control.running || control.starting}
                >
                  <PulseIcon size={16} /> {t('console.pipeline.detectPatterns')}
                </button>
                <button
                  type="button"
                  className="c-button c-button-ghost"
                  onClick={() => void control.start('enrich')}
                  disabled={control.running || control.starting}
                >
                  <ZapIcon size={16} /> {t('console.pipeline.enrich')}
                </button>
                {control.run && !control.overlay ? (
                  <button type="button" className="c-button c-button-ghost" onClick={() => control.setOverlay(true)}>
                    {control.running ? t('console.pipeline.showProgress') : t('console.pipeline.showLast')}
                  </button>
                ) : null}
              </div>
              {overview?.running.length ? (
                <p className="c-hint">{t('console.pipeline.alsoGoing', { runs: overview.running.map((r) => `${r.label} (${r.actor})`).join(', ') })}</p>
              ) : null}
            </Card>
            <Card title={t('console.pipeline.lastRun')}>
              {overview ? <LastRunCard choice={chooseLastRun({ latest: overview.lastRun, mine: myRun, me })} /> : <Skeleton rows={1} />}
            </Card>
            <Card title={t('console.pipeline.rebuild')}>{overview ? <RebuildLine rebuild={overview.lastRebuild} /> : <Skeleton rows={1} />}</Card>
            <Card title={t('console.pipeline.principles')}>
              {overview ? <PrinciplesList principles={overview.principles} checked={overview.principlesChecked} /> : <Skeleton rows={2} />}
            </Card>
          </div>
        ) : null}
        {tab === 'workflow' ? (
          overview ? (
            <Card title={t('console.pipeline.tabWorkflow')}>
              <p className="c-hint">{t('console.pipeline.workflowHint')}</p>
              <StepsView steps={overview.steps} run={overview.consoleRun} />
            </Card>
          ) : (
            <Skeleton rows={3} />
          )
        ) : null}
        {tab === 'articles' ? <ArticlesTab /> : null}
      </Tabs>
      {control.overlay && control.run ? (
        <RunProgressOverlay
          run={control.run}
          onClose={() => control.setOverlay(false)}
          onCancel={() => void control.cancel()}
          onRetry={(stage) => void control.retry(stage)}
        />
      ) : null}
    </div>
  );
}

function OverviewTab({ overview }: { overview: Overview }) {
  const { t, tn, fmt } = useConsoleI18n();
  const c = overview.counts;
  const stages = STAGE_FILTER.filter((s) => s !== 'all');
  const max = Math.max(1, ...stages.map((s) => overview.stages[s] ?? 0));
  return (
    <>
      <div className="c-stats">
        <StatCard label={t('console.pipeline.statStories')} value={fmt.number(overview.stages.all)} note={t('console.pipeline.statStoriesNote')} />
        <StatCard label={t('console.pipeline.statPending')} value={fmt.number(c.pendingItems)} note={t('console.pipeline.statPendingNote')} tone="purple" />
        <StatCard
          label={t('console.pipeline.statFailed')}
          value={fmt.number(c.failedItems + c.failedStories)}
          note={t('console.pipeline.failedNote', {
            items: tn('console.pipeline.items', c.failedItems),
            stories: tn('console.pipeline.stories', c.failedStories),
          })}
          tone="red"
        />
        <StatCard
          label={t('console.pipeline.statPublished')}
          value={fmt.number(c.publishedSince)}
          note={t('console.pipeline.statPublishedNote', { n: fmt.number(c.attention) })}
          tone="green"
        />
        <StatCard
          label={t('console.pipeline.statSignals')}
          value={fmt.number(c.signalsLastDay)}
          note={t('console.pipeline.statLastDay', { n: fmt.number(c.signals) })}
          tone="orange"
        />
        <StatCard
          label={t('console.pipeline.statPatterns')}
          value={fmt.number(c.patternsLastDay)}
          note={t('console.pipeline.statLastDay', { n: fmt.number(c.patterns) })}
          tone="purple"
        />
      </div>
      <div className="pl-two">
        <Card title={t('console.pipeline.perStage')}>
          <ul className="pl-bars">
            {stages.map((stage) => (
              <li key={stage}>
                <Badge tone={STAGE_TONE[stage] ?? 'grey'}>{known(t, `console.stage.${stage}`, stage)}</Badge>
                <span className="pl-bar" aria-hidden="true">
                  <span style={{ width: `${((overview.stages[stage] ?? 0) / max) * 100}%` }} />
                </span>
                <span className="pl-bar-n">{fmt.number(overview.stages[stage] ?? 0)}</span>
              </li>
            ))}
          </ul>
          <p className="c-hint">{t('console.pipeline.stagesHint')}</p>
        </Card>
        <Card title={t('console.pipeline.principles')}>
          <PrinciplesList principles={overview.principles} checked={overview.principlesChecked} />
        </Card>
      </div>
    </>
  );
}

function ArticlesTab() {
  const toast = useToast();
  const { t } = useConsoleI18n();
  const stageName = (s: StageFilter) => (s === 'all' ? t('console.pipeline.all') : known(t, `console.stage.${s}`, s));
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
        toast.show({ title: t('console.pipeline.fetchFailed'), description: errorText(e), tone: 'error' });
      } finally {
        setLoading(false);
      }
    },
    [stage, toast, t],
  );
  useEffect(() => {
    setItems(null);
    void load(0);
  }, [load]);

  return (
    <div>
      <div className="c-row pl-filter" role="group" aria-label={t('console.pipeline.stageGroup')}>
        {STAGE_FILTER.map((s) => (
          <button
            key={s}
            type="button"
            className={`c-button c-button-small ${stage === s ? '' : 'c-button-ghost'}`}
            aria-pressed={stage === s}
            onClick={() => setStage(s)}
          >
            {stageName(s)} <span className="c-tab-count">{counts ? (s === 'all' ? counts.all : (counts[s] ?? 0)) : '…'}</span>
          </button>
        ))}
        <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => void load(0)} disabled={loading}>
          <RefreshIcon size={14} /> {t('console.pipeline.refresh')}
        </button>
      </div>
      {items === null ? (
        <Skeleton rows={3} label={t('console.pipeline.loadingArticles')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('console.pipeline.noArticles')}>{t('console.pipeline.noArticlesBody')}</EmptyState>
      ) : (
        <>
          <h2 className="visually-hidden">{t('console.pipeline.articlesHeading', { stage: stageName(stage) })}</h2>
          <div className="c-grid">
            {items.map((story) => (
              <PipelineArticleCard key={story.id} story={story} />
            ))}
          </div>
          {hasMore ? (
            <div className="pl-more">
              <button type="button" className="c-button c-button-ghost" onClick={() => void load(items.length)} disabled={loading}>
                {loading ? t('console.ui.loading') : t('console.pipeline.loadMore')}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
