import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../shared/session';
import { ChevronLeftIcon, ChevronRightIcon, LogOutIcon } from './icons';
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
  return typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;
}

/** The console's frame: collapsible sidebar with every route, header, and the current screen. */
export function ConsoleShell({ email, role }: { email: string; role: string }) {
  const location = useLocation();
  const route = resolveConsoleRoute(location.pathname);
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const { t } = useConsoleI18n();

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

  const main = CONSOLE_ROUTES.filter((r) => r.pinned !== 'bottom');
  const bottom = CONSOLE_ROUTES.filter((r) => r.pinned === 'bottom');
  return (
    <LiveEventsProvider>
    <div className={`console${collapsed ? ' console-collapsed' : ''}`}>
      <a className="skip-link" href="#console-main">
        {t('console.shell.skip')}
      </a>
      <nav className="c-sidebar" aria-label={t('console.shell.console')}>
        <div className="c-brand">
          <Link to={HOME_PATH} className="c-brand-link" title={t('console.shell.homeTitle')}>
            <span className="c-brand-mark" aria-hidden="true">C3</span>
            <span className="c-brand-text">{t('console.shell.brand')}</span>
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
            <button type="button" className="c-collapse" onClick={() => setCollapsed((c) => !c)} aria-expanded={!collapsed} aria-label={collapsed ? t('console.shell.expand') : t('console.shell.collapseSidebar')}>
              {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
              <span className="c-nav-label">{t('console.shell.collapse')}</span>
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

function ConsoleHeader({ email, role }: { email: string; role: string }) {
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
      <p className="c-header-title">{t('console.shell.title')}</p>
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
