import { useState } from 'react';
import { useConsoleI18n } from '../console-i18n';
import { Card, EmptyState, InlineError, PageHeader, Skeleton, Tabs } from '../ui';
import { RangeButtons, TotalCards } from './Analytics';
import { BreakdownBars, BreakdownPie, TopArticlesChart, ViewsChart } from './Charts';
import { breakdownName, percent, useReaderAnalytics, type Range, type ReaderAnalytics as Data } from './data';
import './analytics.css';

type TabKey = 'articles' | 'audience' | 'engagement' | 'sources';
const TAB_KEYS: readonly TabKey[] = ['articles', 'audience', 'engagement', 'sources'];

/** Reader Analytics (/dashboard/reader-analytics): 24h / 7d / 30d of real page-view events. */
export default function ReaderAnalytics() {
  const { t } = useConsoleI18n();
  const [range, setRange] = useState<Range>('7d');
  const [tab, setTab] = useState<TabKey>('articles');
  const { data, error, loading, reload } = useReaderAnalytics(range);
  const tabs = TAB_KEYS.map((key) => ({ key, label: t(`console.analytics.tabs.${key}`) }));
  return (
    <div className="an">
      <PageHeader
        title={t('console.analytics.readerTitle')}
        subtitle={t('console.analytics.readerSubtitle')}
        actions={<RangeButtons range={range} onChange={setRange} onRefresh={() => void reload()} loading={loading} />}
      />
      {error ? <InlineError>{t('console.analytics.loadError', { error })}</InlineError> : null}
      <TotalCards data={data} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('console.analytics.tabsLabel')}>
        {!data ? <Skeleton rows={3} label={t('console.analytics.loading')} /> : <Panel tab={tab} data={data} />}
      </Tabs>
    </div>
  );
}

function Panel({ tab, data }: { tab: TabKey; data: Data }) {
  const { t, fmt } = useConsoleI18n();
  const name = (kind: 'device' | 'source' | 'region') => (key: string) => breakdownName(t, kind, key, fmt.region);
  if (data.totals.pageViews === 0 && data.totals.shares === 0) {
    return <EmptyState title={t('console.analytics.noActivity')}>{t('console.analytics.noActivityBody')}</EmptyState>;
  }
  if (tab === 'articles') {
    return (
      <Card title={t('console.analytics.mostRead')}>
        {data.topArticles.length === 0 ? (
          <EmptyState title={t('console.analytics.noStoryViews')} />
        ) : (
          <>
            <TopArticlesChart data={data} />
            <div className="c-table-wrap">
              <table className="c-table">
                <thead>
                  <tr>
                    <th>{t('console.analytics.story')}</th>
                    <th>{t('console.analytics.region')}</th>
                    <th>{t('console.analytics.views')}</th>
                    <th>{t('console.analytics.readers')}</th>
                    <th>{t('console.analytics.shares')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.topArticles.map((a) => (
                    <tr key={a.id}>
                      <td lang={a.language ?? 'en'}>{a.title}</td>
                      <td>{a.region ? fmt.region(a.region) : ''}</td>
                      <td>{fmt.number(a.views)}</td>
                      <td>{fmt.number(a.readers)}</td>
                      <td>{fmt.number(a.shares)}</td>
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
        <Card title={t('console.analytics.whereReaders')}>
          <p className="c-hint">{t('console.analytics.whereHint')}</p>
          <BreakdownBars rows={data.regions} name={name('region')} />
        </Card>
        <Card title={t('console.analytics.devices')}>
          <BreakdownPie rows={data.devices} label={t('console.analytics.devices')} name={name('device')} />
        </Card>
      </div>
    );
  }
  if (tab === 'engagement') {
    const perReader = data.totals.uniqueReaders ? data.totals.pageViews / data.totals.uniqueReaders : 0;
    return (
      <>
        <Card title={t(data.range === '24h' ? 'console.analytics.perHour' : 'console.analytics.perDay')}>
          <ViewsChart data={data} />
        </Card>
        <div className="c-row an-facts">
          <span>
            <strong>{percent(data.totals.engagementRate, fmt.locale)}</strong> {t('console.analytics.engagedFact')}
          </span>
          <span>
            <strong>{perReader.toLocaleString(fmt.locale, { minimumFractionDigits: perReader ? 1 : 0, maximumFractionDigits: 1 })}</strong>{' '}
            {t('console.analytics.pagesFact')}
          </span>
          <span>
            <strong>{fmt.number(data.totals.shares)}</strong> {t(`console.analytics.sharesFact_${data.totals.shares === 1 ? 'one' : 'other'}`)}
          </span>
        </div>
      </>
    );
  }
  return (
    <div className="an-grid">
      <Card title={t('console.analytics.trafficSources')}>
        <BreakdownPie rows={data.trafficSources} label={t('console.analytics.trafficSources')} name={name('source')} />
      </Card>
      <Card title={t('console.analytics.shareOfViews')}>
        <BreakdownBars rows={data.trafficSources} name={name('source')} />
        <p className="c-hint">{t('console.analytics.newsletterHint')}</p>
      </Card>
    </div>
  );
}
