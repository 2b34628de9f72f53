import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../shared/session';
import { Spinner } from '../Spinner';
import { signInHref } from './api';

/** The reader's own pages: sign in first, then come back. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { user, ready } = useSession();
  const location = useLocation();
  if (!ready) return <Spinner />;
  if (!user) return <Navigate to={signInHref(location.pathname + location.search)} replace />;
  return <>{children}</>;
}
