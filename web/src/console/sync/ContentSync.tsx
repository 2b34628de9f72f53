import { useCallback, useEffect, useState } from 'react';
import { dateTime } from '../../shared/format';
import { useToast } from '../../shared/toasts';
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

/** Content Sync (/dashboard/sync): the Sanity webhook's real health, the synced stories, and how to set the webhook up. */
export default function ContentSync() {
  const { show } = useToast();
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
    void load().then(() => show({ title: 'Content refreshed', tone: 'info' }));
  };
  const filtered = q !== '' || region !== '';
  const health = data?.health;
  return (
    <>
      <PageHeader
        title="Content Sync"
        subtitle="Monitor content arriving from your Sanity CMS through the content-sync webhook."
        actions={
          <button type="button" className="c-button c-button-ghost" onClick={refresh}>
            <RefreshIcon size={16} /> Refresh
          </button>
        }
      />
      <Tabs
        label="Content Sync"
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'dashboard', label: 'Dashboard' },
          { key: 'setup', label: 'Webhook Setup' },
        ]}
      >
        {tab === 'dashboard' ? (
          <>
            <div className="c-stats">
              <StatCard label="Webhook Status" value="Active" note={<span className="c-mono">/api/sync-sanity</span>} icon={<SyncIcon />} tone="green" />
              <StatCard
                label="Synced Articles"
                value={data ? data.articles.total.toLocaleString('en-US') : '...'}
                note={data?.lastUpdatedAt ? `Last updated ${timeAgo(data.lastUpdatedAt)} · ${health?.syncedStories ?? 0} from Sanity` : 'No updates yet'}
                icon={<DocumentIcon />}
                tone="blue"
              />
              <StatCard
                label="Sync Health"
                value={health ? (health.healthy ? 'Healthy' : 'Error') : '...'}
                note={
                  health
                    ? health.healthy
                      ? health.lastDeliveryAt
                        ? `Last delivery ${timeAgo(health.lastDeliveryAt)} (${health.lastResult})`
                        : 'No deliveries received yet'
                      : health.security?.mode === 'refusing'
                        ? health.security.message
                        : (health.lastError?.message ?? health.lastError?.code ?? 'The last delivery failed')
                    : undefined
                }
                icon={health && !health.healthy ? <AlertIcon /> : <CheckIcon />}
                tone={health && !health.healthy ? 'red' : 'green'}
              />
            </div>
            {health?.security && health.security.mode !== 'signed' ? (
              <p className="c-hint" role="alert">
                <Badge tone={health.security.mode === 'insecure_dev' ? 'red' : 'orange'}>{health.security.mode === 'insecure_dev' ? 'Insecure development mode' : 'Webhook refusing deliveries'}</Badge> {health.security.message}
              </p>
            ) : null}
            {health ? (
              <Card title="Webhook deliveries (last 24 hours)">
                <div className="c-row">
                  {(['applied', 'duplicate', 'rejected', 'failed'] as const).map((r) => (
                    <Badge key={r} tone={RESULT_TONE[r]}>
                      {r}: {health.last24h[r]}
                    </Badge>
                  ))}
                </div>
                {data && data.deliveries.length > 0 ? (
                  <div className="c-table-wrap">
                    <table className="c-table">
                      <caption className="visually-hidden">Recent webhook deliveries</caption>
                      <thead>
                        <tr>
                          <th scope="col">Received</th>
                          <th scope="col">Document</th>
                          <th scope="col">Operation</th>
                          <th scope="col">Result</th>
                          <th scope="col">Detail</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.deliveries.slice(0, 8).map((d) => (
                          <tr key={d.id}>
                            <td>{dateTime(d.received_at)}</td>
                            <td className="c-mono">
                              {d.document_type ?? '—'} {d.document_id ?? ''}
                            </td>
                            <td>{d.operation ?? '—'}</td>
                            <td>
                              <Badge tone={RESULT_TONE[d.result as keyof typeof RESULT_TONE] ?? 'grey'}>
                                {d.result} · {d.http_status}
                              </Badge>
                            </td>
                            <td>{d.error ?? (d.duration_ms !== null ? `${d.duration_ms} ms` : '')}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="c-hint">No deliveries recorded yet.</p>
                )}
              </Card>
            ) : null}
            <div className="c-filters" role="search">
              <label className="c-search">
                <span className="visually-hidden">Search articles</span>
                <SearchIcon size={16} />
                <input type="search" placeholder="Search articles..." value={search} onChange={(e) => setSearch(e.target.value)} />
              </label>
              <label>
                <span className="visually-hidden">Region</span>
                <select value={region} onChange={(e) => setRegion(e.target.value)}>
                  <option value="">All Regions</option>
                  {(data?.articles.regions ?? []).map((r) => (
                    <option key={r.region} value={r.region}>
                      {r.region} ({r.count})
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {loading && !data ? (
              <Skeleton rows={3} label="Loading content..." />
            ) : error ? (
              <div className="c-inline-error" role="alert">
                Error loading content: {error}
              </div>
            ) : !data || data.articles.items.length === 0 ? (
              <EmptyState
                title="No Content Found"
                action={
                  <button type="button" className="c-button" onClick={refresh}>
                    Refresh Content
                  </button>
                }
              >
                {filtered ? 'No articles match your current filters.' : 'No synced content available. Configure your Sanity webhook to start syncing.'}
              </EmptyState>
            ) : (
              <section aria-labelledby="synced-heading">
                <h2 id="synced-heading" className="c-section-title">
                  Synced Articles ({data.articles.total.toLocaleString('en-US')})
                </h2>
                <div className="c-grid">
                  {data.articles.items.map((story) => (
                    <StoryCardView key={story.id} story={story} showStage />
                  ))}
                </div>
                {data.articles.total > data.articles.items.length ? (
                  <div className="c-more">
                    <button type="button" className="c-button c-button-ghost" onClick={() => setLimit((n) => Math.min(100, n + PAGE))} disabled={limit >= 100}>
                      Show more ({data.articles.items.length} of {data.articles.total})
                    </button>
                  </div>
                ) : null}
              </section>
            )}
          </>
        ) : (
          <WebhookSetup url={data?.webhookUrl ?? `${window.location.origin}/api/sync-sanity`} secretConfigured={data?.secretConfigured ?? false} security={data?.health.security} />
        )}
      </Tabs>
    </>
  );
}

function WebhookSetup({ url, secretConfigured, security }: { url: string; secretConfigured: boolean; security?: WebhookHealth['security'] }) {
  return (
    <div className="c-setup">
      <Card title="Webhook URL">
        <CopyField label="Webhook URL" value={url} toastLabel="Webhook URL" />
        <p className="c-hint">This server’s address (C360_PUBLIC_URL, or the address you opened the console at) followed by /api/sync-sanity.</p>
      </Card>
      <Card title="Set up the webhook in Sanity">
        <ol className="c-steps">
          <li>Open your project in Sanity’s management console, then <strong>API</strong>, then <strong>Webhooks</strong>.</li>
          <li>
            Create a webhook: Name <strong>Content Sync</strong>, URL as above, HTTP method <strong>POST</strong>, Dataset <strong>production</strong> (not all datasets), Trigger on <strong>Create</strong>,{' '}
            <strong>Update</strong> and (optionally) <strong>Delete</strong>.
          </li>
          <li>
            Filter the document types:
            <CopyField label="Filter" value={`_type in ["article", "story", "layerPack"]`} toastLabel="Filter" />
          </li>
          <li>
            Projection: the signature covers the body only, so the operation must travel in it (a delete is applied only when the signed body says so):
            <CopyField label="Projection" value={`{..., "operation": delta::operation()}`} toastLabel="Projection" />
          </li>
          <li>
            Required: a secret. Set the same value as <span className="c-mono">SANITY_WEBHOOK_SECRET</span> on this server; Sanity then signs each delivery, or send it in the <span className="c-mono">x-sanity-secret</span> header.{' '}
            {secretConfigured ? (
              <Badge tone="green">A secret is set on this server</Badge>
            ) : security?.mode === 'insecure_dev' ? (
              <Badge tone="red">No secret, insecure development mode: every delivery is accepted</Badge>
            ) : (
              <Badge tone="orange">No secret set: every delivery is refused</Badge>
            )}
          </li>
          <li>Save the webhook.</li>
          <li>Test it: publish or update a document in the studio.</li>
          <li>Check the Dashboard tab: the delivery appears under “Webhook deliveries” and the story among the synced articles.</li>
        </ol>
        <a className="c-button" href="https://www.sanity.io/manage" target="_blank" rel="noreferrer">
          <ExternalIcon size={16} /> Open Studio
        </a>
      </Card>
    </div>
  );
}
