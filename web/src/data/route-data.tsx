import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Data for the first render comes from the server (rendered into the page), so the page shows
 * content at once and crawlers see it; later navigations fetch from the API.
 */
export type InitialData = { key: string; data: unknown; error?: { status: number; message: string } } | null;

type Store = { take: (key: string) => InitialData };
const InitialDataContext = createContext<Store>({ take: () => null });

export function InitialDataProvider({ value, children }: { value: InitialData; children: ReactNode }) {
  const ref = useRef(value);
  const store: Store = {
    take: (key) => {
      const current = ref.current;
      // Server and first client render both read it; it is dropped after hydration (see below).
      return current && current.key === key ? current : null;
    },
  };
  useEffect(() => {
    ref.current = null;
  }, []);
  return <InitialDataContext.Provider value={store}>{children}</InitialDataContext.Provider>;
}

export type RouteData<T> = { data: T | undefined; error: { status: number; message: string } | undefined; loading: boolean; reload: () => void };

export function useRouteData<T>(key: string, load: (signal: AbortSignal) => Promise<T>): RouteData<T> {
  const initial = useContext(InitialDataContext).take(key);
  const [state, setState] = useState<{ key: string; data?: T; error?: { status: number; message: string } }>(() =>
    initial ? { key, data: initial.data as T | undefined, error: initial.error } : { key },
  );
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const fresh = state.key === key && (state.data !== undefined || state.error !== undefined);

  useEffect(() => {
    if (fresh && attempt === 0) return;
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
