import { useCallback } from 'react';
import { shortDate } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { meApi } from './api';
import { useAccountT } from './i18n';
import { RequireSignIn } from './RequireSignIn';
import { FeedCard, StoryFeed } from './StoryFeed';
import './account.css';

/** /saved: the stories a reader saved, most recently saved first, each with Remove. */
export default function SavedPage() {
  return (
    <RequireSignIn>
      <Saved />
    </RequireSignIn>
  );
}

function Saved() {
  const t = useAccountT();
  const toast = useToast();
  const load = useCallback((offset: number) => meApi.saved(offset), []);
  return (
    <div className="account-page">
      <h1>{t('readerAccount.saved')}</h1>
      <p className="subtitle">{t('readerAccount.savedIntro')}</p>
      <StoryFeed
        load={load}
        empty={<p>{t('readerAccount.savedEmpty')}</p>}
        render={(story, remove) => (
          <FeedCard story={story} meta={t('readerAccount.savedOn', { date: shortDate(story.saved_at) })}>
            <button
              type="button"
              className="button-secondary"
              onClick={async () => {
                try {
                  await meApi.unsave(story.id);
                  remove();
                  toast.show({ title: t('readerAccount.removed'), tone: 'success' });
                } catch {
                  toast.show({ title: t('readerAccount.error'), tone: 'error' });
                }
              }}
            >
              {t('readerAccount.remove')}
            </button>
          </FeedCard>
        )}
      />
    </div>
  );
}
