import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * Data for the first render comes from the server (rendered into the page), so the page shows
 * content at once and crawlers see it; later navigations fetch from the API.
 */
export type InitialData = { key: string; data: unknown; error?: { status: number; message: string } } | null;

type Store = { take: (key: string) => InitialData; used: (key: string) => void };
const InitialDataContext = createContext<Store>({ take: () => null, used: () => {} });

/**
 * The server's data is read by the server render and by the hydrating render, then dropped once
 * the page that read it is on screen, so a later visit to the same page loads afresh. Not before:
 * a lazily loaded page (the article, the Storm Centre) hydrates after the shell, when its code
 * arrives, and must still find its data then or it would render a spinner over the server's HTML.
 */
export function InitialDataProvider({ value, children }: { value: InitialData; children: ReactNode }) {
  const ref = useRef(value);
  const store = useMemo<Store>(
    () => ({
      take: (key) => (ref.current && ref.current.key === key ? ref.current : null),
      used: (key) => {
        if (ref.current?.key === key) ref.current = null;
      },
    }),
    [],
  );
  return <InitialDataContext.Provider value={store}>{children}</InitialDataContext.Provider>;
}

export type RouteData<T> = { data: T | undefined; error: { status: number; message: string } | undefined; loading: boolean; reload: () => void };

export function useRouteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>): RouteData<T> {
  const store = useContext(InitialDataContext);
  const initial = store.take(key);
  const [state, setState] = useState<{ key: string; data?: T; error?: { status: number; message: string } }>(() =>
    initial ? { key, data: initial.data as T | undefined, error: initial.error } : { key },
  );
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fresh = state.key === key && (state.data !== undefined || state.error !== undefined);
  // The server's data this render began with (hydration): the page shows exactly it first.
  const fromServer = useRef(initial !== null);

  useEffect(() => {
    store.used(key);
    if (fresh && attempt === 0) {
      if (!fromServer.current) return;
      return revalidateWhenIdle(
        (signal) => {
          fromServer.current = false;
          return loadRef.current(signal);
        },
        state.data,
        (data) => setState({ key, data }),
      );
    }
    const controller = new AbortController();
    setState({ key });
    loadRef
      .current(controller.signal)
      .then((data) => setState({ key, data }))
      .catch((error: { status?: number; message?: string; name?: string }) => {
        if (error.name === 'AbortError') return;
        console.error('Failed to load', key, error);
        setState({ key, error: { status: error.status ?? 0, message: error.message ?? 'Network error' } });
      });
    return () => controller.abort();
    // `fresh` is deliberately left out: it changes as a result of this effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = state.key === key ? state : { key };
  return { data: current.data, error: current.error, loading: current.data === undefined && current.error === undefined, reload };
}

/**
 * The server's data may have changed since it rendered the page (a page kept by a cache, a tab
 * restored, a story edited while the page loaded): once the page is idle after hydrating, its data
 * is asked for again, and only if it differs is the page rendered anew, as a transition (any part
 * still hydrating finishes on the server's data first; no spinner, no hydration error). A failure
 * leaves the server's content as it is.
 */
function revalidateWhenIdle<T>(
  load: (signal: AbortSignal) => Promise<T>,
  shown: T | undefined,
  show: (data: T) => void,
): () => void {
  const controller = new AbortController();
  const run = () =>
    void load(controller.signal).then(
      (data) => {
        if (JSON.stringify(data) !== JSON.stringify(shown)) startTransition(() => show(data));
      },
      () => undefined,
    );
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => {
      cancelIdleCallback(id);
      controller.abort();
    };
  }
  const timer = setTimeout(run, 1000);
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}
