import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { AlertIcon, GlobeIcon, PulseIcon, RefreshIcon, SyncIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type ConsoleStory, type StoryCard, type StoryCounts } from '../stories/api';
import { StoryCardView } from '../stories/StoryCardView';
import { StoryPreview } from '../stories/StoryPreview';
import { runOrigin } from '../pipeline/last-run';
import { RunOriginLabel } from '../pipeline/parts';
import { Badge, Card, Dialog, EmptyState, PageHeader, Skeleton, StatCard } from '../ui';

type Overview = Awaited<ReturnType<typeof consoleApi.overview>>;

/** Admin Home (/dashboard): the editorial dashboard on the real stories; ?preview={id} opens a story preview. */
export default function DashboardHome() {
  const { show: toast } = useToast();
  const { user } = useSession();
  const [data, setData] = useState<Overview | null>(null);
  const [loading, setLoading] = useState(true);
  const [params, setParams] = useSearchParams();
  const previewId = params.get('preview');

  const load = useCallback(async () => {
    try {
      setData(await consoleApi.overview());
    } catch {
      toast({ title: 'Failed to load dashboard data', tone: 'error' });
    } finally {
      setLoading(false);
    }
  }, [toast]);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'patterns']);

  const counts: StoryCounts | undefined = data?.counts;
  const n = (value: number | undefined) => (loading && value === undefined ? '...' : (value ?? 0).toLocaleString('en-US'));
  return (
    <>
      <PageHeader
        title="Editorial Dashboard"
        subtitle="What the newsroom is working with right now."
        actions={
          <button
            type="button"
            className="c-button c-button-ghost"
            onClick={() => {
              setLoading(true);
              void load();
            }}
          >
            <RefreshIcon size={16} /> Refresh Feed
          </button>
        }
      />
      <div className="c-stats">
        <StatCard label="Active Signals" value="Live" note={data ? `AI scanner active · ${data.signalsLast24h} signals in 24 h` : 'AI scanner active'} icon={<PulseIcon />} tone="green" />
        <StatCard label="Synced Content" value={n(counts?.total)} note={counts ? `${counts.published} published · ${counts.fromSanity} from Sanity` : undefined} icon={<SyncIcon />} tone="blue" />
        <StatCard label="Regional Coverage" value={n(counts?.regions)} note="regions among the stories" icon={<GlobeIcon />} tone="purple" />
        <StatCard label="High Priority" value={n(counts?.highPriority)} note="Critical stories" icon={<AlertIcon />} tone="red" />
      </div>
      <Card
        title={
          <>
            Latest Intelligence Brief <Badge tone="green">Live Feed</Badge>
          </>
        }
        actions={counts && counts.total > 0 ? <Link to="/dashboard/sync">View All {counts.total.toLocaleString('en-US')} Articles</Link> : null}
      >
        {loading && !data ? (
          <Skeleton rows={3} label="Loading content feed..." />
        ) : !data || data.latest.length === 0 ? (
          <EmptyState title="No Content Available" action={<Link className="c-button" to="/dashboard/sync">Configure Sync</Link>}>
            Stories appear here as the pipeline publishes them or as the content-sync webhook delivers them. Set up the Sanity webhook to sync your CMS content.
          </EmptyState>
        ) : (
          <div className="c-grid">
            {data.latest.map((story: StoryCard) => (
              <StoryCardView key={story.id} story={story} href={story.path ?? undefined} showStage />
            ))}
          </div>
        )}
      </Card>
      {data?.lastRun ? (
        <p className="c-hint">
          Last pipeline run (<RunOriginLabel origin={runOrigin({ actor: data.lastRun.actor, label: data.lastRun.stage, startedAt: data.lastRun.started_at }, user?.email ?? null)} />): {data.lastRun.stage}{' '}
          {data.lastRun.status}, {data.lastRun.processed} processed, {data.lastRun.auto_published} auto-published.
        </p>
      ) : null}
      {previewId ? <PreviewDialog id={previewId} onClose={() => setParams({}, { replace: true })} /> : null}
    </>
  );
}

function PreviewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [story, setStory] = useState<ConsoleStory | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    consoleApi.story(id).then((r) => setStory(r.story), (e: Error) => setError(e.message));
  }, [id]);
  return (
    <Dialog title="Preview" onClose={onClose} wide footer={story ? <Link className="c-button" to={`/dashboard/editor?doc=${encodeURIComponent(story.id)}`}>Edit</Link> : undefined}>
      {error ? <p role="alert">{error}</p> : story ? <StoryPreview story={story} /> : <Skeleton rows={3} label="Loading preview…" />}
    </Dialog>
  );
}
