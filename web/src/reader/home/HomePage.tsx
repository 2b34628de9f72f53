import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { StoryCard } from '../../data/types';
import { useI18n, useT } from '../../i18n/i18n';
import { useSession } from '../../shared/session';
import { BreakingBadge, RegionBadge, SourceCount, StoryPicture, VerifiedBadge } from '../Badges';
import { AdSlot, LoadError, Spinner } from '../Spinner';
import { StoryLink } from '../StoryLink';

const OperatorPanel = lazy(() => import('../OperatorPanel'));
const MORE_NEWS_START = 15;
const PAGE = 20;

export function HomePage() {
  const t = useT();
  const { data, error, loading, reload } = useRouteData('home', (signal) => api.home(signal));
  const [params] = useSearchParams();
  const { user } = useSession();
  const showOperator = params.get('debug') === 'true' && user?.role === 'admin';

  return (
    <>
      {showOperator ? (
        <Suspense fallback={<Spinner />}>
          <OperatorPanel />
        </Suspense>
      ) : null}
      <AdSlot />
      {loading ? <Spinner /> : error ? <LoadError onRetry={reload} /> : data && !data.lead ? <p className="empty">{t('home.empty')}</p> : data ? (
        <>
          <LeadStory story={data.lead!} />
          <section className="latest" aria-labelledby="latest-title">
            <div className="section-head">
              <h2 id="latest-title">{t('home.latest')}</h2>
              <Link to="/section/latest" className="view-all">{t('home.viewAll')}</Link>
            </div>
            <ul className="card-grid">
              {data.latest.map((story) => (
                <li key={story.id}>
                  <StoryCardView story={story} trending={story.trending} />
                </li>
              ))}
            </ul>
          </section>
          <AdSlot />
          <div className="category-blocks">
            {data.categories.map((block) => (
              <section key={block.key} className="category-block" aria-labelledby={`block-${block.key}`}>
                <h2 id={`block-${block.key}`}>{t(`home.${block.key}`)}</h2>
                {block.stories.length === 0 ? <p className="muted">{t('home.blockEmpty')}</p> : null}
                {block.stories.map((story, i) => (
                  <article key={story.id} className="block-story">
                    {i === 0 ? <StoryPicture story={story} /> : null}
                    <h3 lang={story.language ?? 'en'}><StoryLink story={story}>{story.title}</StoryLink></h3>
                    {i === 0 ? <p lang={story.language ?? 'en'}>{story.summary}</p> : null}
                  </article>
                ))}
              </section>
            ))}
          </div>
          <MoreNews initial={data.moreNews} hasMore={data.moreNewsHasMore} />
        </>
      ) : null}
    </>
  );
}

function ShortDate({ iso }: { iso: string | null | undefined }) {
  const { fmt } = useI18n();
  return <>{fmt.shortDate(iso)}</>;
}

function LeadStory({ story }: { story: StoryCard }) {
  return (
    <article className="lead-story">
      <StoryLink story={story} className="lead-picture-link">
        <StoryPicture story={story} size="large" />
      </StoryLink>
      <div className="lead-body">
        <div className="badges">
          <BreakingBadge story={story} />
          <RegionBadge region={story.region} />
        </div>
        <h1 lang={story.language ?? 'en'}><StoryLink story={story}>{story.title}</StoryLink></h1>
        <p className="lead-summary" lang={story.language ?? 'en'}><StoryLink story={story}>{story.summary}</StoryLink></p>
        <p className="meta"><ShortDate iso={story.published_at} /> · <SourceCount story={story} /></p>
      </div>
    </article>
  );
}

export function StoryCardView({ story, trending, featured, level = 3 }: { story: StoryCard; trending?: boolean; featured?: boolean; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useT();
  return (
    <article className={`story-card${featured ? ' story-card-featured' : ''}`}>
      <div className="badges">
        {featured ? <span className="badge badge-featured">{t('badge.featured')}</span> : null}
        {trending ? <span className="badge badge-trending">{t('badge.trending')}</span> : null}
        <RegionBadge region={story.region} />
      </div>
      <Heading lang={story.language ?? 'en'}><StoryLink story={story}>{story.title}</StoryLink></Heading>
      <p lang={story.language ?? 'en'}>{story.summary}</p>
      <p className="meta"><ShortDate iso={story.published_at} /> · <SourceCount story={story} /></p>
    </article>
  );
}

function MoreNews({ initial, hasMore: initialHasMore }: { initial: StoryCard[]; hasMore: boolean }) {
  const t = useT();
  const [stories, setStories] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [busy, setBusy] = useState(false);
  if (stories.length === 0) return null;
  const loadMore = async () => {
    setBusy(true);
    try {
      const page = await api.stories(MORE_NEWS_START + stories.length, PAGE);
      setStories((s) => [...s, ...page.items]);
      setHasMore(page.hasMore);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="more-news" aria-labelledby="more-news-title">
      <h2 id="more-news-title">{t('home.moreNews')}</h2>
      <ul>
        {stories.map((story) => (
          <li key={story.id} className="more-news-item">
            <div className="badges">
              <RegionBadge region={story.region} />
              <span className="muted"><ShortDate iso={story.published_at} /></span>
              <VerifiedBadge story={story} />
            </div>
            <h3 lang={story.language ?? 'en'}><StoryLink story={story}>{story.title}</StoryLink></h3>
            <p lang={story.language ?? 'en'}>{story.summary}</p>
            <SourceCount story={story} />
          </li>
        ))}
      </ul>
      {hasMore ? (
        <button type="button" className="button-secondary" disabled={busy} onClick={() => void loadMore()}>
          {t('home.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
