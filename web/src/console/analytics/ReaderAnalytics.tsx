import { useState } from 'react';
import { Card, EmptyState, InlineError, PageHeader, Skeleton, Tabs } from '../ui';
import { RangeButtons, TotalCards } from './Analytics';
import { BreakdownBars, BreakdownPie, TopArticlesChart, ViewsChart } from './Charts';
import { number, SOURCE_LABELS, useReaderAnalytics, type Range, type ReaderAnalytics as Data } from './data';
import './analytics.css';

type TabKey = 'articles' | 'audience' | 'engagement' | 'sources';
const TABS = [
  { key: 'articles' as const, label: 'Article Performance' },
  { key: 'audience' as const, label: 'Audience' },
  { key: 'engagement' as const, label: 'Engagement' },
  { key: 'sources' as const, label: 'Traffic Sources' },
];
const DEVICE_LABELS = { mobile: 'Mobile', desktop: 'Desktop', tablet: 'Tablet' };

/** Reader Analytics (/dashboard/reader-analytics): 24h / 7d / 30d of real page-view events. */
export default function ReaderAnalytics() {
  const [range, setRange] = useState<Range>('7d');
  const [tab, setTab] = useState<TabKey>('articles');
  const { data, error, loading, reload } = useReaderAnalytics(range);
  return (
    <div className="an">
      <PageHeader title="Reader Analytics" subtitle="Who reads what, from where, on which devices: computed from recorded page views." actions={<RangeButtons range={range} onChange={setRange} onRefresh={() => void reload()} loading={loading} />} />
      {error ? <InlineError>Error loading analytics: {error}</InlineError> : null}
      <TotalCards data={data} />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Reader analytics">
        {!data ? <Skeleton rows={3} label="Loading analytics…" /> : <Panel tab={tab} data={data} />}
      </Tabs>
    </div>
  );
}

function Panel({ tab, data }: { tab: TabKey; data: Data }) {
  if (data.totals.pageViews === 0 && data.totals.shares === 0) {
    return <EmptyState title="No reader activity in this range yet">Page views and shares appear here as readers use the site.</EmptyState>;
  }
  if (tab === 'articles') {
    return (
      <Card title="Most-read stories">
        {data.topArticles.length === 0 ? (
          <EmptyState title="No story views in this range" />
        ) : (
          <>
            <TopArticlesChart data={data} />
            <div className="c-table-wrap">
              <table className="c-table">
                <thead>
                  <tr>
                    <th>Story</th>
                    <th>Region</th>
                    <th>Views</th>
                    <th>Readers</th>
                    <th>Shares</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topArticles.map((a) => (
                    <tr key={a.id}>
                      <td>{a.title}</td>
                      <td>{a.region}</td>
                      <td>{number(a.views)}</td>
                      <td>{number(a.readers)}</td>
                      <td>{number(a.shares)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
    );
  }
  if (tab === 'audience') {
    return (
      <div className="an-grid">
        <Card title="Where readers are">
          <p className="c-hint">From the time zone the browser reports; no address is looked up.</p>
          <BreakdownBars rows={data.regions} />
        </Card>
        <Card title="Devices">
          <BreakdownPie rows={data.devices} label="Devices" names={DEVICE_LABELS} />
        </Card>
      </div>
    );
  }
  if (tab === 'engagement') {
    return (
      <>
        <Card title={`Views and readers per ${data.range === '24h' ? 'hour' : 'day'}`}>
          <ViewsChart data={data} />
        </Card>
        <div className="c-row an-facts">
          <span>
            <strong>{data.totals.engagementRate}%</strong> of readers read two or more pages or shared a story.
          </span>
          <span>
            <strong>{data.totals.uniqueReaders ? (data.totals.pageViews / data.totals.uniqueReaders).toFixed(1) : '0'}</strong> pages per reader.
          </span>
          <span>
            <strong>{number(data.totals.shares)}</strong> shares.
          </span>
        </div>
      </>
    );
  }
  return (
    <div className="an-grid">
      <Card title="Traffic sources">
        <BreakdownPie rows={data.trafficSources} label="Traffic sources" names={SOURCE_LABELS} />
      </Card>
      <Card title="Share of views">
        <BreakdownBars rows={data.trafficSources} names={SOURCE_LABELS} />
        <p className="c-hint">Newsletter visits are recognised by the links in C360's newsletters.</p>
      </Card>
    </div>
  );
}
