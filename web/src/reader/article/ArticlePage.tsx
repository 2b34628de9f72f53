import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { Layer, Story } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { ArrowLeftIcon } from '../../shared/icons';
import { BreakingBadge, RegionBadge, SourceCount, StoryPicture } from '../Badges';
import { Spinner } from '../Spinner';
import { CoveragePanel } from './CoveragePanel';
import { LayerCard } from './LayerCard';
import { ShareButtons } from './ShareButtons';
import { SourcesList, storySources } from './SourcesList';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LAYER_ORDER: Layer['layerType'][] = ['short_version', 'what_happened', 'what_locals_saying', 'why_it_matters', 'our_take'];

export function ArticlePage() {
  const { id } = useParams();
  if (!id) return <NotFoundCard reason="noId" />;
  return <Article id={id} />;
}

function Article({ id }: { id: string }) {
  const navigate = useNavigate();
  const { data, error, loading } = useRouteData(`article:${id}`, (signal) => api.article(id, signal));

  useEffect(() => {
    if (!data) return;
    // A UUID address is replaced with the story's SEO address.
    if (UUID.test(id) && data.canonicalPath !== window.location.pathname) navigate(data.canonicalPath, { replace: true });
    void api.recordView(data.canonicalPath, data.story.id);
  }, [data, id, navigate]);

  if (loading) return <Spinner />;
  if (error || !data) return <NotFoundCard reason={error && error.status !== 404 ? 'error' : 'missing'} />;
  return <ArticleView story={data.story} />;
}

function BackButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  return (
    <button type="button" className="back-button" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
      <ArrowLeftIcon /> {t('article.back')}
    </button>
  );
}

function NotFoundCard({ reason }: { reason: 'noId' | 'missing' | 'error' }) {
  const { t } = useI18n();
  return (
    <div className="empty-state" role="alert">
      <h1>{t('article.notFound')}</h1>
      <p>{reason === 'noId' ? t('article.noId') : reason === 'missing' ? t('article.missing') : t('common.error')}</p>
      <BackButton />
    </div>
  );
}

export function ArticleView({ story }: { story: Story }) {
  const { t, fmt } = useI18n();
  const byType = new Map(story.layers.map((layer) => [layer.layerType, layer]));
  const sourceNames = storySources(story).map((s) => s.name);
  return (
    <article className="article">
      <header className="article-head">
        <div className="article-topbar">
          <BackButton />
          <div className="badges">
            <RegionBadge region={story.region} />
            <BreakingBadge story={story} />
          </div>
        </div>
        <h1>{story.title}</h1>
        <StoryPicture story={story} size="large" />
        <p className="meta">
          <time dateTime={story.published_at ?? undefined}>{t('article.published', { date: fmt.longDate(story.published_at) })}</time>
          {' · '}
          <span className="badge badge-sources"><SourceCount story={story} /></span>
        </p>
        <ShareButtons story={story} />
        {story.storm ? (
          <p className="article-storm">
            <Link to="/storm-centre">{t('article.stormLink', { name: story.storm.name })}</Link>
          </p>
        ) : null}
      </header>
      <div className="layers">
        {LAYER_ORDER.map((type) => (
          <LayerCard key={type} type={type} layer={byType.get(type)} summary={story.summary} sourceNames={sourceNames} placeholder={story.layers.length === 0} />
        ))}
      </div>
      <footer className="article-foot">
        <p className="disclaimer">{t('article.disclaimer')}</p>
        {story.coverage ? <CoveragePanel coverage={story.coverage} /> : null}
        <SourcesList story={story} />
      </footer>
    </article>
  );
}
