import { createContext, startTransition, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { getJson, postJson } from '../data/api';
import type { SessionUser } from '../data/types';

type SessionInfo = {
  user: SessionUser | null;
  session: { expires_at: number; refresh_at: number } | null;
  refreshable?: boolean;
  console?: { allowed: boolean; message?: string };
};
type Session = {
  user: SessionUser | null;
  ready: boolean;
  consoleMessage: string | null;
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};
const SessionContext = createContext<Session>({ user: null, ready: false, consoleMessage: null, refresh: async () => {}, signOut: async () => {} });

const TICK_MS = 30_000;

/**
 * Pages are rendered the same for everyone (so the server can cache them); who is signed in is
 * asked after the page loads. The short-lived access cookie is renewed when it is within 90 s
 * (3 ticks of 30 s) of expiry, and when only the refresh cookie is left; a refresh the server
 * refuses ends the session here too.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SessionInfo>({ user: null, session: null });
  const [ready, setReady] = useState(false);
  const infoRef = useRef(info);
  infoRef.current = info;

  const load = useCallback(async () => {
    let next: SessionInfo;
    try {
      next = await getJson<SessionInfo>('/api/auth/session');
      if (!next.user && next.refreshable) {
        try {
          await postJson('/api/auth/refresh', {});
          next = await getJson<SessionInfo>('/api/auth/session');
        } catch {
          next = { user: null, session: null };
        }
      }
    } catch {
      next = { user: null, session: null };
    }
    // A transition: the answer often comes while a lazily loaded page is still hydrating, and an
    // urgent update there would throw its server HTML away for a spinner (a layout shift).
    startTransition(() => {
      setInfo(next);
      setReady(true);
    });
  }, []);

  const signOut = useCallback(async () => {
    try {
      await postJson('/api/auth/sign-out', {});
    } finally {
      setInfo({ user: null, session: null });
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => {
      const s = infoRef.current.session;
      if (s && Date.now() / 1000 >= s.refresh_at) {
        postJson('/api/auth/refresh', {}).then(load, () => setInfo({ user: null, session: null }));
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [load]);

  const consoleMessage = info.console && !info.console.allowed ? (info.console.message ?? null) : null;
  return <SessionContext.Provider value={{ user: info.user, ready, consoleMessage, refresh: load, signOut }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
