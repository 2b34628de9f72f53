import { useState } from 'react';
import { useConsoleI18n } from '../console-i18n';
import { ChartIcon, RefreshIcon, ShareIcon, UsersIcon } from '../icons';
import { Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard } from '../ui';
import { ViewsChart } from './Charts';
import { percent, RANGES, useReaderAnalytics, type Range, type ReaderAnalytics } from './data';
import './analytics.css';

export function RangeButtons({ range, onChange, onRefresh, loading }: { range: Range; onChange: (r: Range) => void; onRefresh: () => void; loading: boolean }) {
  const { t } = useConsoleI18n();
  return (
    <div className="c-actions">
      <div className="an-ranges" role="radiogroup" aria-label={t('console.analytics.range')}>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={range === r}
            title={t(`console.analytics.period.${r}`)}
            className={`c-button c-button-small ${range === r ? '' : 'c-button-ghost'}`}
            onClick={() => onChange(r)}
          >
            {t(`console.analytics.ranges.${r}`)}
          </button>
        ))}
      </div>
      <button type="button" className="c-button c-button-ghost c-button-small" onClick={onRefresh} disabled={loading}>
        <RefreshIcon size={14} /> {t('console.analytics.refresh')}
      </button>
    </div>
  );
}

export function TotalCards({ data }: { data: ReaderAnalytics | null }) {
  const { t, fmt } = useConsoleI18n();
  const v = (n: number | undefined) => (data ? fmt.number(n ?? 0) : '...');
  return (
    <div className="c-stats">
      <StatCard
        label={t('console.analytics.totalViews')}
        value={v(data?.totals.pageViews)}
        note={data ? t('console.analytics.onStories', { n: fmt.number(data.totals.articleViews) }) : undefined}
        icon={<ChartIcon size={18} />}
      />
      <StatCard
        label={t('console.analytics.uniqueReaders')}
        value={v(data?.totals.uniqueReaders)}
        note={t('console.analytics.uniqueNote')}
        icon={<UsersIcon size={18} />}
        tone="green"
      />
      <StatCard label={t('console.analytics.shares')} value={v(data?.totals.shares)} icon={<ShareIcon size={18} />} tone="orange" />
      <StatCard
        label={t('console.analytics.engagementRate')}
        value={data ? percent(data.totals.engagementRate, fmt.locale) : '...'}
        note={t('console.analytics.engagementNote')}
        tone="purple"
      />
    </div>
  );
}

/** Analytics (/dashboard/analytics and /analytics): the four totals and the trend, from real page views. */
export default function Analytics() {
  const { t } = useConsoleI18n();
  const [range, setRange] = useState<Range>('7d');
  const { data, error, loading, reload } = useReaderAnalytics(range);
  return (
    <div className="an">
      <PageHeader
        title={t('console.analytics.title')}
        subtitle={t('console.analytics.subtitle')}
        actions={<RangeButtons range={range} onChange={setRange} onRefresh={() => void reload()} loading={loading} />}
      />
      {error ? <InlineError>{t('console.analytics.loadError', { error })}</InlineError> : null}
      <TotalCards data={data} />
      <Card title={t('console.analytics.trend', { period: t(`console.analytics.period.${range}`) })}>
        {!data ? (
          <Skeleton rows={2} label={t('console.analytics.loading')} />
        ) : data.series.length === 0 ? (
          <EmptyState title={t('console.analytics.noViews')}>{t('console.analytics.noViewsBody')}</EmptyState>
        ) : (
          <ViewsChart data={data} />
        )}
      </Card>
      <p className="c-hint">{t('console.analytics.more')}</p>
    </div>
  );
}
