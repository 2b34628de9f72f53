import { useState } from 'react';
import { ChartIcon, RefreshIcon, ShareIcon, UsersIcon } from '../icons';
import { Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard } from '../ui';
import { ViewsChart } from './Charts';
import { number, RANGES, useReaderAnalytics, type Range, type ReaderAnalytics } from './data';
import './analytics.css';

export function RangeButtons({ range, onChange, onRefresh, loading }: { range: Range; onChange: (r: Range) => void; onRefresh: () => void; loading: boolean }) {
  return (
    <div className="c-actions">
      <div className="an-ranges" role="radiogroup" aria-label="Range">
        {RANGES.map((r) => (
          <button key={r} type="button" role="radio" aria-checked={range === r} className={`c-button c-button-small ${range === r ? '' : 'c-button-ghost'}`} onClick={() => onChange(r)}>
            {r}
          </button>
        ))}
      </div>
      <button type="button" className="c-button c-button-ghost c-button-small" onClick={onRefresh} disabled={loading}>
        <RefreshIcon size={14} /> Refresh
      </button>
    </div>
  );
}

export function TotalCards({ data }: { data: ReaderAnalytics | null }) {
  const v = (n: number | undefined, suffix = '') => (data ? `${number(n ?? 0)}${suffix}` : '...');
  return (
    <div className="c-stats">
      <StatCard label="Total Views" value={v(data?.totals.pageViews)} note={data ? `${number(data.totals.articleViews)} on stories` : undefined} icon={<ChartIcon size={18} />} />
      <StatCard label="Unique Readers" value={v(data?.totals.uniqueReaders)} note="counted per day, without cookies" icon={<UsersIcon size={18} />} tone="green" />
      <StatCard label="Shares" value={v(data?.totals.shares)} icon={<ShareIcon size={18} />} tone="orange" />
      <StatCard label="Engagement Rate" value={v(data?.totals.engagementRate, '%')} note="readers who read 2+ pages or shared" tone="purple" />
    </div>
  );
}

/** Analytics (/dashboard/analytics and /analytics): the four totals and the trend, from real page views. */
export default function Analytics() {
  const [range, setRange] = useState<Range>('7d');
  const { data, error, loading, reload } = useReaderAnalytics(range);
  return (
    <div className="an">
      <PageHeader title="Analytics" subtitle="Reader activity on the site, recorded without cookies or stored addresses." actions={<RangeButtons range={range} onChange={setRange} onRefresh={() => void reload()} loading={loading} />} />
      {error ? <InlineError>Error loading analytics: {error}</InlineError> : null}
      <TotalCards data={data} />
      <Card title={`Views and readers, last ${range}`}>
        {!data ? <Skeleton rows={2} label="Loading analytics…" /> : data.series.length === 0 ? <EmptyState title="No page views in this range yet">Views are recorded as readers open pages on the site.</EmptyState> : <ViewsChart data={data} />}
      </Card>
      <p className="c-hint">More detail (stories, audience, engagement, traffic sources) in Reader Analytics.</p>
    </div>
  );
}
