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
import { known, useConsoleI18n } from '../console-i18n';
import { Badge, Card, Dialog, EmptyState, PageHeader, Skeleton, StatCard } from '../ui';

type Overview = Awaited<ReturnType<typeof consoleApi.overview>>;

/** Admin Home (/dashboard): the editorial dashboard on the real stories; ?preview={id} opens a story preview. */
export default function DashboardHome() {
  const { show: toast } = useToast();
  const { user } = useSession();
  const { t, fmt } = useConsoleI18n();
  const [data, setData] = useState<Overview | null>(null);
  const [loading, setLoading] = useState(true);
  const [params, setParams] = useSearchParams();
  const previewId = params.get('preview');

  const load = useCallback(async () => {
    try {
      setData(await consoleApi.overview());
    } catch {
      toast({ title: t('console.home.loadFailed'), tone: 'error' });
    } finally {
      setLoading(false);
    }
  }, [toast, t]);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories', 'patterns']);

  const counts: StoryCounts | undefined = data?.counts;
  const n = (value: number | undefined) => (loading && value === undefined ? '...' : fmt.number(value ?? 0));
  return (
    <>
      <PageHeader
        title={t('console.home.title')}
        subtitle={t('console.home.subtitle')}
        actions={
          <button
            type="button"
            className="c-button c-button-ghost"
            onClick={() => {
              setLoading(true);
              void load();
            }}
          >
            <RefreshIcon size={16} /> {t('console.home.refresh')}
          </button>
        }
      />
      <div className="c-stats">
        <StatCard
          label={t('console.home.activeSignals')}
          value={t('console.home.live')}
          note={data ? t('console.home.scannerSignals', { n: fmt.number(data.signalsLast24h) }) : t('console.home.scanner')}
          icon={<PulseIcon />}
          tone="green"
        />
        <StatCard
          label={t('console.home.synced')}
          value={n(counts?.total)}
          note={counts ? t('console.home.syncedNote', { published: fmt.number(counts.published), sanity: fmt.number(counts.fromSanity) }) : undefined}
          icon={<SyncIcon />}
          tone="blue"
        />
        <StatCard label={t('console.home.coverage')} value={n(counts?.regions)} note={t('console.home.coverageNote')} icon={<GlobeIcon />} tone="purple" />
        <StatCard label={t('console.home.priority')} value={n(counts?.highPriority)} note={t('console.home.priorityNote')} icon={<AlertIcon />} tone="red" />
      </div>
      <Card
        title={
          <>
            {t('console.home.brief')} <Badge tone="green">{t('console.home.liveFeed')}</Badge>
          </>
        }
        actions={counts && counts.total > 0 ? <Link to="/dashboard/sync">{t('console.home.viewAll', { n: fmt.number(counts.total) })}</Link> : null}
      >
        {loading && !data ? (
          <Skeleton rows={3} label={t('console.home.loadingFeed')} />
        ) : !data || data.latest.length === 0 ? (
          <EmptyState
            title={t('console.home.empty')}
            action={
              <Link className="c-button" to="/dashboard/sync">
                {t('console.home.configure')}
              </Link>
            }
          >
            {t('console.home.emptyBody')}
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
          {t('console.home.lastRun', {
            stage: known(t, `console.runStage.${data.lastRun.stage}`, data.lastRun.stage),
            status: known(t, `console.run.${data.lastRun.status}`, data.lastRun.status),
            processed: fmt.number(data.lastRun.processed),
            published: fmt.number(data.lastRun.auto_published),
          })}{' '}
          <RunOriginLabel
            origin={runOrigin({ actor: data.lastRun.actor, label: data.lastRun.stage, startedAt: data.lastRun.started_at }, user?.email ?? null)}
          />
        </p>
      ) : null}
      {previewId ? <PreviewDialog id={previewId} onClose={() => setParams({}, { replace: true })} /> : null}
    </>
  );
}

function PreviewDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const [story, setStory] = useState<ConsoleStory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useConsoleI18n();
  useEffect(() => {
    consoleApi.story(id).then(
      (r) => setStory(r.story),
      (e: Error) => setError(e.message),
    );
  }, [id]);
  return (
    <Dialog
      title={t('console.home.preview')}
      onClose={onClose}
      wide
      footer={
        story ? (
          <Link className="c-button" to={`/dashboard/editor?doc=${encodeURIComponent(story.id)}`}>
            {t('console.home.edit')}
          </Link>
        ) : undefined
      }
    >
      {error ? <p role="alert">{error}</p> : story ? <StoryPreview story={story} /> : <Skeleton rows={3} label={t('console.home.loadingPreview')} />}
    </Dialog>
  );
}
