import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useToast } from '../../shared/toasts';
import { known, useConsoleI18n } from '../console-i18n';
import { CopyField } from '../CopyField';
import { CheckIcon, ExternalIcon, RefreshIcon, SearchIcon, SyncIcon, AlertIcon, DocumentIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type WebhookHealth } from '../stories/api';
import { StoryCardView } from '../stories/StoryCardView';
import { timeAgo } from '../format';
import { Badge, Card, EmptyState, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import { useDebounced } from '../useDebounced';

type Sync = Awaited<ReturnType<typeof consoleApi.sync>>;
const RESULT_TONE = { applied: 'green', duplicate: 'grey', rejected: 'orange', failed: 'red' } as const;
const PAGE = 24;
type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A translated sentence with elements in it: each {{name}} of the text becomes parts[name], where
 * the language puts it (the setup steps name Sanity's own controls, in bold).
 */
function rich(t: Translate, key: string, parts: Record<string, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `\u0000${name}\u0000`]));
  return t(key, marks)
    .split('\u0000')
    .map((piece, i) => <Fragment key={i}>{i % 2 === 1 && piece in parts ? parts[piece] : piece}</Fragment>);
}

/** Content Sync (/dashboard/sync): the Sanity webhook's real health, the synced stories, and how to set the webhook up. */
export default function ContentSync() {
  const { show } = useToast();
  const { t, fmt } = useConsoleI18n();
  const ago = (iso: string | null | undefined) => timeAgo(iso, new Date(), fmt.locale, t('console.card.justNow'));
  const [tab, setTab] = useState<'dashboard' | 'setup'>('dashboard');
  const [data, setData] = useState<Sync | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [search, setSearch] = useState('');
  const [region, setRegion] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const q = useDebounced(search.trim());

  const load = useCallback(async () => {
    try {
      setData(await consoleApi.sync({ q, region, limit }));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [q, region, limit]);
  useEffect(() => {
    setLoading(true);
    void load();
  }, [load]);
  useLiveReload(load, ['stories']);

  const refresh = () => {
    setLoading(true);
    void load().then(() => show({ title: t('console.sync.refreshed'), tone: 'info' }));
  };
  const resultLabel = (result: string) => known(t, `console.sync.result.${result}`, result);
  const securityText = (security: NonNullable<WebhookHealth['security']>) => known(t, `console.sync.security.${security.mode}`, security.message);
  const filtered = q !== '' || region !== '';
  const health = data?.health;
  return (
    <>
      <PageHeader
        title={t('console.sync.title')}
        subtitle={t('console.sync.subtitle')}
        actions={
          <button type="button" className="c-button c-button-ghost" onClick={refresh}>
            <RefreshIcon size={16} /> {t('console.sync.refresh')}
          </button>
        }
      />
      <Tabs
        label={t('console.sync.title')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'dashboard', label: t('console.sync.tabDashboard') },
          { key: 'setup', label: t('console.sync.tabSetup') },
        ]}
      >
        {tab === 'dashboard' ? (
          <>
            <div className="c-stats">
              <StatCard
                label={t('console.sync.webhookStatus')}
                value={t('console.sync.active')}
                note={<span className="c-mono">/api/sync-sanity</span>}
                icon={<SyncIcon />}
                tone="green"
              />
              <StatCard
                label={t('console.sync.syncedArticles')}
                value={data ? fmt.number(data.articles.total) : '...'}
                note={
                  data?.lastUpdatedAt
                    ? t('console.sync.lastUpdated', { time: ago(data.lastUpdatedAt), n: fmt.number(health?.syncedStories ?? 0) })
                    : t('console.sync.noUpdates')
                }
                icon={<DocumentIcon />}
                tone="blue"
              />
              <StatCard
                label={t('console.sync.syncHealth')}
                value={health ? (health.healthy ? t('console.sync.healthy') : t('console.sync.error')) : '...'}
                note={
                  health ? (
                    health.healthy ? (
                      health.lastDeliveryAt ? (
                        t('console.sync.lastDelivery', { time: ago(health.lastDeliveryAt), result: resultLabel(health.lastResult ?? '') })
                      ) : (
                        t('console.sync.noDeliveriesYet')
                      )
                    ) : health.security?.mode === 'refusing' ? (
                      securityText(health.security)
                    ) : health.lastError?.message || health.lastError?.code ? (
                      <span lang="en">{health.lastError.message || health.lastError.code}</span>
                    ) : (
                      t('console.sync.lastFailed')
                    )
                  ) : undefined
                }
                icon={health && !health.healthy ? <AlertIcon /> : <CheckIcon />}
                tone={health && !health.healthy ? 'red' : 'green'}
              />
            </div>
            {health?.security && health.security.mode !== 'signed' ? (
              <p className="c-hint" role="alert">
                <Badge tone={health.security.mode === 'insecure_dev' ? 'red' : 'orange'}>
                  {health.security.mode === 'insecure_dev' ? t('console.sync.insecure') : t('console.sync.refusing')}
                </Badge>{' '}
                {securityText(health.security)}
              </p>
            ) : null}
            {health ? (
              <Card title={t('console.sync.deliveries')}>
                <div className="c-row">
                  {(['applied', 'duplicate', 'rejected', 'failed'] as const).map((r) => (
                    <Badge key={r} tone={RESULT_TONE[r]}>
                      {resultLabel(r)}: {fmt.number(health.last24h[r])}
                    </Badge>
                  ))}
                </div>
                {data && data.deliveries.length > 0 ? (
                  <div className="c-table-wrap">
                    <table className="c-table">
                      <caption className="visually-hidden">{t('console.sync.deliveriesCaption')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('console.sync.received')}</th>
                          <th scope="col">{t('console.sync.document')}</th>
                          <th scope="col">{t('console.sync.operationColumn')}</th>
                          <th scope="col">{t('console.sync.resultColumn')}</th>
                          <th scope="col">{t('console.sync.detail')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.deliveries.slice(0, 8).map((d) => (
                          <tr key={d.id}>
                            <td>{fmt.dateTime(d.received_at)}</td>
                            <td className="c-mono">
                              {d.document_type ?? '—'} {d.document_id ?? ''}
                            </td>
                            <td>{d.operation ? known(t, `console.sync.operation.${d.operation}`, d.operation) : '—'}</td>
                            <td>
                              <Badge tone={RESULT_TONE[d.result as keyof typeof RESULT_TONE] ?? 'grey'}>
                                {resultLabel(d.result)} · {d.http_status}
                              </Badge>
                            </td>
                            <td>{d.error ? <span lang="en">{d.error}</span> : d.duration_ms !== null ? `${fmt.number(d.duration_ms)} ms` : ''}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="c-hint">{t('console.sync.noDeliveries')}</p>
                )}
              </Card>
            ) : null}
            <div className="c-filters" role="search">
              <label className="c-search">
                <span className="visually-hidden">{t('console.sync.search')}</span>
                <SearchIcon size={16} />
                <input type="search" placeholder={t('console.sync.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
              </label>
              <label>
                <span className="visually-hidden">{t('console.sync.region')}</span>
                <select value={region} onChange={(e) => setRegion(e.target.value)}>
                  <option value="">{t('console.sync.allRegions')}</option>
                  {(data?.articles.regions ?? []).map((r) => (
                    <option key={r.region} value={r.region}>
                      {fmt.region(r.region)} ({fmt.number(r.count)})
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {loading && !data ? (
              <Skeleton rows={3} label={t('console.sync.loading')} />
            ) : error ? (
              <div className="c-inline-error" role="alert">
                {t('console.sync.loadError', { error })}
              </div>
            ) : !data || data.articles.items.length === 0 ? (
              <EmptyState
                title={t('console.sync.emptyTitle')}
                action={
                  <button type="button" className="c-button" onClick={refresh}>
                    {t('console.sync.refreshContent')}
                  </button>
                }
              >
                {filtered ? t('console.sync.noMatch') : t('console.sync.emptyBody')}
              </EmptyState>
            ) : (
              <section aria-labelledby="synced-heading">
                <h2 id="synced-heading" className="c-section-title">
                  {t('console.sync.syncedHeading', { n: fmt.number(data.articles.total) })}
                </h2>
                <div className="c-grid">
                  {data.articles.items.map((story) => (
                    <StoryCardView key={story.id} story={story} showStage />
                  ))}
                </div>
                {data.articles.total > data.articles.items.length ? (
                  <div className="c-more">
                    <button type="button" className="c-button c-button-ghost" onClick={() => setLimit((n) => Math.min(100, n + PAGE))} disabled={limit >= 100}>
                      {t('console.sync.showMore', { shown: fmt.number(data.articles.items.length), total: fmt.number(data.articles.total) })}
                    </button>
                  </div>
                ) : null}
              </section>
            )}
          </>
        ) : (
          <WebhookSetup
            url={data?.webhookUrl ?? `${window.location.origin}/api/sync-sanity`}
            secretConfigured={data?.secretConfigured ?? false}
            security={data?.health.security}
          />
        )}
      </Tabs>
    </>
  );
}

function WebhookSetup({ url, secretConfigured, security }: { url: string; secretConfigured: boolean; security?: WebhookHealth['security'] }) {
  const { t } = useConsoleI18n();
  // Sanity's own controls and values, as its (English) interface names them.
  const sanity = (text: string) => <strong lang="en">{text}</strong>;
  return (
    <div className="c-setup">
      <Card title={t('console.sync.webhookUrl')}>
        <CopyField label={t('console.sync.webhookUrl')} value={url} toastLabel={t('console.sync.webhookUrl')} />
        <p className="c-hint">{t('console.sync.urlHint')}</p>
      </Card>
      <Card title={t('console.sync.setupTitle')}>
        <ol className="c-steps">
          <li>{rich(t, 'console.sync.step1', { api: sanity('API'), webhooks: sanity('Webhooks') })}</li>
          <li>
            {rich(t, 'console.sync.step2', {
              name: <strong>{t('console.sync.webhookName')}</strong>,
              post: sanity('POST'),
              dataset: sanity('production'),
              create: sanity('Create'),
              update: sanity('Update'),
              delete: sanity('Delete'),
            })}
          </li>
          <li>
            {t('console.sync.step3')}
            <CopyField label={t('console.sync.filter')} value={`_type in ["article", "story", "layerPack"]`} toastLabel={t('console.sync.filter')} />
          </li>
          <li>
            {t('console.sync.step4')}
            <CopyField label={t('console.sync.projection')} value={`{..., "operation": delta::operation()}`} toastLabel={t('console.sync.projection')} />
          </li>
          <li>
            {rich(t, 'console.sync.step5', {
              variable: <span className="c-mono">SANITY_WEBHOOK_SECRET</span>,
              header: <span className="c-mono">x-sanity-secret</span>,
            })}{' '}
            {secretConfigured ? (
              <Badge tone="green">{t('console.sync.secretSet')}</Badge>
            ) : security?.mode === 'insecure_dev' ? (
              <Badge tone="red">{t('console.sync.secretInsecure')}</Badge>
            ) : (
              <Badge tone="orange">{t('console.sync.secretMissing')}</Badge>
            )}
          </li>
          <li>{t('console.sync.step6')}</li>
          <li>{t('console.sync.step7')}</li>
          <li>{t('console.sync.step8', { deliveries: t('console.sync.deliveriesName') })}</li>
        </ol>
        <a className="c-button" href="https://www.sanity.io/manage" target="_blank" rel="noreferrer">
          <ExternalIcon size={16} /> {t('console.sync.openStudio')}
        </a>
      </Card>
    </div>
  );
}
