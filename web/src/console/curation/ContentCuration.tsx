import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../shared/toasts';
import { ChevronDownIcon, ChevronUpIcon, ExternalIcon, TrashIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type StoryCard } from '../stories/api';
import { RegionBadge, StatusBadge } from '../stories/badges';
import { PublishDialog } from '../stories/PublishDialog';
import { GateReasons, PublishButton } from '../stories/PublishGate';
import { ReviewDialog } from '../stories/ReviewDialog';
import { editorPath, StoryCardView } from '../stories/StoryCardView';
import { known, useConsoleI18n } from '../console-i18n';
import { Badge, Card, EmptyState, PageHeader, Skeleton, Tabs } from '../ui';

type Lists = Awaited<ReturnType<typeof consoleApi.curation>>;
type Tab = 'featured' | 'ready' | 'published';
type FeatureAction = 'remove_homepage' | 'remove_section' | 'priority_up' | 'priority_down';
const PAGE = 24;

/** Content Curation (/dashboard/content-curation): featured content, stories ready to publish, published stories. */
export default function ContentCuration() {
  const { show } = useToast();
  const { t, fmt } = useConsoleI18n();
  const [tab, setTab] = useState<Tab>('featured');
  const [lists, setLists] = useState<Lists | null>(null);
  const [readyLimit, setReadyLimit] = useState(PAGE);
  const [updating, setUpdating] = useState<Set<string>>(new Set());
  const [publishing, setPublishing] = useState<StoryCard | null>(null);
  const [reviewing, setReviewing] = useState<StoryCard | null>(null);

  const load = useCallback(async () => {
    try {
      setLists(await consoleApi.curation(0, readyLimit));
    } catch {
      show({ title: t('console.curation.fetchFailed'), tone: 'error' });
    }
  }, [readyLimit, show, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories']);

  const feature = async (story: StoryCard, action: FeatureAction) => {
    setUpdating((s) => new Set(s).add(story.id));
    try {
      await consoleApi.feature(story.id, action);
      show({ title: t('console.curation.success'), description: t('console.curation.featureUpdated'), tone: 'success' });
      await load();
    } catch {
      show({ title: t('console.curation.error'), description: t('console.curation.featureFailed'), tone: 'error' });
    } finally {
      setUpdating((s) => {
        const next = new Set(s);
        next.delete(story.id);
        return next;
      });
    }
  };

  const counts = lists?.counts;
  return (
    <>
      <PageHeader
        title={t('console.curation.title')}
        subtitle={
          counts
            ? t('console.curation.counts', { published: fmt.number(counts.published), featured: fmt.number(counts.featured) })
            : t('console.curation.subtitle')
        }
      />
      <Tabs<Tab>
        label={t('console.curation.tabsLabel')}
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'featured', label: t('console.curation.tabFeatured'), count: lists ? lists.homepage.length + lists.section.length : undefined },
          { key: 'ready', label: t('console.curation.tabReady'), count: lists?.ready.total },
          { key: 'published', label: t('console.curation.tabPublished'), count: lists?.published.length },
        ]}
      >
        {!lists ? (
          <Skeleton rows={4} label={t('console.curation.loading')} />
        ) : tab === 'featured' ? (
          <>
            <Card title={t('console.curation.homepage')}>
              {lists.homepage.length === 0 ? (
                <EmptyState title={t('console.curation.nothingFeatured')}>{t('console.curation.noHomepage')}</EmptyState>
              ) : (
                <FeaturedList stories={lists.homepage} where="homepage" updating={updating} onAction={feature} onEdit={setPublishing} />
              )}
            </Card>
            <Card title={t('console.curation.section')}>
              {lists.section.length === 0 ? (
                <EmptyState title={t('console.curation.nothingFeatured')}>{t('console.curation.noSection')}</EmptyState>
              ) : (
                <FeaturedList stories={lists.section} where="section" updating={updating} onAction={feature} onEdit={setPublishing} />
              )}
            </Card>
          </>
        ) : tab === 'ready' ? (
          lists.ready.items.length === 0 ? (
            <EmptyState title={t('console.curation.caughtUp')}>{t('console.curation.noReady')}</EmptyState>
          ) : (
            <>
              <h2 className="visually-hidden">{t('console.curation.readyHeading')}</h2>
              <div className="c-grid">
                {lists.ready.items.map((story) => (
                  <StoryCardView
                    key={story.id}
                    story={story}
                    showStage
                    actions={
                      <>
                        <PublishButton gate={story.publish_gate} onClick={() => setPublishing(story)} reasonsId={`gate-${story.id}`}>
                          {known(t, `console.curation.publishLabel.${story.publish_label}`, story.publish_label)}
                        </PublishButton>
                        <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setReviewing(story)}>
                          {t('console.curation.review')}
                        </button>
                      </>
                    }
                  >
                    <GateReasons gate={story.publish_gate} id={`gate-${story.id}`} small />
                    {story.flag_reason ? <p className="c-flag">{t('console.curation.flagged', { reason: story.flag_reason })}</p> : null}
                  </StoryCardView>
                ))}
              </div>
              {lists.ready.total > lists.ready.items.length ? (
                <div className="c-more">
                  <button
                    type="button"
                    className="c-button c-button-ghost"
                    onClick={() => setReadyLimit((n) => Math.min(100, n + PAGE))}
                    disabled={readyLimit >= 100}
                  >
                    {t('console.curation.showMore', { shown: fmt.number(lists.ready.items.length), total: fmt.number(lists.ready.total) })}
                  </button>
                </div>
              ) : null}
            </>
          )
        ) : lists.published.length === 0 ? (
          <EmptyState title={t('console.curation.nothingPublished')}>{t('console.curation.publishedAppear')}</EmptyState>
        ) : (
          <div className="c-grid">
            <h2 className="visually-hidden">{t('console.curation.publishedHeading')}</h2>
            {lists.published.map((story) => (
              <StoryCardView
                key={story.id}
                story={story}
                actions={
                  <>
                    <PublishButton gate={story.publish_gate} onClick={() => setPublishing(story)}>
                      {known(t, `console.curation.publishLabel.${story.publish_label}`, story.publish_label)}
                    </PublishButton>
                    {story.path ? (
                      <a className="c-button c-button-ghost c-button-small" href={story.path} target="_blank" rel="noreferrer">
                        <ExternalIcon size={14} /> {t('console.curation.view')}
                      </a>
                    ) : null}
                  </>
                }
              />
            ))}
          </div>
        )}
      </Tabs>
      {publishing ? (
        <PublishDialog
          story={publishing}
          onClose={() => setPublishing(null)}
          onPublished={() => {
            setPublishing(null);
            void load();
          }}
        />
      ) : null}
      {reviewing ? (
        <ReviewDialog
          story={reviewing}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            void load();
          }}
        />
      ) : null}
    </>
  );
}

function FeaturedList({
  stories,
  where,
  updating,
  onAction,
  onEdit,
}: {
  stories: StoryCard[];
  where: 'homepage' | 'section';
  updating: Set<string>;
  onAction: (s: StoryCard, a: FeatureAction) => void;
  onEdit: (s: StoryCard) => void;
}) {
  const now = Date.now();
  const { t, fmt } = useConsoleI18n();
  return (
    <ol className="c-list">
      {stories.map((story) => {
        const busy = updating.has(story.id);
        const expired = story.feature_expires_at !== null && new Date(story.feature_expires_at).getTime() <= now;
        return (
          <li key={story.id} className="c-list-item" aria-busy={busy}>
            <Badge tone="yellow" title={t('console.curation.priorityTitle')}>
              #{story.featured_priority}
            </Badge>
            <div className="c-grow">
              <h3>
                <Link to={editorPath(story.id)} lang={story.language ?? 'en'}>
                  {story.title}
                </Link>
              </h3>
              <div className="c-meta">
                <RegionBadge region={story.region} />
                <StatusBadge label={story.status_label} />
                {!story.live ? <Badge tone="red">{t('console.curation.notLive')}</Badge> : null}
                <span className="c-hint">
                  {story.feature_expires_at
                    ? t(expired ? 'console.curation.expired' : 'console.curation.until', { time: fmt.dateTime(story.feature_expires_at) })
                    : t('console.curation.noExpiry')}
                </span>
              </div>
            </div>
            {where === 'homepage' ? (
              <div className="c-row" role="group" aria-label={t('console.curation.priorityOf', { title: story.title })}>
                <button
                  type="button"
                  className="c-icon-button"
                  onClick={() => onAction(story, 'priority_up')}
                  disabled={busy || story.featured_priority <= 1}
                  aria-label={t('console.curation.raise')}
                  title={t('console.curation.raise')}
                >
                  <ChevronUpIcon size={18} />
                </button>
                <button
                  type="button"
                  className="c-icon-button"
                  onClick={() => onAction(story, 'priority_down')}
                  disabled={busy}
                  aria-label={t('console.curation.lower')}
                  title={t('console.curation.lower')}
                >
                  <ChevronDownIcon size={18} />
                </button>
              </div>
            ) : null}
            <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => onEdit(story)} disabled={busy}>
              {t('console.curation.editPublication')}
            </button>
            <button
              type="button"
              className="c-button c-button-ghost c-button-small"
              onClick={() => onAction(story, where === 'homepage' ? 'remove_homepage' : 'remove_section')}
              disabled={busy}
            >
              <TrashIcon size={14} /> {t('console.curation.remove')}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
