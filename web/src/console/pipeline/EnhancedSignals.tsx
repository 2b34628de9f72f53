import { useCallback, useEffect, useState } from 'react';
import { useDebounced } from '../useDebounced';
import { useLiveEvent } from '../live/LiveEvents';
import { RegionBadge } from '../stories/badges';
import { Badge, Card, EmptyState, PageHeader, Skeleton, Tabs } from '../ui';
import { pipelineApi, type Pattern, type StoryCluster } from './api';
import { SignalList, SIGNAL_REFRESH_MS, useSignalActions, useSignals } from './signals';
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
    startError: () => 'Pattern Analysis Error: Failed to complete pattern analysis',
    finished: (run) =>
      run.status === 'completed'
        ? { title: `Patterns detected: ${run.result?.patternStats?.patternsDetected ?? 0} patterns, ${run.result?.patternStats?.clustersFound ?? 0} clusters`, tone: 'success' }
        : run.status === 'failed'
          ? { title: 'Pattern Analysis Error: Failed to complete pattern analysis', description: run.stages[0]?.error ?? undefined, tone: 'error' }
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
        title="Enhanced Signals"
        subtitle="Signals, the patterns they form, and clusters of related stories across the region."
        actions={
          <button type="button" className="c-button" onClick={() => void control.start('patterns', undefined, false)} disabled={control.running || control.starting}>
            {analysing ? `Analysing… ${Math.round(control.run?.stages[0]?.progress ?? 0)}%` : 'Run Analysis'}
          </button>
        }
      />
      {analysing ? (
        <div className="c-progress" role="progressbar" aria-label="Pattern analysis progress" aria-valuenow={Math.round(control.run?.overall ?? 0)} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${control.run?.overall ?? 0}%` }} />
        </div>
      ) : null}
      <Card>
        <div className="c-form-grid">
          <label className="c-field">
            <span>Search</span>
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search signals and patterns..." maxLength={200} />
          </label>
          <label className="c-field">
            <span>Type</span>
            <select value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">All types</option>
              {TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>Region</span>
            <select value={region} onChange={(e) => setRegion(e.target.value)}>
              <option value="">All regions</option>
              {regions.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="c-field">
            <span>Strength</span>
            <select value={strength} onChange={(e) => setStrength(e.target.value)}>
              <option value="">All strengths</option>
              {STRENGTHS.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          </label>
        </div>
      </Card>
      <Tabs
        tabs={[
          { key: 'signals', label: 'Signals', count: signals.page?.total },
          { key: 'patterns', label: 'Patterns', count: patterns?.length },
          { key: 'clusters', label: 'Clusters', count: clusters?.clusters.length },
        ]}
        value={view}
        onChange={setView}
        label="Enhanced Signals views"
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
  if (!patterns) return <Skeleton rows={3} label="Loading patterns…" />;
  if (patterns.length === 0) return <EmptyState title="No patterns">No signals move together here yet. Run Analysis to detect patterns in the last 24 hours.</EmptyState>;
  return (
    <>
    <h2 className="visually-hidden">Patterns</h2>
    <ul className="pl-list">
      {filteredByType ? <li className="c-hint">Patterns are not typed; the type filter applies to signals.</li> : null}
      {patterns.map((p) => (
        <li key={p.id} className={`pl-signal pl-sig-${p.strength ?? 'Low'}`} data-pattern-id={p.id}>
          <div className="c-meta">
            {p.strength ? <Badge tone={p.strength === 'High' ? 'red' : p.strength === 'Medium' ? 'orange' : 'green'}>{p.strength}</Badge> : null}
            {p.emergingTrend ? <Badge tone="purple">Emerging trend</Badge> : null}
            {p.region ? <RegionBadge region={p.region} /> : null}
            <Badge tone="blue">{Math.round(p.confidence * 100)}% confidence</Badge>
            <span className="c-hint">{p.relatedSignals.length} signal(s)</span>
          </div>
          <h3>{p.name}</h3>
          <p>{p.description}</p>
          {p.stories.length ? (
            <ul className="pl-cluster-stories">
              {p.stories.slice(0, 6).map((s) => (
                <li key={s.id}>{s.path ? <a href={s.path}>{s.title}</a> : s.title}</li>
              ))}
              {p.stories.length > 6 ? <li className="c-hint">and {p.stories.length - 6} more</li> : null}
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
  const shown = clusters.slice(0, 8);
  const cols = Math.min(4, shown.length);
  const rows = Math.ceil(shown.length / cols);
  const cell = 220;
  return (
    <svg className="pl-graph" width={cols * cell} height={rows * cell} viewBox={`0 0 ${cols * cell} ${rows * cell}`} role="img" aria-label={`Story clusters: ${shown.map((c) => `${c.label} (${c.size} stories)`).join('; ')}`}>
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
  if (!data) return <Skeleton rows={3} label="Loading clusters…" />;
  if (data.clusters.length === 0)
    return <EmptyState title="No clusters">Among the {data.storiesConsidered} stories of the last {data.days} days, none share a person, place, organisation or two topics with another.</EmptyState>;
  return (
    <>
      <p className="c-hint">
        {data.clusters.length} cluster(s) among {data.storiesConsidered} stories of the last {data.days} days: stories that share a named person, place or organisation, or two topics. Green: published.
      </p>
      <h2 className="visually-hidden">Clusters</h2>
      <ClusterGraph clusters={data.clusters} />
      <ul className="pl-list" style={{ marginTop: '1rem' }}>
        {data.clusters.map((c) => (
          <li key={c.id} className="pl-signal" data-cluster-id={c.id}>
            <div className="c-meta">
              <Badge tone="blue">{c.size} stories</Badge>
              {c.regions.map((r) => (
                <RegionBadge key={r} region={r} />
              ))}
            </div>
            <h3>{c.label}</h3>
            <ul className="pl-cluster-stories">
              {c.stories.map((s) => (
                <li key={s.id}>{s.path ? <a href={s.path}>{s.title}</a> : s.title}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

