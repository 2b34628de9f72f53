import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../data/api';
import { known, useConsoleI18n } from '../console-i18n';
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
  const { t, tn, fmt } = useConsoleI18n();
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
      show({ title: t('console.articles.loadFailed'), tone: 'error' });
    }
  }, [q, region, stage, limit, show, t]);
  useEffect(() => {
    void load();
  }, [load]);
  const status = useLiveReload(load, ['stories']);

  return (
    <>
      <PageHeader
        title={t('console.articles.title')}
        subtitle={status === 'live' ? t('console.articles.subtitleLive') : t('console.articles.subtitlePolling')}
        actions={
          <>
            <button type="button" className="c-button c-button-ghost" onClick={() => void load()}>
              <RefreshIcon size={16} /> {t('console.articles.refresh')}
            </button>
            <Link className="c-button" to="/dashboard/editor?new=true">
              <PlusIcon size={16} /> {t('console.articles.newArticle')}
            </Link>
          </>
        }
      />
      <div className="c-chips" role="group" aria-label={t('console.articles.stages')}>
        <button type="button" className="c-chip" aria-pressed={stage === ''} onClick={() => setStage('')}>
          {t('console.articles.all')} <span className="c-tab-count">{counts ? fmt.number(counts.all) : '…'}</span>
        </button>
        {PIPELINE_STAGES.map((s) => (
          <button key={s} type="button" className="c-chip" aria-pressed={stage === s} onClick={() => setStage(s)}>
            {known(t, `console.stage.${s}`, s)} <span className="c-tab-count">{counts ? fmt.number(counts[s]) : '…'}</span>
          </button>
        ))}
      </div>
      <div className="c-filters" role="search">
        <label className="c-search">
          <span className="visually-hidden">{t('console.articles.search')}</span>
          <SearchIcon size={16} />
          <input type="search" placeholder={t('console.articles.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <label>
          <span className="visually-hidden">{t('console.articles.region')}</span>
          <select value={region} onChange={(e) => setRegion(e.target.value)}>
            <option value="">{t('console.articles.allRegions')}</option>
            {(data?.regions ?? []).map((r) => (
              <option key={r.region} value={r.region}>
                {fmt.region(r.region)} ({fmt.number(r.count)})
              </option>
            ))}
          </select>
        </label>
      </div>
      {!data ? (
        <Skeleton rows={4} label={t('console.articles.loading')} />
      ) : data.items.length === 0 ? (
        <EmptyState title={t('console.articles.emptyTitle')}>
          {q || region || stage ? t('console.articles.noMatch') : t('console.articles.emptyBody')}
        </EmptyState>
      ) : (
        <>
          <h2 className="c-section-title" aria-live="polite">
            {tn('console.articles.count', data.total)}
          </h2>
          <div className="c-grid">
            {data.items.map((story) => (
              <StoryCardView key={story.id} story={story} showStage>
                {loadedAt - new Date(story.updated_at).getTime() < 60_000 ? <Badge tone="blue">{t('console.articles.updatedNow')}</Badge> : null}
              </StoryCardView>
            ))}
          </div>
          {data.total > data.items.length ? (
            <div className="c-more">
              <button type="button" className="c-button c-button-ghost" onClick={() => setLimit((n) => Math.min(100, n + PAGE))} disabled={limit >= 100}>
                {t('console.articles.showMore', { shown: fmt.number(data.items.length), total: fmt.number(data.total) })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
