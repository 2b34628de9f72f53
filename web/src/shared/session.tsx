import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../data/api';
import type { SessionUser } from '../data/types';

type Session = { user: SessionUser | null; ready: boolean; refresh: () => Promise<void>; signOut: () => Promise<void> };
const SessionContext = createContext<Session>({ user: null, ready: false, refresh: async () => {}, signOut: async () => {} });

/**
 * Pages are rendered the same for everyone (so the server can cache them); who is signed in is
 * asked after the page loads.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [ready, setReady] = useState(false);
  const refresh = useCallback(async () => {
    try {
      setUser((await api.session()).user);
    } catch {
      setUser(null);
    } finally {
      setReady(true);
    }
  }, []);
  const signOut = useCallback(async () => {
    try {
      await api.signOut();
    } finally {
      setUser(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <SessionContext.Provider value={{ user, ready, refresh, signOut }}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
