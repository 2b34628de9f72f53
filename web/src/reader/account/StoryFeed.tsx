import { useCallback, useEffect, useState } from 'react';
import type { StoryCard } from '../../data/types';
import { shortDate } from '../../shared/format';
import { StoryLink } from '../StoryLink';
import { LoadError, Spinner } from '../Spinner';
import type { StoryPage } from './api';
import { useAccountT } from './i18n';

/** A personal list of stories, a page at a time ("Load more"). */
export function StoryFeed<T extends StoryCard>({
  load,
  empty,
  render,
}: {
  load: (offset: number) => Promise<StoryPage<T>>;
  empty: React.ReactNode;
  render?: (story: T, remove: () => void) => React.ReactNode;
}) {
  const t = useAccountT();
  const [items, setItems] = useState<T[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const fetchPage = useCallback(
    async (offset: number) => {
      setBusy(true);
      setFailed(false);
      try {
        const page = await load(offset);
        setItems((current) => (offset === 0 ? page.items : [...(current ?? []), ...page.items]));
        setHasMore(page.hasMore);
      } catch {
        setFailed(true);
      } finally {
        setBusy(false);
      }
    },
    [load],
  );
  useEffect(() => {
    void fetchPage(0);
  }, [fetchPage]);

  if (failed && !items) return <LoadError onRetry={() => void fetchPage(0)} />;
  if (!items) return <Spinner />;
  if (items.length === 0) return <div className="empty-state">{empty}</div>;
  return (
    <>
      <ul className="card-grid account-feed">
        {items.map((story) => (
          <li key={story.id}>{render ? render(story, () => setItems((list) => (list ?? []).filter((s) => s.id !== story.id))) : <FeedCard story={story} />}</li>
        ))}
      </ul>
      {hasMore ? (
        <button type="button" className="button-secondary load-more" disabled={busy} onClick={() => void fetchPage(items.length)}>
          {t('readerAccount.loadMore')}
        </button>
      ) : null}
    </>
  );
}

/**
 * A story card for personal lists. Kept here rather than importing the home page's card, so the
 * home page stays in the first-load bundle in one piece (a shared import would split it out).
 */
export function FeedCard({ story, children, meta }: { story: StoryCard; children?: React.ReactNode; meta?: React.ReactNode }) {
  return (
    <article className="story-card">
      <div className="badges">
        <span className="badge region-badge">{story.region}</span>
        <span className="muted">{meta ?? shortDate(story.published_at)}</span>
      </div>
      <h2>
        <StoryLink story={story}>{story.title}</StoryLink>
      </h2>
      <p>{story.summary}</p>
      {children}
    </article>
  );
}
