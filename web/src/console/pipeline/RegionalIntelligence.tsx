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
import { known, useConsoleI18n } from '../console-i18n';
import { signalStrength, signalType } from './signals';
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
  const { t, tn } = useConsoleI18n();
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
      toast.show({ title: t('console.home.loadFailed'), description: errorText(e), tone: 'error' });
    }
  }, [days, toast, t]);
  useEffect(() => {
    setData(null);
    void load();
  }, [load]);
  useLiveReload(load, ['patterns', 'pipeline'], { minIntervalMs: 10_000 });

  return (
    <div className="pl">
      <PageHeader
        title={t('console.nav.intelligence')}
        subtitle={t('console.regional.subtitle')}
        actions={
          <div className="c-row">
            <div className="c-row" role="group" aria-label={t('console.regional.window')}>
              {WINDOWS.map((d) => (
                <button
                  key={d}
                  type="button"
                  className={`c-button c-button-small ${d === days ? '' : 'c-button-ghost'}`}
                  aria-pressed={d === days}
                  onClick={() => setDays(d)}
                >
                  {tn('console.regional.days', d)}
                </button>
              ))}
            </div>
            <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}>
              <RefreshIcon size={14} /> {t('console.pipeline.refresh')}
            </button>
          </div>
        }
      />
      {error ? <InlineError>{t('console.regional.loadError', { error })}</InlineError> : null}
      <Tabs
        tabs={[
          { key: 'diaspora', label: t('console.regional.tabDiaspora') },
          { key: 'economic', label: t('console.regional.tabEconomic') },
          { key: 'regional', label: t('console.regional.tabRegional') },
        ]}
        value={tab}
        onChange={setTab}
        label={t('console.nav.intelligence')}
      >
        {!data ? <Skeleton rows={4} label={t('console.regional.computing')} /> : null}
        {data && tab === 'diaspora' ? <DiasporaTab data={data} /> : null}
        {data && tab === 'economic' ? <EconomicTab data={data} /> : null}
        {data && tab === 'regional' ? <RegionalTab data={data} /> : null}
      </Tabs>
    </div>
  );
}

function StoryLink({ story }: { story: { id: string; title: string; path: string | null } }) {
  return story.path ? (
    <a href={story.path} lang="en">
      {story.title}
    </a>
  ) : (
    <a href={editorPath(story.id)} lang="en">
      {story.title}
    </a>
  );
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
  const { t, fmt } = useConsoleI18n();
  const d = data.diaspora;
  const scored = d.records.filter((r) => r.averageRelevance !== null);
  if (d.records.length === 0) return <EmptyState title={t('console.regional.noStories')}>{t('console.regional.noStoriesDiaspora')}</EmptyState>;
  const chart = scored.slice(0, 12).map((r) => ({ region: fmt.region(r.country), average: r.averageRelevance, high: r.highRelevance }));
  return (
    <>
      <div className="c-stats">
        <StatCard
          label={t('console.regional.scored')}
          value={fmt.number(scored.reduce((n, r) => n + r.scored, 0))}
          note={t('console.regional.scoredNote', { n: fmt.number(d.records.reduce((n, r) => n + r.stories, 0)), days: data.window.days })}
        />
        <StatCard
          label={t('console.regional.high', { n: d.highThreshold })}
          value={fmt.number(d.records.reduce((n, r) => n + r.highRelevance, 0))}
          tone="purple"
        />
        <StatCard
          label={t('console.regional.tagged')}
          value={fmt.number(d.tagged.total)}
          note={<span lang="en">{d.tagged.tags.join(', ')}</span>}
          tone="green"
        />
      </div>
      <div className="pl-two">
        <Card title={t('console.regional.byRegion')}>
          {chart.length ? (
            <ChartBox label={t('console.regional.byRegionChart', { list: chart.map((c) => `${c.region} ${c.average}`).join(', ') })}>
              <BarChart data={chart} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                <XAxis dataKey="region" tick={{ fontSize: 12 }} />
                <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="average" name={t('console.regional.avgRelevance')} fill="#7c3aed" isAnimationActive={false} />
                <Bar dataKey="high" name={t('console.regional.highStories')} fill="#16a34a" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          ) : (
            <p className="c-hint">{t('console.regional.noScore')}</p>
          )}
        </Card>
        <Card title={t('console.regional.mostRelevant')}>
          <ScoredList stories={d.topStories} score={(s) => `${s.diaspora_relevance ?? '—'}/100`} />
        </Card>
      </div>
      <Card title={t('console.regional.byCountry')}>
        <div className="pl-table-wrap" tabIndex={0} role="region" aria-label={t('console.regional.byCountryLabel')}>
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('console.regional.country')}</th>
                <th>{t('console.regional.stories')}</th>
                <th>{t('console.regional.avgRelevanceShort')}</th>
                <th>{t('console.regional.engagement')}</th>
                <th>{t('console.regional.keyIssues')}</th>
                <th>{t('console.regional.sentiment')}</th>
                <th>{t('console.regional.economicImpact')}</th>
              </tr>
            </thead>
            <tbody>
              {d.records.map((r) => (
                <tr key={r.country}>
                  <td>
                    <RegionBadge region={r.country} />
                  </td>
                  <td>{fmt.number(r.stories)}</td>
                  <td>{r.averageRelevance ?? '—'}</td>
                  <td>
                    {r.engagementLevel ? (
                      <Badge tone={r.engagementLevel === 'High' ? 'green' : r.engagementLevel === 'Medium' ? 'yellow' : 'grey'}>
                        {known(t, `console.regional.level.${r.engagementLevel}`, r.engagementLevel)}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="pl-cell-text" lang="en">
                    {r.keyIssues.join(', ') || '—'}
                  </td>
                  <td>{r.sentiment === null ? '—' : <Badge tone={SENTIMENT_TONE(r.sentiment)}>{decimal(r.sentiment, fmt.locale)}</Badge>}</td>
                  <td className="pl-cell-text">
                    {r.economicImpact ? (
                      <>
                        <span lang="en">{r.economicImpact.indicator}</span> {formatValue(r.economicImpact.value, r.economicImpact.unit, t, fmt.locale)} (
                        {r.economicImpact.year})
                      </>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="c-hint">{t('console.regional.diasporaHint')}</p>
      </Card>
    </>
  );
}

/** A number with two decimals in the console's locale ("0.25", "0,25"). */
function decimal(value: number, locale: string): string {
  return value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function formatValue(value: number, unit: string, t: (key: string) => string, locale: string): string {
  const abs = Math.abs(value);
  const scaled =
    abs >= 1e9
      ? `${decimal(value / 1e9, locale)} ${t('console.regional.billions')}`
      : abs >= 1e6
        ? `${decimal(value / 1e6, locale)} ${t('console.regional.millions')}`
        : value.toLocaleString(locale);
  return unit === 'US$' ? `US$${scaled}` : unit === '%' ? `${value.toLocaleString(locale)}%` : `${scaled}${unit ? ` ${unit}` : ''}`;
}

function ScoredList({ stories, score }: { stories: ScoredStory[]; score: (s: ScoredStory) => string }) {
  const { t } = useConsoleI18n();
  if (stories.length === 0) return <p className="c-hint">{t('console.regional.none')}</p>;
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
  const { t, fmt } = useConsoleI18n();
  return (
    <tr>
      <td className="pl-cell-text" lang="en">
        {i.name}
      </td>
      <td>
        {formatValue(i.value, i.unit, t, fmt.locale)} ({i.year})
      </td>
      <td>{i.previousValue === null ? '—' : `${formatValue(i.previousValue, i.unit, t, fmt.locale)} (${i.previousYear})`}</td>
      <td>
        {i.change === null ? (
          '—'
        ) : (
          <Badge
            tone={i.trend === 'up' ? 'green' : i.trend === 'down' ? 'red' : 'grey'}
          >{`${i.change > 0 ? '+' : ''}${i.change.toLocaleString(fmt.locale)}%`}</Badge>
        )}
      </td>
      <td lang="en">{i.category}</td>
      <td className="c-hint pl-cell-text" lang="en">
        {i.sourceUrl ? (
          <a href={i.sourceUrl} rel="noopener noreferrer" target="_blank">
            {i.source}
          </a>
        ) : (
          i.source
        )}
      </td>
    </tr>
  );
}

function EconomicTab({ data }: { data: Intelligence }) {
  const { t, tn, fmt } = useConsoleI18n();
  const e = data.economic;
  const gdp = e.indicators.filter((i) => i.unit === 'US$');
  const chart = gdp.map((i) => ({
    name: fmt.region(i.country),
    [String(i.previousYear ?? 'previous')]: i.previousValue === null ? null : Math.round(i.previousValue / 1e7) / 100,
    [String(i.year)]: Math.round(i.value / 1e7) / 100,
  }));
  const years = [...new Set(gdp.flatMap((i) => [String(i.previousYear ?? 'previous'), String(i.year)]))];
  const byRegion = Object.entries(e.stories.byRegion).map(([region, n]) => ({ region: fmt.region(region), stories: n }));
  return (
    <>
      <Card title={t('console.regional.indicators')}>
        {e.indicatorsError ? <InlineError>{t('console.regional.indicatorsError', { error: e.indicatorsError })}</InlineError> : null}
        {e.indicators.length ? (
          <>
            <div className="pl-table-wrap" tabIndex={0} role="region" aria-label={t('console.regional.indicators')}>
              <table className="c-table">
                <thead>
                  <tr>
                    <th>{t('console.regional.indicator')}</th>
                    <th>{t('console.regional.value')}</th>
                    <th>{t('console.regional.previous')}</th>
                    <th>{t('console.regional.change')}</th>
                    <th>{t('console.regional.category')}</th>
                    <th>{t('console.regional.source')}</th>
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
              <ChartBox
                label={t('console.regional.gdpChart', {
                  list: gdp
                    .map((i) =>
                      t('console.regional.valueIn', { name: fmt.region(i.country), value: formatValue(i.value, i.unit, t, fmt.locale), year: i.year }),
                    )
                    .join('; '),
                })}
              >
                <BarChart data={chart} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                  <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                  <YAxis tick={{ fontSize: 12 }} unit={` ${t('console.regional.billions')}`} />
                  <Tooltip />
                  <Legend />
                  {years.map((y, n) => (
                    <Bar key={y} dataKey={y} fill={COLORS[n % COLORS.length]} isAnimationActive={false} />
                  ))}
                </BarChart>
              </ChartBox>
            ) : null}
            <p className="c-hint">{t('console.regional.indicatorsHint', { file: e.indicatorsFile })}</p>
          </>
        ) : (
          <p className="c-hint">{t('console.regional.noIndicators')}</p>
        )}
      </Card>
      <div className="pl-two">
        <Card title={t('console.regional.economicStories', { n: fmt.number(e.stories.total) })}>
          {byRegion.length ? (
            <ChartBox label={t('console.regional.economicChart', { list: byRegion.map((r) => `${r.region} ${r.stories}`).join(', ') })} height={220}>
              <BarChart data={byRegion} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
                <XAxis dataKey="region" tick={{ fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="stories" name={t('console.regional.stories')} fill="#2563eb" isAnimationActive={false} />
              </BarChart>
            </ChartBox>
          ) : null}
          <p className="c-hint">{t('console.regional.taggedAbout', { tags: e.stories.tags.join(', ') })}</p>
          <ScoredList stories={e.stories.items} score={(s) => t('console.regional.urgency', { n: s.urgency })} />
        </Card>
        <Card title={t('console.regional.economicSignals')}>
          {e.signals.length ? (
            <ul className="pl-list">
              {e.signals.map((s) => (
                <li key={s.id} className="c-row">
                  <Badge tone={s.strength === 'High' ? 'red' : s.strength === 'Medium' ? 'orange' : 'green'}>{signalStrength(t, s.strength)}</Badge>
                  <RegionBadge region={s.region} />
                  <span lang="en">{s.title}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="c-hint">{t('console.regional.noEconomicSignal')}</p>
          )}
          <h3>{t('console.regional.external')}</h3>
          {e.enrichment.length ? (
            <ul className="pl-list">
              {e.enrichment.map((x) => (
                <li key={`${x.type}-${x.subject}`} className="c-hint">
                  <strong lang="en">{x.subject}</strong> (<span lang="en">{x.type.replace('_', ' ')}</span>): {tn('console.pipeline.stories', x.stories)} ·{' '}
                  <span lang="en">{x.source}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="c-hint">{t('console.regional.noEnrichment')}</p>
          )}
        </Card>
      </div>
    </>
  );
}

function RegionalTab({ data }: { data: Intelligence }) {
  const { t, fmt } = useConsoleI18n();
  const r = data.regional;
  if (r.regions.length === 0) return <EmptyState title={t('console.regional.noStories')}>{t('console.regional.noStoriesRegional')}</EmptyState>;
  const bars = r.regions.slice(0, 12).map((x) => ({ region: fmt.region(x.region), stories: x.stories, published: x.published }));
  const types = Object.entries(r.signalTypes).map(([name, value]) => ({ name: signalType(t, name), value }));
  const perDay = r.perDay.map((p) => ({ ...p, day: fmt.shortDate(`${p.day}T12:00:00Z`) || p.day }));
  return (
    <>
      <div className="pl-two">
        <Card title={t('console.regional.storiesByRegion')}>
          <ChartBox label={t('console.regional.storiesByRegionChart', { list: bars.map((b) => `${b.region} ${b.stories}`).join(', ') })}>
            <BarChart data={bars} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="region" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="stories" name={t('console.regional.stories')} fill="#2563eb" isAnimationActive={false} />
              <Bar dataKey="published" name={t('console.regional.published')} fill="#16a34a" isAnimationActive={false} />
            </BarChart>
          </ChartBox>
        </Card>
        <Card title={t('console.regional.perDay')}>
          <ChartBox label={t('console.regional.perDayChart', { days: data.window.days, list: perDay.map((p) => `${p.day} ${p.stories}`).join(', ') })}>
            <AreaChart data={perDay} margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="day" tick={{ fontSize: 11 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Area type="monotone" dataKey="stories" name={t('console.regional.stories')} stroke="#7c3aed" fill="#ddd6fe" isAnimationActive={false} />
            </AreaChart>
          </ChartBox>
        </Card>
      </div>
      <div className="pl-two">
        <Card title={t('console.regional.signalsByType')}>
          {types.length ? (
            <ChartBox label={t('console.regional.signalsByTypeChart', { list: types.map((x) => `${x.name} ${x.value}`).join(', ') })} height={240}>
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
            <p className="c-hint">{t('console.regional.noSignal')}</p>
          )}
        </Card>
        <Card title={t('console.regional.perRegion')}>
          <div className="pl-table-wrap" tabIndex={0} role="region" aria-label={t('console.regional.perRegionLabel')}>
            <table className="c-table">
              <thead>
                <tr>
                  <th>{t('console.regional.region')}</th>
                  <th>{t('console.regional.stories')}</th>
                  <th>{t('console.regional.highRisk')}</th>
                  <th>{t('console.regional.avgUrgency')}</th>
                  <th>{t('console.regional.topTopics')}</th>
                  <th>{t('console.regional.signals')}</th>
                  <th>{t('console.regional.sentiment')}</th>
                </tr>
              </thead>
              <tbody>
                {r.regions.map((x) => (
                  <tr key={x.region}>
                    <td>
                      <RegionBadge region={x.region} />
                    </td>
                    <td>{t('console.regional.storiesPublished', { n: fmt.number(x.stories), published: fmt.number(x.published) })}</td>
                    <td>{fmt.number(x.highRisk)}</td>
                    <td>{x.avgUrgency ?? '—'}</td>
                    <td className="pl-cell-text" lang="en">
                      {x.topics.map((topic) => `${topic.topic} (${topic.stories})`).join(', ') || '—'}
                    </td>
                    <td>{x.signals.total ? t('console.regional.signalsHigh', { n: fmt.number(x.signals.total), high: fmt.number(x.signals.high) }) : '—'}</td>
                    <td>{x.sentiment === null ? '—' : <Badge tone={SENTIMENT_TONE(x.sentiment)}>{decimal(x.sentiment, fmt.locale)}</Badge>}</td>
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
