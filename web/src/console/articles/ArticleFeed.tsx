import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { PlusIcon, RefreshIcon, SearchIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, PIPELINE_STAGES, type ArticleSearch, type PipelineStage } from '../stories/api';
import { StoryCardView } from '../stories/StoryCardView';
import { Badge, EmptyState, PageHeader, Skeleton } from '../ui';
import { useDebounced } from '../useDebounced';
import { Link } from 'react-router-dom';

const PAGE = 24;
type Counts = Record<PipelineStage, number> & { all: number };

/**
 * Article Feed (/dashboard/articles): every story, most recently changed first, updating live as
 * the pipeline, the webhook and other editors change them; filter by stage, search and region.
 */
export default function ArticleFeed() {
  const { show } = useToast();
  const [stage, setStage] = useState<PipelineStage | ''>('');
  const [search, setSearch] = useState('');
  const [region, setRegion] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [data, setData] = useState<ArticleSearch | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [loadedAt, setLoadedAt] = useState<number>(0);
  const q = useDebounced(search.trim());

  const load = useCallback(async () => {
    try {
      const [page, stages] = await Promise.all([
        consoleApi.articles({ q, region, stage: stage || undefined, limit }),
        getJson<{ counts: Counts }>('/api/console/stories?limit=1'),
      ]);
      setData(page);
      setCounts(stages.counts);
      setLoadedAt(Date.now());
    } catch {
      show({ title: 'Failed to fetch articles', tone: 'error' });
    }
  }, [q, region, stage, limit, show]);
  useEffect(() => {
    void load();
  }, [load]);
  const status = useLiveReload(load, ['stories']);

  return (
    <>
      <PageHeader
        title="Article Feed"
        subtitle={status === 'live' ? 'Every story in the newsroom, updating live.' : 'Every story in the newsroom (refreshing every 5 s).'}
        actions={
          <>
            <button type="button" className="c-button c-button-ghost" onClick={() => void load()}>
              <RefreshIcon size={16} /> Refresh
            </button>
            <Link className="c-button" to="/dashboard/editor?new=true">
              <PlusIcon size={16} /> New Article
            </Link>
          </>
        }
      />
      <div className="c-chips" role="group" aria-label="Pipeline stage">
        <button type="button" className="c-chip" aria-pressed={stage === ''} onClick={() => setStage('')}>
          All <span className="c-tab-count">{counts?.all ?? '…'}</span>
        </button>
        {PIPELINE_STAGES.map((s) => (
          <button key={s} type="button" className="c-chip" aria-pressed={stage === s} onClick={() => setStage(s)}>
            {s} <span className="c-tab-count">{counts?.[s] ?? '…'}</span>
          </button>
        ))}
      </div>
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
            {(data?.regions ?? []).map((r) => (
              <option key={r.region} value={r.region}>
                {r.region} ({r.count})
              </option>
            ))}
          </select>
        </label>
      </div>
      {!data ? (
        <Skeleton rows={4} label="Loading articles…" />
      ) : data.items.length === 0 ? (
        <EmptyState title="No articles">{q || region || stage ? 'No articles match your current filters.' : 'Stories appear here as feeds are ingested and the pipeline runs.'}</EmptyState>
      ) : (
        <>
          <h2 className="c-section-title" aria-live="polite">
            {data.total.toLocaleString('en-US')} {data.total === 1 ? 'article' : 'articles'}
          </h2>
          <div className="c-grid">
            {data.items.map((story) => (
              <StoryCardView key={story.id} story={story} showStage>
                {loadedAt - new Date(story.updated_at).getTime() < 60_000 ? <Badge tone="blue">Updated just now</Badge> : null}
              </StoryCardView>
            ))}
          </div>
          {data.total > data.items.length ? (
            <div className="c-more">
              <button type="button" className="c-button c-button-ghost" onClick={() => setLimit((n) => Math.min(100, n + PAGE))} disabled={limit >= 100}>
                Show more ({data.items.length} of {data.total})
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
