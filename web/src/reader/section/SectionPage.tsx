import { Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { StoryCard } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { HydrateLater } from '../../shared/hydrate-later';
import { GridIcon, ListIcon } from '../../shared/icons';
import { RegionBadge, SourceCount } from '../Badges';
import { StoryCardView } from '../home/HomePage';
import FollowTopicButton from '../account/FollowTopicButton';
import { AdSlot, LoadError, Spinner } from '../Spinner';
import { StoryLink } from '../StoryLink';

export function SectionPage() {
  const { t, tn } = useI18n();
  const { section = '' } = useParams();
  const [params] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const key = `section:${section.toLowerCase()}:${offset}`;
  const { data, error, loading, reload } = useRouteData(key, (signal) => api.section(section, offset, signal));
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');

  const latest = data?.query.kind === 'latest';
  const name = section.toLowerCase();
  // The site's sections have their names in each language; any other word is the reader's own.
  const known = ['business', 'politics', 'weather', 'sports', 'culture', 'technology'].includes(name);
  const label = known ? t(`nav.${name}`) : name.charAt(0).toUpperCase() + name.slice(1);
  const heading = latest ? t('section.latestHeading') : label;
  const subtitle = latest ? t('section.latestSubtitle') : t('section.subtitle', { section: known ? label.toLowerCase() : name });

  return (
    <div className="section-page">
      <AdSlot />
      <header className="page-head">
        <h1>{heading}</h1>
        <p className="subtitle">{subtitle}</p>
        {data ? <p className="count-line">{data.totalCapped ? t('section.foundMany', { n: data.total }) : tn('section.found', data.total)}</p> : null}
        {/* Its own boundary: it waits for the account texts of the page's language (see useAccountT). */}
        {data?.query.kind === 'keyword' ? (
          <Suspense fallback={null}>
            <FollowTopicButton topic={name} />
          </Suspense>
        ) : null}
      </header>
      {loading ? (
        <Spinner />
      ) : error ? (
        <LoadError onRetry={reload} />
      ) : data && data.items.length === 0 ? (
        <div className="empty-state">
          <h2>{t('section.emptyTitle')}</h2>
          <p>{t('section.emptyBody')}</p>
          <Link to="/section/latest" className="button">
            {t('section.viewLatest')}
          </Link>
        </div>
      ) : data ? (
        <>
          <div className="layout-toggle" role="group" aria-label={t('section.layout')}>
            <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')} aria-label={t('section.grid')}>
              <GridIcon />
            </button>
            <button type="button" aria-pressed={layout === 'list'} onClick={() => setLayout('list')} aria-label={t('section.list')}>
              <ListIcon />
            </button>
          </div>
          {offset === 0 ? <StoryCardView story={data.items[0]!} featured level={2} /> : null}
          {/* The rest of the list is hydrated after the page, at low priority (see HydrateLater). */}
          <HydrateLater>
            {layout === 'grid' ? (
              <ul className="card-grid">
                {(offset === 0 ? data.items.slice(1) : data.items).map((story) => (
                  <li key={story.id}>
                    <StoryCardView story={story} level={2} />
                  </li>
                ))}
              </ul>
            ) : (
              <ul className="story-rows">
                {(offset === 0 ? data.items.slice(1) : data.items).map((story) => (
                  <StoryRow key={story.id} story={story} />
                ))}
              </ul>
            )}
          </HydrateLater>
          <nav className="pager" aria-label={t('section.older')}>
            {offset > 0 ? <Link to={`?offset=${Math.max(0, offset - data.limit)}`}>{t('section.newer')}</Link> : <span />}
            {data.hasMore ? <Link to={`?offset=${offset + data.items.length}`}>{t('section.older')}</Link> : null}
          </nav>
        </>
      ) : null}
      <AdSlot />
    </div>
  );
}

function StoryRow({ story }: { story: StoryCard }) {
  const { t, tn, fmt } = useI18n();
  return (
    <li className="story-row">
      <div className="badges">
        <RegionBadge region={story.region} />
        <span className="muted">{fmt.shortDate(story.published_at)}</span>
      </div>
      <h2 lang={story.language ?? 'en'}>
        <StoryLink story={story}>{story.title}</StoryLink>
      </h2>
      <p lang={story.language ?? 'en'}>{story.summary}</p>
      <p className="meta">
        <SourceCount story={story} /> · {t('section.readTime', { n: story.read_minutes ?? 1 })} · {tn('section.views', story.view_count ?? 0)}
      </p>
    </li>
  );
}
