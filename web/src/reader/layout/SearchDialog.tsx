import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../data/api';
import type { StormSearchHit, StoryCard } from '../../data/types';
import { useI18n } from '../../i18n/i18n';

/** Full-text search over published stories (the server searches in SQL); results as you type. */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const { t, fmt } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ q: string; items: StoryCard[]; hasMore: boolean; storms: StormSearchHit[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    const query = q.trim();
    if (query.length < 2) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .search(query, 0, controller.signal)
        .then((page) => {
          setError(null);
          setResults({ q: query, items: page.items, hasMore: page.hasMore, storms: page.storms ?? [] });
        })
        .catch((e: Error) => e.name !== 'AbortError' && setError(e.message));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  const more = async () => {
    if (!results) return;
    const page = await api.search(results.q, results.items.length);
    setResults({ ...results, items: [...results.items, ...page.items], hasMore: page.hasMore });
  };

  return (
    <dialog ref={dialog} className="search-dialog" aria-label={t('search.label')} onClose={onClose} onCancel={onClose}>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="search-input" className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id="search-input"
          type="search"
          autoFocus
          value={q}
          placeholder={t('search.placeholder')}
          onChange={(e) => setQ(e.target.value)}
          maxLength={200}
        />
        <button type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
          {t('search.close')}
        </button>
      </form>
      {error ? <p role="alert">{t('common.error')}</p> : null}
      {q.trim().length > 0 && q.trim().length < 2 ? <p className="muted">{t('search.hint')}</p> : null}
      {results ? (
        <div aria-live="polite">
          <StormCentreHits storms={results.storms} onOpen={() => dialog.current?.close()} />
          <SearchCount count={results.items.length} hasMore={results.hasMore} q={results.q} />
          <ul className="search-results">
            {results.items.map((s) => (
              <li key={s.id}>
                <span lang={s.language ?? 'en'}>
                  {s.path ? (
                    <Link to={s.path} onClick={() => dialog.current?.close()}>
                      {s.title}
                    </Link>
                  ) : (
                    s.title
                  )}
                </span>
                <span className="muted">
                  {' '}
                  · {s.region} · {fmt.shortDate(s.published_at)}
                </span>
              </li>
            ))}
          </ul>
          {results.hasMore ? (
            <button type="button" className="button-secondary" onClick={() => void more()}>
              {t('search.more')}
            </button>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** The Storm Centre, first, when the words name a threatening storm, its type or a country under its watch. */
export function StormCentreHits({ storms, onOpen }: { storms: readonly StormSearchHit[]; onOpen?: () => void }) {
  const { t } = useI18n();
  if (storms.length === 0) return null;
  return (
    <ul className="search-results search-storms">
      {storms.map((s) => (
        <li key={s.id}>
          <Link to={s.path} onClick={onOpen}>
            {t('search.stormCentre', { name: s.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "No stories match", "1 result", "7 results", or "20+ results" while more can be loaded. */
export function SearchCount({ count, hasMore, q }: { count: number; hasMore: boolean; q: string }) {
  const { t, tn } = useI18n();
  const text = count === 0 ? t('search.none', { q }) : hasMore ? t('search.resultsMany', { n: count, q }) : tn('search.results', count, { q });
  return <p className="search-count muted">{text}</p>;
}
