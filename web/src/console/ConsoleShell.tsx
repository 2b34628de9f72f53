import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { getJson } from '../data/api';
import { useSession } from '../shared/session';
import { ChevronLeftIcon, ChevronRightIcon, LogOutIcon } from './icons';
import { LiveEventsProvider, LiveIndicator, useLiveConnection } from './live/LiveEvents';
import { CONSOLE_ROUTES, HOME_PATH, resolveConsoleRoute, screenComponent, type ConsoleRouteEntry } from './routes';
import { Skeleton } from './ui';

const COLLAPSED_KEY = 'c360_console_sidebar_collapsed';

function initialCollapsed(): boolean {
  try {
    const saved = localStorage.getItem(COLLAPSED_KEY);
    if (saved !== null) return saved === '1';
  } catch {
    // storage may be off; fall through
  }
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;
}

/** The console's frame: collapsible sidebar with every route, header, and the current screen. */
export function ConsoleShell({ email, role }: { email: string; role: string }) {
  const location = useLocation();
  const route = resolveConsoleRoute(location.pathname);
  const [collapsed, setCollapsed] = useState(initialCollapsed);

  useEffect(() => {
    try {
      localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
    } catch {
      // not remembered; fine
    }
  }, [collapsed]);

  useEffect(() => {
    document.title = `${route?.label ?? 'Not found'} · C360 Admin Console`;
  }, [route]);

  // The Outbox is the demo's: admins see it while a mail catcher runs (the server answers 403 to others anyway).
  const [mailCatcher, setMailCatcher] = useState(false);
  useEffect(() => {
    if (role !== 'admin') return;
    let live = true;
    getJson<{ enabled: boolean }>('/api/console/outbox?limit=1').then((r) => live && setMailCatcher(r.enabled), () => undefined);
    return () => {
      live = false;
    };
  }, [role]);
  const shown = CONSOLE_ROUTES.filter((r) => r.onlyWith !== 'mail-catcher' || (role === 'admin' && mailCatcher));
  const main = shown.filter((r) => r.pinned !== 'bottom');
  const bottom = shown.filter((r) => r.pinned === 'bottom');
  return (
    <LiveEventsProvider>
    <div className={`console${collapsed ? ' console-collapsed' : ''}`}>
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <nav className="c-sidebar" aria-label="Console">
        <div className="c-brand">
          <Link to={HOME_PATH} className="c-brand-link" title="C360 Admin Home">
            <span className="c-brand-mark" aria-hidden="true">C3</span>
            <span className="c-brand-text">C360 Newsroom</span>
          </Link>
        </div>
        <ul className="c-nav">
          {main.map((r) => (
            <SidebarLink key={r.path} route={r} collapsed={collapsed} />
          ))}
        </ul>
        <ul className="c-nav c-nav-bottom">
          {bottom.map((r) => (
            <SidebarLink key={r.path} route={r} collapsed={collapsed} />
          ))}
          <li>
            <button type="button" className="c-collapse" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
              {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
              <span className="c-nav-label">Collapse</span>
            </button>
          </li>
        </ul>
      </nav>
      <div className="c-body">
        <ConsoleHeader email={email} role={role} />
        <main id="console-main" className="c-main" tabIndex={-1}>
          {route ? <Screen route={route} /> : <NotFound />}
        </main>
      </div>
    </div>
    </LiveEventsProvider>
  );
}

function SidebarLink({ route, collapsed }: { route: ConsoleRouteEntry; collapsed: boolean }) {
  const Icon = route.icon;
  return (
    <li>
      <NavLink
        to={route.path}
        end={route.path === HOME_PATH}
        className={({ isActive }) => `c-nav-link${isActive ? ' active' : ''}`}
        title={collapsed ? route.label : undefined}
        aria-label={collapsed ? route.label : undefined}
      >
        <Icon size={18} />
        <span className="c-nav-label">{route.label}</span>
      </NavLink>
    </li>
  );
}

function ConsoleHeader({ email, role }: { email: string; role: string }) {
  const { signOut } = useSession();
  const live = useLiveConnection();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const onSignOut = async () => {
    setBusy(true);
    live?.stop(); // no more events once signed out
    try {
      await signOut();
    } finally {
      navigate('/auth', { replace: true });
    }
  };
  return (
    <header className="c-header">
      <p className="c-header-title">Admin Console</p>
      <div className="c-header-right">
        <LiveIndicator />
        <span className="c-user" title={`Signed in as ${email} (${role})`}>
          <span className="c-user-email">{email}</span>
          <span className="c-user-role">{role}</span>
        </span>
        <button type="button" className="c-button c-button-ghost" onClick={onSignOut} disabled={busy}>
          <LogOutIcon size={16} />
          <span>Sign Out</span>
        </button>
      </div>
    </header>
  );
}

function Screen({ route }: { route: ConsoleRouteEntry }) {
  const Component = screenComponent(route);
  if (!Component) return <NotBuilt route={route} />;
  return (
    <Suspense fallback={<Skeleton rows={4} label={`Loading ${route.label}…`} />}>
      <Component />
    </Suspense>
  );
}

function NotBuilt({ route }: { route: ConsoleRouteEntry }) {
  return (
    <div className="c-notice">
      <h1>{route.label}</h1>
      <p>This screen is not built yet.</p>
    </div>
  );
}

function NotFound() {
  return (
    <div className="c-notice">
      <h1>No such console page</h1>
      <p>
        <Link to={HOME_PATH}>Go to Admin Home</Link>
      </p>
    </div>
  );
}
