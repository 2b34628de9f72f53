import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../shared/hydrated';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { meApi, signInHref } from './api';
import { islandName, islandOf, useAccountT } from './i18n';
import './account.css';

/**
 * Save and "Follow Jamaica" on an article. Signed out, either button leads to sign-in and back
 * here, where the action is then done (?save=1, ?follow=1).
 */
export default function ArticleActions({ storyId, region }: { storyId: string; region: string }) {
  const t = useAccountT();
  // The buttons come from the server's HTML; a tap before this page's code runs would be lost.
  const hydrated = useHydrated();
  const toast = useToast();
  const { user, ready } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const island = islandOf(region);
  const [saved, setSaved] = useState<boolean | null>(null);
  const [following, setFollowing] = useState<boolean | null>(null);

  useEffect(() => {
    if (!ready || !user) return;
    let live = true;
    void (async () => {
      try {
        let isSaved = (await meApi.savedIds([storyId])).saved.includes(storyId);
        const { follows } = await meApi.follows();
        let follows_ = follows;
        if (params.get('save') === '1' && !isSaved) {
          await meApi.save(storyId);
          isSaved = true;
        }
        if (params.get('follow') === '1' && island && !follows.regions.includes(island)) {
          follows_ = (await meApi.setFollows({ ...follows, regions: [...follows.regions, island] })).follows;
        }
        if (!live) return;
        setSaved(isSaved);
        setFollowing(island ? follows_.regions.includes(island) : null);
        if (params.has('save') || params.has('follow')) {
          params.delete('save');
          params.delete('follow');
          setParams(params, { replace: true });
        }
      } catch {
        // Buttons stay in their signed-out form; a click will say what went wrong.
      }
    })();
    return () => {
      live = false;
    };
  }, [ready, user, storyId]); // eslint-disable-line react-hooks/exhaustive-deps

  const toSignIn = (what: 'save' | 'follow') => navigate(signInHref(`${location.pathname}?${what}=1`));
  const toggleSave = async () => {
    if (!user) return toSignIn('save');
    try {
      if (saved) await meApi.unsave(storyId);
      else await meApi.save(storyId);
      setSaved(!saved);
    } catch {
      toast.show({ title: t('readerAccount.error'), tone: 'error' });
    }
  };
  const toggleFollow = async () => {
    if (!user) return toSignIn('follow');
    if (!island) return;
    try {
      const { follows } = await meApi.follows();
      const regions = following ? follows.regions.filter((r) => r !== island) : [...new Set([...follows.regions, island])];
      const next = (await meApi.setFollows({ ...follows, regions })).follows;
      setFollowing(next.regions.includes(island));
    } catch {
      toast.show({ title: t('readerAccount.error'), tone: 'error' });
    }
  };

  const name = island ? islandName(t, island) : '';
  return (
    <div className="article-actions">
      <button
        type="button"
        className={saved ? 'action-on' : 'button-secondary'}
        aria-pressed={Boolean(saved)}
        title={t(saved ? 'readerAccount.unsaveLabel' : 'readerAccount.saveLabel')}
        disabled={!hydrated}
        onClick={() => void toggleSave()}
      >
        {saved ? `✓ ${t('readerAccount.savedButton')}` : t('readerAccount.save')}
      </button>
      {island && island !== 'caribbean' ? (
        <button
          type="button"
          className={following ? 'action-on' : 'button-secondary'}
          aria-pressed={Boolean(following)}
          disabled={!hydrated}
          onClick={() => void toggleFollow()}
        >
          {following ? `✓ ${t('readerAccount.following', { name })}` : t('readerAccount.follow', { name })}
        </button>
      ) : null}
    </div>
  );
}
