import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../shared/toasts';
import { dateTime } from '../../shared/format';
import { ChevronDownIcon, ChevronUpIcon, ExternalIcon, TrashIcon } from '../icons';
import { useLiveReload } from '../live/LiveEvents';
import { consoleApi, type StoryCard } from '../stories/api';
import { RegionBadge, StatusBadge } from '../stories/badges';
import { PublishDialog } from '../stories/PublishDialog';
import { GateReasons, PublishButton } from '../stories/PublishGate';
import { ReviewDialog } from '../stories/ReviewDialog';
import { editorPath, StoryCardView } from '../stories/StoryCardView';
import { Badge, Card, EmptyState, PageHeader, Skeleton, Tabs } from '../ui';

type Lists = Awaited<ReturnType<typeof consoleApi.curation>>;
type Tab = 'featured' | 'ready' | 'published';
type FeatureAction = 'remove_homepage' | 'remove_section' | 'priority_up' | 'priority_down';
const PAGE = 24;

/** Content Curation (/dashboard/content-curation): featured content, stories ready to publish, published stories. */
export default function ContentCuration() {
  const { show } = useToast();
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
      show({ title: 'Failed to fetch articles', tone: 'error' });
    }
  }, [readyLimit, show]);
  useEffect(() => {
    void load();
  }, [load]);
  useLiveReload(load, ['stories']);

  const feature = async (story: StoryCard, action: FeatureAction) => {
    setUpdating((s) => new Set(s).add(story.id));
    try {
      await consoleApi.feature(story.id, action);
      show({ title: 'Success', description: 'Featured status updated successfully', tone: 'success' });
      await load();
    } catch {
      show({ title: 'Error', description: 'Failed to update featured status', tone: 'error' });
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
        title="Content Curation"
        subtitle={counts ? `${counts.published.toLocaleString('en-US')} published · ${counts.featured.toLocaleString('en-US')} featured` : 'Feature, publish and order the stories readers see first.'}
      />
      <Tabs<Tab>
        label="Curation"
        value={tab}
        onChange={setTab}
        tabs={[
          { key: 'featured', label: 'Featured Content', count: lists ? lists.homepage.length + lists.section.length : undefined },
          { key: 'ready', label: 'Ready to Publish', count: lists?.ready.total },
          { key: 'published', label: 'Published Articles', count: lists?.published.length },
        ]}
      >
        {!lists ? (
          <Skeleton rows={4} label="Loading articles…" />
        ) : tab === 'featured' ? (
          <>
            <Card title="Homepage Featured">
              {lists.homepage.length === 0 ? (
                <EmptyState title="Nothing featured">No featured articles on homepage. Use the publish dialog to feature articles.</EmptyState>
              ) : (
                <FeaturedList stories={lists.homepage} where="homepage" updating={updating} onAction={feature} onEdit={setPublishing} />
              )}
            </Card>
            <Card title="Section Main Stories">
              {lists.section.length === 0 ? (
                <EmptyState title="Nothing featured">No section main stories. Use the publish dialog to set section featured articles.</EmptyState>
              ) : (
                <FeaturedList stories={lists.section} where="section" updating={updating} onAction={feature} onEdit={setPublishing} />
              )}
            </Card>
          </>
        ) : tab === 'ready' ? (
          lists.ready.items.length === 0 ? (
            <EmptyState title="All caught up">No articles ready to publish.</EmptyState>
          ) : (
            <>
              <h2 className="visually-hidden">Articles ready to publish</h2>
              <div className="c-grid">
                {lists.ready.items.map((story) => (
                  <StoryCardView
                    key={story.id}
                    story={story}
                    showStage
                    actions={
                      <>
                        <PublishButton gate={story.publish_gate} onClick={() => setPublishing(story)} reasonsId={`gate-${story.id}`}>
                          {story.publish_label}
                        </PublishButton>
                        <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setReviewing(story)}>
                          Review
                        </button>
                      </>
                    }
                  >
                    <GateReasons gate={story.publish_gate} id={`gate-${story.id}`} small />
                    {story.flag_reason ? <p className="c-flag">Flagged: {story.flag_reason}</p> : null}
                  </StoryCardView>
                ))}
              </div>
              {lists.ready.total > lists.ready.items.length ? (
                <div className="c-more">
                  <button type="button" className="c-button c-button-ghost" onClick={() => setReadyLimit((n) => Math.min(100, n + PAGE))} disabled={readyLimit >= 100}>
                    Show more ({lists.ready.items.length} of {lists.ready.total})
                  </button>
                </div>
              ) : null}
            </>
          )
        ) : lists.published.length === 0 ? (
          <EmptyState title="Nothing published yet">Published stories appear here.</EmptyState>
        ) : (
          <div className="c-grid">
            <h2 className="visually-hidden">Published articles</h2>
            {lists.published.map((story) => (
              <StoryCardView
                key={story.id}
                story={story}
                actions={
                  <>
                    <PublishButton gate={story.publish_gate} onClick={() => setPublishing(story)}>
                      {story.publish_label}
                    </PublishButton>
                    {story.path ? (
                      <a className="c-button c-button-ghost c-button-small" href={story.path} target="_blank" rel="noreferrer">
                        <ExternalIcon size={14} /> View
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

function FeaturedList({ stories, where, updating, onAction, onEdit }: { stories: StoryCard[]; where: 'homepage' | 'section'; updating: Set<string>; onAction: (s: StoryCard, a: FeatureAction) => void; onEdit: (s: StoryCard) => void }) {
  const now = Date.now();
  return (
    <ol className="c-list">
      {stories.map((story) => {
        const busy = updating.has(story.id);
        const expired = story.feature_expires_at !== null && new Date(story.feature_expires_at).getTime() <= now;
        return (
          <li key={story.id} className="c-list-item" aria-busy={busy}>
            <Badge tone="yellow" title="Featured priority (1 is the top)">#{story.featured_priority}</Badge>
            <div className="c-grow">
              <h3>
                <Link to={editorPath(story.id)}>{story.title}</Link>
              </h3>
              <div className="c-meta">
                <RegionBadge region={story.region} />
                <StatusBadge label={story.status_label} />
                {!story.live ? <Badge tone="red">Not live</Badge> : null}
                <span className="c-hint">{story.feature_expires_at ? `${expired ? 'Expired' : 'Until'} ${dateTime(story.feature_expires_at)}` : 'No expiration'}</span>
              </div>
            </div>
            {where === 'homepage' ? (
              <div className="c-row" role="group" aria-label={`Priority of ${story.title}`}>
                <button type="button" className="c-icon-button" onClick={() => onAction(story, 'priority_up')} disabled={busy || story.featured_priority <= 1} aria-label="Raise priority" title="Raise priority">
                  <ChevronUpIcon size={18} />
                </button>
                <button type="button" className="c-icon-button" onClick={() => onAction(story, 'priority_down')} disabled={busy} aria-label="Lower priority" title="Lower priority">
                  <ChevronDownIcon size={18} />
                </button>
              </div>
            ) : null}
            <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => onEdit(story)} disabled={busy}>
              Edit Publication
            </button>
            <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => onAction(story, where === 'homepage' ? 'remove_homepage' : 'remove_section')} disabled={busy}>
              <TrashIcon size={14} /> Remove
            </button>
          </li>
        );
      })}
    </ol>
  );
}
