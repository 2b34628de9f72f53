import { Suspense, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/i18n';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../shared/session';
import { ChevronLeftIcon, ChevronRightIcon, LogOutIcon, MenuIcon } from './icons';
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
  return false;
}

/** Below this width the sidebar leaves the page and opens from a menu button over the content. */
export const NARROW_QUERY = '(max-width: 1023px)';

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(NARROW_QUERY).matches === true);
  useEffect(() => {
    const media = window.matchMedia?.(NARROW_QUERY);
    if (!media) return;
    const update = () => setNarrow(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** The console's frame: collapsible sidebar with every route, header, and the current screen. */
export function ConsoleShell({ email, role }: { email: string; role: string }) {
  const location = useLocation();
  const route = resolveConsoleRoute(location.pathname);
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const narrow = useNarrow();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const t = useT();

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  }, []);

  const openRef = useRef(menuOpen);
  openRef.current = menuOpen;
  // Navigating closes the menu; focus goes to the new screen's content (the link it was on is hidden).
  useEffect(() => {
    if (!openRef.current) return;
    setMenuOpen(false);
    document.getElementById('console-main')?.focus();
  }, [location.pathname]);
  useEffect(() => {
    if (!narrow) setMenuOpen(false);
  }, [narrow]);
  useEffect(() => {
    if (!menuOpen) return;
    sidebar.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, closeMenu]);

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

  const main = CONSOLE_ROUTES.filter((r) => r.pinned !== 'bottom');
  const bottom = CONSOLE_ROUTES.filter((r) => r.pinned === 'bottom');
  return (
    <LiveEventsProvider>
    <div className={`console${narrow ? ' console-narrow' : collapsed ? ' console-collapsed' : ''}${menuOpen ? ' console-menu-open' : ''}`}>
      <a className="skip-link" href="#console-main">
        Skip to content
      </a>
      <nav
        id="console-sidebar"
        ref={sidebar}
        className="c-sidebar"
        aria-label="Console"
        hidden={narrow && !menuOpen ? true : undefined}
        onClick={(event) => {
          // A link chosen from the menu (the current screen's too) closes it; focus goes to the content.
          if (!menuOpen || !(event.target as HTMLElement).closest('a')) return;
          setMenuOpen(false);
          requestAnimationFrame(() => document.getElementById('console-main')?.focus());
        }}
      >
        <div className="c-brand">
          <Link to={HOME_PATH} className="c-brand-link" title="C360 Admin Home">
            <span className="c-brand-mark" aria-hidden="true">C3</span>
            <span className="c-brand-text">C360 Newsroom</span>
          </Link>
        </div>
        <ul className="c-nav">
          {main.map((r) => (
            <SidebarLink key={r.path} route={r} collapsed={collapsed && !narrow} />
          ))}
        </ul>
        <ul className="c-nav c-nav-bottom">
          {bottom.map((r) => (
            <SidebarLink key={r.path} route={r} collapsed={collapsed && !narrow} />
          ))}
          <li className="c-collapse-item">
            <button type="button" className="c-collapse" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
              {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
              <span className="c-nav-label">Collapse</span>
            </button>
          </li>
        </ul>
      </nav>
      {menuOpen ? <div className="c-scrim" aria-hidden="true" onClick={() => closeMenu(true)} /> : null}
      <div className="c-body">
        <ConsoleHeader
          email={email}
          role={role}
          menu={
            narrow ? (
              <button
                ref={menuButton}
                type="button"
                className="c-menu-button"
                aria-expanded={menuOpen}
                aria-controls="console-sidebar"
                aria-label={menuOpen ? t('responsive.closeMenu') : t('responsive.openMenu')}
                onClick={() => (menuOpen ? closeMenu(false) : setMenuOpen(true))}
              >
                <MenuIcon size={20} />
                <span className="c-menu-label">{t('responsive.menu')}</span>
              </button>
            ) : null
          }
        />
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

function ConsoleHeader({ email, role, menu }: { email: string; role: string; menu: ReactNode }) {
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
      <div className="c-header-left">
        {menu}
        <p className="c-header-title">Admin Console</p>
      </div>
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
