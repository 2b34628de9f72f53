import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError, api, postJson } from '../../data/api';
import { useRouteData } from '../../data/route-data';
import type { Layer, Story, StoryTranslation } from '../../data/types';
import { useI18n } from '../../i18n/i18n';
import { AppLink } from '../../shared/app-link';
import { HydrateLater } from '../../shared/hydrate-later';
import { ArrowLeftIcon } from '../../shared/icons';
import { BreakingBadge, RegionBadge, SourceCount, StoryPicture, VerificationNote } from '../Badges';
import ArticleActions from '../account/ArticleActions';
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

  const canonicalPath = data?.canonicalPath;
  const storyId = data?.story.id;
  // Once per story shown (not again when its data is refreshed).
  useEffect(() => {
    if (!canonicalPath || !storyId) return;
    // A UUID address is replaced with the story's SEO address.
    if (UUID.test(id) && canonicalPath !== window.location.pathname) navigate(canonicalPath, { replace: true });
    api.recordView(canonicalPath, storyId);
  }, [canonicalPath, storyId, id, navigate]);

  if (loading) return <Spinner />;
  if (error || !data) return <NotFoundCard reason={error && error.status !== 404 ? 'error' : 'missing'} />;
  // Save and Follow in a boundary of their own: they wait for the account texts of the page's language (see useAccountT).
  const actions = (
    <Suspense fallback={null}>
      <ArticleActions storyId={data.story.id} region={data.story.region} />
    </Suspense>
  );
  return <ArticleView story={data.story} translation={data.translation ?? false} actions={actions} />;
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

/**
 * A story in another language than the reader's: a note naming its language and, with an AI
 * provider, a button that asks the server for a translation of the five layers (kept there, so a
 * second reader costs nothing). Story text is marked with its own language (lang), the page's
 * texts are in the reader's.
 */
function TranslationBar({
  story,
  available,
  translated,
  onTranslated,
}: {
  story: Story;
  available: boolean;
  translated: StoryTranslation | null;
  onTranslated: (t: StoryTranslation | null) => void;
}) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const storyName = t(`translate.names.${story.language ?? 'en'}`);
  const translate = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await postJson<{ translation: StoryTranslation }>(`/api/articles/${encodeURIComponent(story.id)}/translation`, {
        language: language.toLowerCase(),
      });
      onTranslated(answer.translation);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? t('translate.tooMany') : t('translate.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (translated) {
    return (
      <p className="translation-bar" role="status">
        {t('translate.translatedFrom', { language: storyName })}{' '}
        <button type="button" className="link-button" onClick={() => onTranslated(null)}>
          {t('translate.showOriginal')}
        </button>
      </p>
    );
  }
  return (
    <p className="translation-bar">
      {t('translate.note', { language: storyName })}{' '}
      {available ? (
        <button type="button" className="button-secondary" disabled={busy} onClick={() => void translate()}>
          {busy ? t('translate.working') : t('translate.button', { language: t(`translate.names.${language.toLowerCase()}`) })}
        </button>
      ) : null}
      {error ? (
        <span className="error" role="alert">
          {' '}
          {error}
        </span>
      ) : null}
    </p>
  );
}

export function ArticleView({ story: original, translation = false, actions }: { story: Story; translation?: boolean; actions?: ReactNode }) {
  const { t, fmt, language } = useI18n();
  const [translated, setTranslated] = useState<StoryTranslation | null>(null);
  const current = translated && translated.language === language.toLowerCase() ? translated : null;
  const story: Story = current ? { ...original, title: current.title, summary: current.summary, layers: current.layers } : original;
  const textLang = current ? current.language : (original.language ?? 'en');
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
        <h1 lang={textLang}>{story.title}</h1>
        {(original.language ?? 'en') !== language.toLowerCase() ? (
          <TranslationBar story={original} available={translation} translated={current} onTranslated={setTranslated} />
        ) : null}
        <StoryPicture story={story} size="large" />
        <p className="meta">
          <time dateTime={story.published_at ?? undefined}>{t('article.published', { date: fmt.longDate(story.published_at) })}</time>
          {' · '}
          <span className="badge badge-sources">
            <SourceCount story={story} />
          </span>
          {story.verification ? (
            <>
              {' · '}
              <VerificationNote story={story} />
            </>
          ) : null}
        </p>
        <ShareButtons story={story} />
        {actions}
        {story.storm ? (
          <p className="article-storm">
            <AppLink to="/storm-centre">{t('article.stormLink', { name: story.storm.name })}</AppLink>
          </p>
        ) : null}
      </header>
      {/* The layers and the sources are hydrated after the rest, at low priority (see HydrateLater). */}
      <HydrateLater>
        <div className="layers">
          {LAYER_ORDER.map((type) => (
            <LayerCard
              key={type}
              type={type}
              layer={byType.get(type)}
              summary={story.summary}
              sourceNames={sourceNames}
              placeholder={story.layers.length === 0}
              lang={textLang}
            />
          ))}
        </div>
      </HydrateLater>
      <HydrateLater>
        <footer className="article-foot">
          <p className="disclaimer">{t('article.disclaimer')}</p>
          {story.coverage ? <CoveragePanel coverage={story.coverage} /> : null}
          <SourcesList story={story} />
        </footer>
      </HydrateLater>
    </article>
  );
}
