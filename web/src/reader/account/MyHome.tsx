import { useCallback, useEffect, useState } from 'react';
import { meApi } from './api';
import { useAccountT } from './i18n';
import { StoryFeed } from './StoryFeed';
import './account.css';

/**
 * The home page's "Top stories | My Caribbean" switch for a signed-in reader who follows
 * something. Loaded after the page, only for them: the public home stays the same for everyone
 * (and cacheable).
 */
export default function MyHome({ mine, onChange }: { mine: boolean; onChange: (mine: boolean) => void }) {
  const t = useAccountT();
  const [hasFollows, setHasFollows] = useState(false);
  useEffect(() => {
    meApi.follows().then(
      (r) => setHasFollows(r.follows.regions.length + r.follows.topics.length > 0),
      () => setHasFollows(false),
    );
  }, []);
  const load = useCallback((offset: number) => meApi.myCaribbean(offset), []);
  if (!hasFollows) return null;
  return (
    <>
      <div className="home-tabs" role="tablist" aria-label={t('readerAccount.homeTabs')}>
        <button type="button" role="tab" aria-selected={!mine} className={mine ? '' : 'tab-on'} onClick={() => onChange(false)}>
          {t('readerAccount.homeTop')}
        </button>
        <button type="button" role="tab" aria-selected={mine} className={mine ? 'tab-on' : ''} onClick={() => onChange(true)}>
          {t('readerAccount.homeMine')}
        </button>
      </div>
      {mine ? (
        <section className="account-page home-mine" aria-label={t('readerAccount.homeMine')}>
          <StoryFeed load={load} empty={<p>{t('readerAccount.emptyStories')}</p>} />
        </section>
      ) : null}
    </>
  );
}
