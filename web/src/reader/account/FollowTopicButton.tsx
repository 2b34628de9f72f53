import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../shared/hydrated';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { meApi, signInHref } from './api';
import { useAccountT } from './i18n';
import './account.css';

/** "Follow Business" on a section page; signed out, it leads to sign-in and back (?follow=1), then follows. */
export default function FollowTopicButton({ topic }: { topic: string }) {
  const t = useAccountT();
  // The button comes from the server's HTML; a tap before this page's code runs would be lost.
  const hydrated = useHydrated();
  const toast = useToast();
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [following, setFollowing] = useState(false);

  useEffect(() => {
    if (!ready || !user) return;
    let live = true;
    void (async () => {
      try {
        let { follows } = await meApi.follows();
        if (params.get('follow') === '1' && !follows.topics.includes(topic))
          follows = (await meApi.setFollows({ ...follows, topics: [...follows.topics, topic] })).follows;
        if (!live) return;
        setFollowing(follows.topics.includes(topic));
        if (params.has('follow')) {
          params.delete('follow');
          setParams(params, { replace: true });
        }
      } catch {
        // stays "Follow"; a click says what went wrong
      }
    })();
    return () => {
      live = false;
    };
  }, [ready, user, topic]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = async () => {
    if (!user) return navigate(signInHref(`${location.pathname}?follow=1`));
    try {
      const { follows } = await meApi.follows();
      const topics = following ? follows.topics.filter((x) => x !== topic) : [...new Set([...follows.topics, topic])];
      setFollowing((await meApi.setFollows({ ...follows, topics })).follows.topics.includes(topic));
    } catch {
      toast.show({ title: t('readerAccount.error'), tone: 'error' });
    }
  };
  const name = t(`nav.${topic}`);
  return (
    <div className="article-actions">
      <button
        type="button"
        className={following ? 'action-on' : 'button-secondary'}
        aria-pressed={following}
        disabled={!hydrated}
        onClick={() => void toggle()}
      >
        {following ? `✓ ${t('readerAccount.following', { name })}` : t('readerAccount.follow', { name })}
      </button>
    </div>
  );
}
