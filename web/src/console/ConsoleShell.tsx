import { Suspense, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { getJson } from '../data/api';
import { useSession } from '../shared/session';
import { ChevronLeftIcon, ChevronRightIcon, LogOutIcon, MenuIcon } from './icons';
import { LiveEventsProvider, LiveIndicator, useLiveConnection } from './live/LiveEvents';
import { CONSOLE_ROUTES, HOME_PATH, resolveConsoleRoute, screenComponent, type ConsoleRouteEntry } from './routes';
import { navKey, useConsoleI18n } from './console-i18n';
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
  const { t } = useConsoleI18n();

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
  // The menu opens on a click or a key: React runs this before the next event, so focus has moved and the keys are trapped for it.
  useEffect(() => {
    if (!menuOpen) return;
    sidebar.current?.querySelector<HTMLElement>('a, button')?.focus();
    // The open menu is modal over the screen: Tab and Shift+Tab cycle through its links and buttons, Escape closes it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return closeMenu(true);
      if (event.key !== 'Tab' || !sidebar.current) return;
      const items = [...sidebar.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.getClientRects().length > 0);
      if (items.length === 0) return;
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? (event.shiftKey ? items.length - 1 : 0) : (at + (event.shiftKey ? -1 : 1) + items.length) % items.length;
      event.preventDefault();
      items[next]!.focus();
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
    document.title = t('console.shell.documentTitle', { page: route ? t(`console.nav.${navKey(route.path)}`) : t('console.shell.notFoundTitle') });
  }, [route, t]);

  // The Outbox is the demo's: admins see it while a mail catcher runs (the server answers 403 to others anyway).
  const [mailCatcher, setMailCatcher] = useState(false);
  useEffect(() => {
    if (role !== 'admin') return;
    let live = true;
    getJson<{ enabled: boolean }>('/api/console/outbox?limit=1').then(
      (r) => live && setMailCatcher(r.enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [role]);
  const shown = CONSOLE_ROUTES.filter((r) => r.onlyWith !== 'mail-catcher' || (role === 'admin' && mailCatcher));
  const main = shown.filter((r) => r.pinned !== 'bottom');
  const bottom = shown.filter((r) => r.pinned === 'bottom');
  return (
    <LiveEventsProvider>
      <div className={`console${narrow ? ' console-narrow' : collapsed ? ' console-collapsed' : ''}${menuOpen ? ' console-menu-open' : ''}`}>
        <a className="skip-link" href="#console-main">
          {t('console.shell.skip')}
        </a>
        <nav
          id="console-sidebar"
          ref={sidebar}
          className="c-sidebar"
          aria-label={t('console.shell.console')}
          hidden={narrow && !menuOpen ? true : undefined}
          onClick={(event) => {
            // A link chosen from the menu (the current screen's too) closes it; focus goes to the content.
            if (!menuOpen || !(event.target as HTMLElement).closest('a')) return;
            setMenuOpen(false);
            requestAnimationFrame(() => document.getElementById('console-main')?.focus());
          }}
        >
          <div className="c-brand">
            <Link to={HOME_PATH} className="c-brand-link" title={t('console.shell.homeTitle')}>
              <span className="c-brand-mark" aria-hidden="true">
                C3
              </span>
              <span className="c-brand-text">{t('console.shell.brand')}</span>
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
              <button
                type="button"
                className="c-collapse"
                onClick={() => setCollapsed((c) => !c)}
                aria-expanded={!collapsed}
                aria-label={collapsed ? t('console.shell.expand') : t('console.shell.collapseSidebar')}
              >
                {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
                <span className="c-nav-label">{t('console.shell.collapse')}</span>
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
  const { t } = useConsoleI18n();
  const label = t(`console.nav.${navKey(route.path)}`);
  return (
    <li>
      <NavLink
        to={route.path}
        end={route.path === HOME_PATH}
        className={({ isActive }) => `c-nav-link${isActive ? ' active' : ''}`}
        title={collapsed ? label : undefined}
        aria-label={collapsed ? label : undefined}
      >
        <Icon size={18} />
        <span className="c-nav-label">{label}</span>
      </NavLink>
    </li>
  );
}

function ConsoleHeader({ email, role, menu }: { email: string; role: string; menu: ReactNode }) {
  const { signOut } = useSession();
  const live = useLiveConnection();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const { t } = useConsoleI18n();
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
        <p className="c-header-title">{t('console.shell.title')}</p>
      </div>
      <div className="c-header-right">
        <LiveIndicator />
        <span className="c-user" title={t('console.shell.signedInAs', { email, role })}>
          <span className="c-user-email">{email}</span>
          <span className="c-user-role">{role}</span>
        </span>
        <button type="button" className="c-button c-button-ghost" onClick={onSignOut} disabled={busy}>
          <LogOutIcon size={16} />
          <span>{t('console.shell.signOut')}</span>
        </button>
      </div>
    </header>
  );
}

function Screen({ route }: { route: ConsoleRouteEntry }) {
  const Component = screenComponent(route);
  const { t } = useConsoleI18n();
  if (!Component) return <NotBuilt route={route} />;
  return (
    <Suspense fallback={<Skeleton rows={4} label={t('console.shell.loadingScreen', { screen: t(`console.nav.${navKey(route.path)}`) })} />}>
      <Component />
    </Suspense>
  );
}

function NotBuilt({ route }: { route: ConsoleRouteEntry }) {
  const { t } = useConsoleI18n();
  return (
    <div className="c-notice">
      <h1>{t(`console.nav.${navKey(route.path)}`)}</h1>
      <p>{t('console.shell.notBuilt')}</p>
    </div>
  );
}

function NotFound() {
  const { t } = useConsoleI18n();
  return (
    <div className="c-notice">
      <h1>{t('console.shell.noSuchPage')}</h1>
      <p>
        <Link to={HOME_PATH}>{t('console.shell.goHome')}</Link>
      </p>
    </div>
  );
}
