import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { HomeData, StormBanner, StoryCard } from '../../data/types';
import { useI18n, useT } from '../../i18n/i18n';
import { HydrateLater } from '../../shared/hydrate-later';
import { useSession } from '../../shared/session';
import { BreakingBadge, RegionBadge, SourceCount, StoryPicture, VerifiedBadge } from '../Badges';
import { AdSlot, LoadError, Spinner } from '../Spinner';
import { StoryLink } from '../StoryLink';

const OperatorPanel = lazy(() => import('../OperatorPanel'));
// A signed-in reader's "Top stories | My Caribbean" switch: loaded after the page, only for them.
const MyHome = lazy(() => import('../account/MyHome'));
const MORE_NEWS_START = 15;
const PAGE = 20;

export function HomePage() {
  const t = useT();
  const { data, error, loading, reload } = useRouteData('home', (signal) => api.home(signal));
  const [params] = useSearchParams();
  const { user } = useSession();
  const showOperator = params.get('debug') === 'true' && user?.role === 'admin';
  const [mine, setMine] = useState(false);

  return (
    <>
      {showOperator ? (
        <Suspense fallback={<Spinner />}>
          <OperatorPanel />
        </Suspense>
      ) : null}
      {/* A threatening storm leads the page, above everything else. */}
      {data?.storms?.map((storm) => (
        <StormBannerView key={storm.id} storm={storm} />
      ))}
      {user ? (
        <Suspense fallback={null}>
          <MyHome mine={mine} onChange={setMine} />
        </Suspense>
      ) : null}
      {user && mine ? null : <AdSlot />}
      {user && mine ? null : loading ? (
        <Spinner />
      ) : error ? (
        <LoadError onRetry={reload} />
      ) : data && !data.lead ? (
        <p className="empty">{t('home.empty')}</p>
      ) : data ? (
        <>
          <LeadStory story={data.lead!} />
          <section className="latest" aria-labelledby="latest-title">
            <div className="section-head">
              <h2 id="latest-title">{t('home.latest')}</h2>
              <Link to="/section/latest" className="view-all">
                {t('home.viewAll')}
              </Link>
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
          {/* Below the first screen: hydrated after the rest, at low priority (see HydrateLater). */}
          <HydrateLater>
            <CategoryBlocks blocks={data.categories} />
          </HydrateLater>
          <HydrateLater>
            <MoreNews initial={data.moreNews} hasMore={data.moreNewsHasMore} next={data.moreNewsNext ?? MORE_NEWS_START + data.moreNews.length} />
          </HydrateLater>
        </>
      ) : null}
    </>
  );
}

/** Only blocks with stories (the server leaves empty ones out); the grid fits their number. */
function CategoryBlocks({ blocks }: { blocks: HomeData['categories'] }) {
  const t = useT();
  const shown = blocks.filter((block) => block.stories.length > 0);
  if (shown.length === 0) return null;
  return (
    <div className={`category-blocks category-blocks-${shown.length}`}>
      {shown.map((block) => (
        <section key={block.key} className="category-block" aria-labelledby={`block-${block.key}`}>
          <h2 id={`block-${block.key}`}>{t(`home.${block.key}`)}</h2>
          {block.stories.map((story, i) => (
            <article key={story.id} className="block-story">
              {i === 0 ? <StoryPicture story={story} /> : null}
              <h3 lang={story.language ?? 'en'}>
                <StoryLink story={story}>{story.title}</StoryLink>
              </h3>
              {i === 0 ? <p lang={story.language ?? 'en'}>{story.summary}</p> : null}
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}

const KIND_BY_CLASS: Record<string, string> = {
  HU: 'hurricane',
  MH: 'hurricane',
  TY: 'hurricane',
  STY: 'hurricane',
  TS: 'tropicalStorm',
  TD: 'depression',
  STS: 'subtropicalStorm',
  STD: 'subtropicalDepression',
  PTC: 'postTropical',
  PC: 'potential',
};
const ALERT_KEY: Record<string, string> = { Hurricane: 'hurricane', 'Tropical Storm': 'tropicalStorm', 'Storm Surge': 'stormSurge' };

/** The storm threatening covered countries, first on the page: what, how near, which alerts, where to follow it. */
export function StormBannerView({ storm }: { storm: StormBanner }) {
  const { t, fmt } = useI18n();
  const kind = KIND_BY_CLASS[storm.classification.toUpperCase()] ?? 'storm';
  const facts = [
    kind === 'hurricane' && storm.category > 0 ? t('stormBanner.category', { n: storm.category }) : t(`stormBanner.kind.${kind}`),
    t('stormBanner.wind', { mph: fmt.number(storm.windSpeed), kmh: fmt.number(Math.round(storm.windSpeed * 1.609344)) }),
    storm.nearest
      ? t('stormBanner.distance', { km: fmt.number(Math.round(storm.nearest.distanceKm / 5) * 5), country: fmt.region(storm.nearest.region) })
      : null,
  ].filter(Boolean);
  const advisory = storm.advisoryNumber
    ? t('stormBanner.advisory', { number: storm.advisoryNumber, time: fmt.dateTime(storm.advisoryAt) })
    : t('stormBanner.advisoryAt', { time: fmt.dateTime(storm.advisoryAt) });
  const headingId = `storm-banner-${storm.id}`;
  return (
    <section className="home-storm-banner" aria-labelledby={headingId}>
      <p className="storm-banner-kicker">
        <WarningIcon /> {t('stormBanner.kicker')}
      </p>
      <h2 id={headingId}>{t('stormBanner.title', { kind: t(`stormBanner.kind.${kind}`), name: storm.name })}</h2>
      <p className="storm-banner-facts">{facts.join(' · ')}</p>
      <p className="storm-banner-advisory">{advisory}</p>
      {storm.alerts.length > 0 ? (
        <>
          <h3 className="visually-hidden">{t('stormBanner.alertsTitle')}</h3>
          <ul className="storm-banner-alerts">
            {storm.alerts.map((alert) => {
              const key = ALERT_KEY[alert.hazard];
              const label = key ? t(`stormBanner.alert.${key}${alert.type === 'warning' ? 'Warning' : 'Watch'}`) : `${alert.hazard} ${alert.type}`;
              return (
                <li key={`${alert.hazard}-${alert.type}`} className={`storm-banner-alert-${alert.type}`}>
                  <strong>{label}:</strong> {alert.regions.map((region) => fmt.region(region)).join(', ')}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>{t('stormBanner.noAlerts')}</p>
      )}
      <Link to={storm.path} className="storm-banner-link">
        {t('stormBanner.link')}
      </Link>
    </section>
  );
}

function WarningIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2 1 21h22L12 2zm0 6 .01 0L12 14h-.01L12 8zm-1 8h2v2h-2v-2z" />
    </svg>
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
        <h1 lang={story.language ?? 'en'}>
          <StoryLink story={story}>{story.title}</StoryLink>
        </h1>
        <p className="lead-summary" lang={story.language ?? 'en'}>
          <StoryLink story={story}>{story.summary}</StoryLink>
        </p>
        <p className="meta">
          <ShortDate iso={story.published_at} /> · <SourceCount story={story} />
        </p>
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
      <Heading lang={story.language ?? 'en'}>
        <StoryLink story={story}>{story.title}</StoryLink>
      </Heading>
      <p lang={story.language ?? 'en'}>{story.summary}</p>
      <p className="meta">
        <ShortDate iso={story.published_at} /> · <SourceCount story={story} />
      </p>
    </article>
  );
}

/** `next`: the ranked position the next page starts at (the layout may have moved stories in or out of More News). */
function MoreNews({ initial, hasMore: initialHasMore, next: initialNext }: { initial: StoryCard[]; hasMore: boolean; next: number }) {
  const t = useT();
  const [stories, setStories] = useState(initial);
  const [hasMore, setHasMore] = useState(initialHasMore);
  const [next, setNext] = useState(initialNext);
  const [busy, setBusy] = useState(false);
  if (stories.length === 0) return null;
  const loadMore = async () => {
    setBusy(true);
    try {
      const page = await api.stories(next, PAGE);
      setStories((s) => [...s, ...page.items.filter((story) => !s.some((x) => x.id === story.id))]);
      setNext((n) => n + page.items.length);
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
              <span className="muted">
                <ShortDate iso={story.published_at} />
              </span>
              <VerifiedBadge story={story} />
            </div>
            <h3 lang={story.language ?? 'en'}>
              <StoryLink story={story}>{story.title}</StoryLink>
            </h3>
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
