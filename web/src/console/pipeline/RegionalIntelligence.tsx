import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useToast } from '../../shared/toasts';
import { RefreshIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { RegionBadge } from '../stories/badges';
import { editorPath } from '../stories/StoryCardView';
import { Badge, Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import { pipelineApi, type Indicator, type Intelligence, type ScoredStory } from './api';
import { SENTIMENT_TONE } from './progress';
import { errorText } from './useRunControl';
import './pipeline.css';

type TabKey = 'diaspora' | 'economic' | 'regional';
const WINDOWS = [7, 30, 90] as const;
const COLORS = ['#2563eb', '#16a34a', '#ea580c', '#7c3aed', '#db2777', '#0891b2', '#ca8a04', '#dc2626'];

/**
 * Regional Intelligence (/dashboard/intelligence): Diaspora Analysis, Economic Indicators and
 * Regional Insights computed on the server from the stories, signals, enrichment data and the
 * indicators file, with charts (recharts, in this chunk only). No sample data: what C360 does not
 * know (a diaspora's population or political influence) is said to be unknown.
 */
export default function RegionalIntelligence() {
  const toast = useToast();
  const [tab, setTab] = useState<TabKey>('diaspora');
  const [days, setDays] = useState<(typeof WINDOWS)[number]>(30);
  const [data, setData] = useState<Intelligence | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await pipelineApi.intelligence(days));
      setError(null);
    } catch (e) {
      setError(errorText(e));
      toast.show({ title: 'Failed to load dashboard data', description: errorText(e), tone: 'error' });
    }
  }, [days, toast]);
  useEffect(() => {
    setData(null);
    void load();
  }, [load]);
  useLiveReload(load, ['patterns', 'pipeline'], { minIntervalMs: 10_000 });

  return (
    <div className="pl">
      <PageHeader
        title="Regional Intelligence"
        subtitle="What the region's news says about the diaspora, the economy and each place, computed from C360's stories and signals."
        actions={
          <div className="c-row">
            <div className="c-row" role="group" aria-label="Time window">
              {WINDOWS.map((d) => (
                <button key={d} type="button" className={`c-button c-button-small ${d === days ? '' : 'c-button-ghost'}`} aria-pressed={d === days} onClick={() => setDays(d)}>
                  {d} days
                </button>
              ))}
            </div>
            <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}>
              <RefreshIcon size={14} /> Refresh
            </button>
          </div>
        }
      />
      {error ? <InlineError>Could not load Regional Intelligence: {error}</InlineError> : null}
      <Tabs
        tabs={[
          { key: 'diaspora', label: 'Diaspora Analysis' },
          { key: 'economic', label: 'Economic Indicators' },
          { key: 'regional', label: 'Regional Insights' },
        ]}
        value={tab}
        onChange={setTab}
        label="Regional Intelligence"
      >
        {!data ? <Skeleton rows={4} label="Computing intelligence…" /> : null}
        {data && tab === 'diaspora' ? <DiasporaTab data={data} /> : null}
        {data && tab === 'economic' ? <EconomicTab data={data} /> : null}
        {data && tab === 'regional' ? <RegionalTab data={data} /> : null}
      </Tabs>
    </div>
  );
}

function StoryLink({ story }: { story: { id: string; title: string; path: string | null } }) {
  return story.path ? <a href={story.path}>{story.title}</a> : <a href={editorPath(story.id)}>{story.title}</a>;
}

function ChartBox({ label, children, height = 260 }: { label: string; children: ReactElement; height?: number }) {
  return (
    <div className="pl-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

function DiasporaTab({ data }: { data: Intelligence }) {
  const d = data.diaspora;
  const scored = d.records.filter((r) => r.averageRelevance !== null);
  if (d.records.length === 0) return <EmptyState title="No stories in this window">Diaspora analysis needs stories; the pipeline writes a diaspora relevance score (0-100) for each.</EmptyState>;
  const chart = scored.slice(0, 12).map((r) => ({ region: r.country, 'Average relevance': r.averageRelevance, 'High relevance stories': r.highRelevance }));
  return (
    <>
      <div className="c-stats">
        <StatCard label="Stories scored" value={scored.reduce((n, r) => n + r.scored, 0)} note={`of ${d.records.reduce((n, r) => n + r.stories, 0)} in ${data.window.days} days`} />
        <StatCard label={`High relevance (≥ ${d.highThreshold})`} value={d.records.reduce((n, r) => n + r.highRelevance, 0)} tone="purple" />
        <StatCard label="Diaspora-tagged stories" value={d.tagged.total} note={d.tagged.tags.join(', ')} tone="green" />
      </div>
      <div className="pl-two">
        <Card title="Diaspora relevance by region">
          {chart.length ? (
            <ChartBox label={`Average diaspora relevance by region: ${chart.map((c) => `${c.region} ${c['Average relevance']}`).join(', ')}`}>
              <BarChart data={chart} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                <XAxis dataKey="region" tick={{ fontSize: 12 }} />
                <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="Average relevance" fill="#7c3aed" isAnimationActive={false} />
                <Bar dataKey="High relevance stories" fill="#16a34a" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          ) : (
            <p className="c-hint">No story in this window has a diaspora relevance score yet.</p>
          )}
        </Card>
        <Card title="Most relevant to the diaspora">
          <ScoredList stories={d.topStories} score={(s) => `${s.diaspora_relevance ?? '—'}/100`} />
        </Card>
      </div>
      <Card title="By country or region">
        <div className="pl-table-wrap" tabIndex={0} role="region" aria-label="Diaspora by country or region">
          <table className="c-table">
            <thead>
              <tr>
                <th>Country</th>
                <th>Stories</th>
                <th>Avg relevance</th>
                <th>Engagement</th>
                <th>Key issues</th>
                <th>Sentiment</th>
                <th>Economic impact</th>
              </tr>
            </thead>
            <tbody>
              {d.records.map((r) => (
                <tr key={r.country}>
                  <td>
                    <RegionBadge region={r.country} />
                  </td>
                  <td>{r.stories}</td>
                  <td>{r.averageRelevance ?? '—'}</td>
                  <td>{r.engagementLevel ? <Badge tone={r.engagementLevel === 'High' ? 'green' : r.engagementLevel === 'Medium' ? 'yellow' : 'grey'}>{r.engagementLevel}</Badge> : '—'}</td>
                  <td className="pl-cell-text">{r.keyIssues.join(', ') || '—'}</td>
                  <td>{r.sentiment === null ? '—' : <Badge tone={SENTIMENT_TONE(r.sentiment)}>{r.sentiment.toFixed(2)}</Badge>}</td>
                  <td className="pl-cell-text">{r.economicImpact ? `${r.economicImpact.indicator} ${formatValue(r.economicImpact.value, r.economicImpact.unit)} (${r.economicImpact.year})` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="c-hint">
          Engagement: the share of a region's scored stories of high diaspora relevance (High from 50 %, Medium from 20 %). Sentiment: the average of the region's signals. Diaspora population and
          political influence are not in C360's data, so they are not shown.
        </p>
      </Card>
    </>
  );
}

function formatValue(value: number, unit: string): string {
  const abs = Math.abs(value);
  const scaled = abs >= 1e9 ? `${(value / 1e9).toFixed(2)} bn` : abs >= 1e6 ? `${(value / 1e6).toFixed(2)} m` : value.toLocaleString('en-US');
  return unit === 'US$' ? `US$${scaled}` : unit === '%' ? `${value}%` : `${scaled}${unit ? ` ${unit}` : ''}`;
}

function ScoredList({ stories, score }: { stories: ScoredStory[]; score: (s: ScoredStory) => string }) {
  if (stories.length === 0) return <p className="c-hint">None in this window.</p>;
  return (
    <ul className="pl-list">
      {stories.map((s) => (
        <li key={s.id} className="c-row">
          <Badge tone="purple">{score(s)}</Badge>
          <RegionBadge region={s.region} />
          <StoryLink story={s} />
        </li>
      ))}
    </ul>
  );
}

function IndicatorRow({ i }: { i: Indicator }) {
  return (
    <tr>
      <td className="pl-cell-text">{i.name}</td>
      <td>
        {formatValue(i.value, i.unit)} ({i.year})
      </td>
      <td>{i.previousValue === null ? '—' : `${formatValue(i.previousValue, i.unit)} (${i.previousYear})`}</td>
      <td>{i.change === null ? '—' : <Badge tone={i.trend === 'up' ? 'green' : i.trend === 'down' ? 'red' : 'grey'}>{`${i.change > 0 ? '+' : ''}${i.change}%`}</Badge>}</td>
      <td>{i.category}</td>
      <td className="c-hint pl-cell-text">{i.sourceUrl ? <a href={i.sourceUrl} rel="noopener noreferrer" target="_blank">{i.source}</a> : i.source}</td>
    </tr>
  );
}

function EconomicTab({ data }: { data: Intelligence }) {
  const e = data.economic;
  const gdp = e.indicators.filter((i) => i.unit === 'US$');
  const chart = gdp.map((i) => ({ name: i.country, [String(i.previousYear ?? 'previous')]: i.previousValue === null ? null : Math.round(i.previousValue / 1e7) / 100, [String(i.year)]: Math.round(i.value / 1e7) / 100 }));
  const years = [...new Set(gdp.flatMap((i) => [String(i.previousYear ?? 'previous'), String(i.year)]))];
  const byRegion = Object.entries(e.stories.byRegion).map(([region, n]) => ({ region, Stories: n }));
  return (
    <>
      <Card title="Economic indicators">
        {e.indicatorsError ? <InlineError>The indicators file could not be read: {e.indicatorsError}</InlineError> : null}
        {e.indicators.length ? (
          <>
            <div className="pl-table-wrap" tabIndex={0} role="region" aria-label="Economic indicators">
              <table className="c-table">
                <thead>
                  <tr>
                    <th>Indicator</th>
                    <th>Value</th>
                    <th>Previous</th>
                    <th>Change</th>
                    <th>Category</th>
                    <th>Source</th>
                  </tr>
                </thead>
                <tbody>
                  {e.indicators.map((i) => (
                    <IndicatorRow key={i.name + i.year} i={i} />
                  ))}
                </tbody>
              </table>
            </div>
            {chart.length ? (
              <ChartBox label={`GDP in billions of US dollars: ${gdp.map((i) => `${i.country} ${formatValue(i.value, i.unit)} in ${i.year}`).join('; ')}`}>
                <BarChart data={chart} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                  <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                  <YAxis tick={{ fontSize: 12 }} unit=" bn" />
                  <Tooltip />
                  <Legend />
                  {years.map((y, n) => (
                    <Bar key={y} dataKey={y} fill={COLORS[n % COLORS.length]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ChartBox>
            ) : null}
            <p className="c-hint">
              From {e.indicatorsFile}, the file the enrichment stage reads (replace it with `c360 enrich --indicators FILE.csv`). No forecast is shown: the data has none.
            </p>
          </>
        ) : (
          <p className="c-hint">No indicators loaded.</p>
        )}
      </Card>
      <div className="pl-two">
        <Card title={`Economic stories (${e.stories.total})`}>
          {byRegion.length ? (
            <ChartBox label={`Economic stories by region: ${byRegion.map((r) => `${r.region} ${r.Stories}`).join(', ')}`} height={220}>
              <BarChart data={byRegion} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                <XAxis dataKey="region" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="Stories" fill="#2563eb" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          ) : null}
          <p className="c-hint">Stories tagged or about {e.stories.tags.join(', ')}.</p>
          <ScoredList stories={e.stories.items} score={(s) => `urgency ${s.urgency}`} />
        </Card>
        <Card title="Economic signals">
          {e.signals.length ? (
            <ul className="pl-list">
              {e.signals.map((s) => (
                <li key={s.id} className="c-row">
                  <Badge tone={s.strength === 'High' ? 'red' : s.strength === 'Medium' ? 'orange' : 'green'}>{s.strength}</Badge>
                  <RegionBadge region={s.region} />
                  <span>{s.title}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="c-hint">No economic signal in this window.</p>
          )}
          <h3>External data attached to stories</h3>
          {e.enrichment.length ? (
            <ul className="pl-list">
              {e.enrichment.map((x) => (
                <li key={`${x.type}-${x.subject}`} className="c-hint">
                  <strong>{x.subject}</strong> ({x.type.replace('_', ' ')}): {x.stories} stories · {x.source}
                </li>
              ))}
            </ul>
          ) : (
            <p className="c-hint">No story in this window was enriched yet.</p>
          )}
        </Card>
      </div>
    </>
  );
}

function RegionalTab({ data }: { data: Intelligence }) {
  const r = data.regional;
  if (r.regions.length === 0) return <EmptyState title="No stories in this window">Regional insights need stories from the pipeline.</EmptyState>;
  const bars = r.regions.slice(0, 12).map((x) => ({ region: x.region, Stories: x.stories, Published: x.published }));
  const types = Object.entries(r.signalTypes).map(([name, value]) => ({ name, value }));
  return (
    <>
      <div className="pl-two">
        <Card title="Stories by region">
          <ChartBox label={`Stories by region: ${bars.map((b) => `${b.region} ${b.Stories}`).join(', ')}`}>
            <BarChart data={bars} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="region" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="Stories" fill="#2563eb" isAnimationActive={false} />
              <Bar dataKey="Published" fill="#16a34a" isAnimationActive={false} />
            </BarChart>
          </ChartBox>
        </Card>
        <Card title="Stories per day">
          <ChartBox label={`Stories per day over ${data.window.days} days: ${r.perDay.map((p) => `${p.day} ${p.stories}`).join(', ')}`}>
            <AreaChart data={r.perDay} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="day" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Area type="monotone" dataKey="stories" stroke="#7c3aed" fill="#ddd6fe" isAnimationActive={false} />
            </AreaChart>
          </ChartBox>
        </Card>
      </div>
      <div className="pl-two">
        <Card title="Signals by type">
          {types.length ? (
            <ChartBox label={`Signals by type: ${types.map((t) => `${t.name} ${t.value}`).join(', ')}`} height={240}>
              <PieChart>
                <Pie data={types} dataKey="value" nameKey="name" innerRadius={50} outerRadius={90} isAnimationActive={false}>
                  {types.map((_, i) => (
                    <Cell key={i} fill={COLORS[i % COLORS.length]} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ChartBox>
          ) : (
            <p className="c-hint">No signal in this window.</p>
          )}
        </Card>
        <Card title="Per region">
          <div className="pl-table-wrap" tabIndex={0} role="region" aria-label="Intelligence per region">
            <table className="c-table">
              <thead>
                <tr>
                  <th>Region</th>
                  <th>Stories</th>
                  <th>High risk</th>
                  <th>Avg urgency</th>
                  <th>Top topics</th>
                  <th>Signals</th>
                  <th>Sentiment</th>
                </tr>
              </thead>
              <tbody>
                {r.regions.map((x) => (
                  <tr key={x.region}>
                    <td>
                      <RegionBadge region={x.region} />
                    </td>
                    <td>
                      {x.stories} ({x.published} published)
                    </td>
                    <td>{x.highRisk}</td>
                    <td>{x.avgUrgency ?? '—'}</td>
                    <td className="pl-cell-text">{x.topics.map((t) => `${t.topic} (${t.stories})`).join(', ') || '—'}</td>
                    <td>{x.signals.total ? `${x.signals.total} (${x.signals.high} high)` : '—'}</td>
                    <td>{x.sentiment === null ? '—' : <Badge tone={SENTIMENT_TONE(x.sentiment)}>{x.sentiment.toFixed(2)}</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      </div>
    </>
  );
}
