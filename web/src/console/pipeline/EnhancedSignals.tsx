import { useCallback, useEffect, useState } from 'react';
import { useDebounced } from '../useDebounced';
import { useLiveEvent } from '../live/LiveEvents';
import { RegionBadge } from '../stories/badges';
import { Badge, Card, EmptyState, PageHeader, Skeleton, Tabs } from '../ui';
import { pipelineApi, type Pattern, type StoryCluster } from './api';
import { useConsoleI18n } from '../console-i18n';
import { SignalList, SIGNAL_REFRESH_MS, signalStrength, signalType, useSignalActions, useSignals } from './signals';
import { useRunControl } from './useRunControl';
import './pipeline.css';

type View = 'signals' | 'patterns' | 'clusters';
const TYPES = ['Economic', 'Political', 'Environmental', 'Social', 'Security'];
const STRENGTHS = ['High', 'Medium', 'Low'];

/**
 * Enhanced Signals (/dashboard/enhanced-signals): signals, patterns (signals moving together) and
 * clusters (stories sharing people, places, organisations or topics), with search and filters for
 * type, region and strength; Run Analysis runs pattern detection on the server.
 */
export default function EnhancedSignals() {
  const { t, fmt } = useConsoleI18n();
  const [view, setView] = useState<View>('signals');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [type, setType] = useState('');
  const [region, setRegion] = useState('');
  const [strength, setStrength] = useState('');
  const filter = { q: q || undefined, type: type || undefined, region: region || undefined, strength: strength || undefined, limit: 100 };
  const signals = useSignals(filter);
  const actions = useSignalActions();
  const [patterns, setPatterns] = useState<Pattern[] | null>(null);
  const [clusters, setClusters] = useState<{ clusters: StoryCluster[]; storiesConsidered: number; days: number } | null>(null);

  const loadPatterns = useCallback(async () => {
    try {
      setPatterns((await pipelineApi.patterns({ q: q || undefined, region: region || undefined, strength: strength || undefined })).items);
    } catch {
      setPatterns([]);
    }
  }, [q, region, strength]);
  const loadClusters = useCallback(async () => {
    try {
      setClusters(await pipelineApi.clusters(7));
    } catch {
      setClusters({ clusters: [], storiesConsidered: 0, days: 7 });
    }
  }, []);
  useEffect(() => {
    if (view !== 'patterns') return;
    void loadPatterns();
    const timer = setInterval(() => void loadPatterns(), SIGNAL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [view, loadPatterns]);
  useEffect(() => {
    if (view === 'clusters') void loadClusters();
  }, [view, loadClusters]);
  useLiveEvent(['patterns'], () => {
    if (view === 'patterns') void loadPatterns();
  });

  const control = useRunControl({
    startError: () => t('console.signals.analysisError'),
    finished: (run) =>
      run.status === 'completed'
        ? {
            title: t('console.signals.detected', {
              patterns: fmt.number(run.result?.patternStats?.patternsDetected ?? 0),
              clusters: fmt.number(run.result?.patternStats?.clustersFound ?? 0),
            }),
            tone: 'success',
          }
        : run.status === 'failed'
          ? { title: t('console.signals.analysisError'), description: run.stages[0]?.error ?? undefined, tone: 'error' }
          : null,
    onFinished: () => {
      void signals.reload();
      void loadPatterns();
      void loadClusters();
    },
  });
  const analysing = control.running && control.run?.kind === 'patterns';
  const regions = Object.keys(signals.page?.facets.regions ?? {}).sort();

  return (
    <div className="pl">
      <PageHeader
        title={t('console.nav.enhanced-signals')}
        subtitle={t('console.signals.enhancedSubtitle')}
        actions={
          <button
            type="button"
            className="c-button"
            onClick={() => void control.start('patterns', undefined, false)}
            disabled={control.running || control.starting}
          >
            {analysing ? t('console.signals.analysing', { n: Math.round(control.run?.stages[0]?.progress ?? 0) }) : t('console.signals.runAnalysis')}
          </button>
        }
      />
      {analysing ? (
        <div
          className="c-progress"
          role="progressbar"
          aria-label={t('console.signals.analysisProgress')}
          aria-valuenow={Math.round(control.run?.overall ?? 0)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${control.run?.overall ?? 0}%` }} />
        </div>
      ) : null}
      <Card>
        <div className="c-form-grid">
          <label className="c-field">
            <span>{t('console.signals.search')}</span>
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('console.signals.searchPlaceholder')}
              maxLength={200}
            />
          </label>
          <label className="c-field">
            <span>{t('console.signals.typeLabel')}</span>
            <select value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">{t('console.signals.allTypes')}</option>
              {TYPES.map((value) => (
                <option key={value} value={value}>
                  {signalType(t, value)}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>{t('console.signals.region')}</span>
            <select value={region} onChange={(e) => setRegion(e.target.value)}>
              <option value="">{t('console.signals.allRegions')}</option>
              {regions.map((r) => (
                <option key={r} value={r}>
                  {fmt.region(r)}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>{t('console.signals.strengthLabel')}</span>
            <select value={strength} onChange={(e) => setStrength(e.target.value)}>
              <option value="">{t('console.signals.allStrengths')}</option>
              {STRENGTHS.map((value) => (
                <option key={value} value={value}>
                  {signalStrength(t, value)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </Card>
      <Tabs
        tabs={[
          { key: 'signals', label: t('console.signals.tabSignals'), count: signals.page?.total },
          { key: 'patterns', label: t('console.signals.tabPatterns'), count: patterns?.length },
          { key: 'clusters', label: t('console.signals.tabClusters'), count: clusters?.clusters.length },
        ]}
        value={view}
        onChange={setView}
        label={t('console.signals.viewsLabel')}
      >
        {view === 'signals' ? <SignalList page={signals.page} error={signals.error} actions={actions} /> : null}
        {view === 'patterns' ? <PatternList patterns={patterns} filteredByType={Boolean(type)} /> : null}
        {view === 'clusters' ? <ClusterView data={clusters} /> : null}
      </Tabs>
      {actions.dialogs}
    </div>
  );
}

function PatternList({ patterns, filteredByType }: { patterns: Pattern[] | null; filteredByType: boolean }) {
  const { t, tn, fmt } = useConsoleI18n();
  if (!patterns) return <Skeleton rows={3} label={t('console.signals.loadingPatterns')} />;
  // The hidden h2 keeps the heading order (h1, h2, h3) when the empty state's h3 is all the tab shows.
  if (patterns.length === 0)
    return (
      <>
        <h2 className="visually-hidden">{t('console.signals.patternsHeading')}</h2>
        <EmptyState title={t('console.signals.noPatterns')}>{t('console.signals.noPatternsBody')}</EmptyState>
      </>
    );
  return (
    <>
      <h2 className="visually-hidden">{t('console.signals.patternsHeading')}</h2>
      <ul className="pl-list">
        {filteredByType ? <li className="c-hint">{t('console.signals.notTyped')}</li> : null}
        {patterns.map((p) => (
          <li key={p.id} className={`pl-signal pl-sig-${p.strength ?? 'Low'}`} data-pattern-id={p.id}>
            <div className="c-meta">
              {p.strength ? (
                <Badge tone={p.strength === 'High' ? 'red' : p.strength === 'Medium' ? 'orange' : 'green'}>{signalStrength(t, p.strength)}</Badge>
              ) : null}
              {p.emergingTrend ? <Badge tone="purple">{t('console.signals.emerging')}</Badge> : null}
              {p.region ? <RegionBadge region={p.region} /> : null}
              <Badge tone="blue">{t('console.pipeline.confidence', { n: Math.round(p.confidence * 100) })}</Badge>
              <span className="c-hint">{tn('console.signals.signalCount', p.relatedSignals.length)}</span>
            </div>
            <h3 lang="en">{p.name}</h3>
            <p lang="en">{p.description}</p>
            {p.stories.length ? (
              <ul className="pl-cluster-stories">
                {p.stories.slice(0, 6).map((s) => (
                  <li key={s.id} lang="en">
                    {s.path ? <a href={s.path}>{s.title}</a> : s.title}
                  </li>
                ))}
                {p.stories.length > 6 ? <li className="c-hint">{t('console.signals.andMore', { n: fmt.number(p.stories.length - 6) })}</li> : null}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A small graph: each cluster a hub, its stories around it (no map library needed). */
function ClusterGraph({ clusters }: { clusters: StoryCluster[] }) {
  const { t, tn } = useConsoleI18n();
  const shown = clusters.slice(0, 8);
  const cols = Math.min(4, shown.length);
  const rows = Math.ceil(shown.length / cols);
  const cell = 220;
  return (
    <svg
      className="pl-graph"
      width={cols * cell}
      height={rows * cell}
      viewBox={`0 0 ${cols * cell} ${rows * cell}`}
      role="img"
      aria-label={t('console.signals.graphLabel', { list: shown.map((c) => `${c.label} (${tn('console.pipeline.stories', c.size)})`).join('; ') })}
    >
      {shown.map((c, i) => {
        const cx = (i % cols) * cell + cell / 2;
        const cy = Math.floor(i / cols) * cell + cell / 2;
        const stories = c.stories.slice(0, 12);
        return (
          <g key={c.id}>
            {stories.map((s, j) => {
              const angle = (2 * Math.PI * j) / stories.length;
              const x = cx + Math.cos(angle) * 70;
              const y = cy + Math.sin(angle) * 70;
              return (
                <g key={s.id}>
                  <line x1={cx} y1={cy} x2={x} y2={y} stroke="#cbd5e1" />
                  <circle cx={x} cy={y} r={7} fill={s.pipeline_stage === 'published' ? '#16a34a' : '#60a5fa'}>
                    <title>{s.title}</title>
                  </circle>
                </g>
              );
            })}
            <circle cx={cx} cy={cy} r={18} fill="#1d4ed8" />
            <text x={cx} y={cy + 4} textAnchor="middle" fill="#fff" style={{ fill: '#fff', fontWeight: 700 }}>
              {c.size}
            </text>
            <text x={cx} y={cy + 100} textAnchor="middle">
              {c.label.length > 30 ? `${c.label.slice(0, 29)}…` : c.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function ClusterView({ data }: { data: { clusters: StoryCluster[]; storiesConsidered: number; days: number } | null }) {
  const { t, tn, fmt } = useConsoleI18n();
  if (!data) return <Skeleton rows={3} label={t('console.signals.loadingClusters')} />;
  if (data.clusters.length === 0)
    return (
      <>
        <h2 className="visually-hidden">{t('console.signals.clustersHeading')}</h2>
        <EmptyState title={t('console.signals.noClusters')}>
          {t('console.signals.noClustersBody', { n: fmt.number(data.storiesConsidered), days: data.days })}
        </EmptyState>
      </>
    );
  return (
    <>
      <p className="c-hint">{tn('console.signals.clustersHint', data.clusters.length, { stories: fmt.number(data.storiesConsidered), days: data.days })}</p>
      <h2 className="visually-hidden">{t('console.signals.clustersHeading')}</h2>
      <ClusterGraph clusters={data.clusters} />
      <ul className="pl-list" style={{ marginTop: '1rem' }}>
        {data.clusters.map((c) => (
          <li key={c.id} className="pl-signal" data-cluster-id={c.id}>
            <div className="c-meta">
              <Badge tone="blue">{tn('console.pipeline.stories', c.size)}</Badge>
              {c.regions.map((r) => (
                <RegionBadge key={r} region={r} />
              ))}
            </div>
            <h3 lang="en">{c.label}</h3>
            <ul className="pl-cluster-stories">
              {c.stories.map((s) => (
                <li key={s.id} lang="en">
                  {s.path ? <a href={s.path}>{s.title}</a> : s.title}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}
