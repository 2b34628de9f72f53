import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError, Spinner } from '../Spinner';
import { meApi, type Follows } from './api';
import { FollowPicker } from './FollowPicker';
import { islandName, useAccountT } from './i18n';
import { RequireSignIn } from './RequireSignIn';
import { StoryFeed } from './StoryFeed';
import './account.css';

/** /my-caribbean: the stories about what the reader follows, and where they choose what to follow. */
export default function MyCaribbeanPage() {
  return (
    <RequireSignIn>
      <MyCaribbean />
    </RequireSignIn>
  );
}

function MyCaribbean() {
  const t = useAccountT();
  const [state, setState] = useState<{ follows: Follows; options: Follows } | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    meApi.follows().then(setState, () => setFailed(true));
  }, []);
  const load = useCallback((offset: number) => meApi.myCaribbean(offset), [version]); // eslint-disable-line react-hooks/exhaustive-deps

  if (failed) return <LoadError onRetry={() => window.location.reload()} />;
  if (!state) return <Spinner />;
  const none = state.follows.regions.length === 0 && state.follows.topics.length === 0;
  const names = [...state.follows.regions.map((r) => islandName(t, r)), ...state.follows.topics.map((s) => t(`nav.${s}`))];

  return (
    <div className="account-page">
      <h1>{t('readerAccount.myCaribbean')}</h1>
      <p className="subtitle">{t('readerAccount.myCaribbeanIntro')}</p>
      {none ? (
        <p className="account-hint">{t('readerAccount.emptyFollows')}</p>
      ) : (
        <p className="follow-summary">
          {names.map((name) => (
            <span key={name} className="chip chip-on">
              {name}
            </span>
          ))}
          <button type="button" className="link-button" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
            {t('readerAccount.chooseFollows')}
          </button>
        </p>
      )}
      {none || editing ? (
        <FollowPicker
          follows={state.follows}
          options={state.options}
          onSaved={(follows) => {
            setState({ ...state, follows });
            setEditing(false);
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
      {none ? null : (
        <StoryFeed
          load={load}
          empty={
            <p>
              {t('readerAccount.emptyStories')} <Link to="/">{t('readerAccount.homeTop')}</Link>
            </p>
          }
        />
      )}
    </div>
  );
}
