import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import {
  BellIcon,
  ChartIcon,
  CpuIcon,
  DocumentIcon,
  EditIcon,
  FeedIcon,
  FlaskIcon,
  GlobeIcon,
  HomeIcon,
  LayersIcon,
  MailIcon,
  MessageIcon,
  PulseIcon,
  RadioIcon,
  SettingsIcon,
  StarIcon,
  SyncIcon,
  UsersIcon,
  ZapIcon,
} from './icons';

/**
 * THE CONSOLE'S ROUTE TABLE: one entry per sidebar link (console spec, section 2), in sidebar order.
 *
 * To add a screen, point its entry's `screen` at a lazily loaded module whose default export is
 * the screen component, e.g.
 *     screen: () => import('./screens/NewsletterBuilder'),
 * Each screen becomes its own chunk inside the console (the reader bundle never sees any of it).
 * A screen renders inside the shell's <main>: start it with <PageHeader title=… /> from ./ui.
 * `screen: null` renders a plain "not built yet" notice.
 */
export type ScreenModule = { default: ComponentType };
export type ConsoleRouteEntry = {
  /** Absolute path under /dashboard, as in the spec's sidebar table. */
  path: string;
  label: string;
  icon: ComponentType<{ size?: number; title?: string }>;
  screen: (() => Promise<ScreenModule>) | null;
  /** Settings sits at the bottom of the sidebar. */
  pinned?: 'bottom';
  /** Shown in the sidebar only to admins, and only while a mail catcher runs (`c360 demo`); the server checks the role too. */
  onlyWith?: 'mail-catcher';
};

export const CONSOLE_ROUTES: readonly ConsoleRouteEntry[] = [
  { path: '/dashboard', label: 'Admin Home', icon: HomeIcon, screen: () => import('./home/DashboardHome') },
  { path: '/dashboard/articles', label: 'Article Feed', icon: FeedIcon, screen: () => import('./articles/ArticleFeed') },
  { path: '/dashboard/sanity-editor', label: 'Sanity Editor', icon: DocumentIcon, screen: () => import('./sanity/SanityEditor') },
  { path: '/dashboard/editor', label: 'Editorial Workflow', icon: EditIcon, screen: () => import('./workflow/EditorialWorkflow') },
  { path: '/dashboard/pipeline', label: 'AI Pipeline', icon: CpuIcon, screen: () => import('./pipeline/AiPipeline') },
  { path: '/dashboard/pipeline-test', label: 'Pipeline Testing', icon: FlaskIcon, screen: () => import('./pipeline/PipelineTesting') },
  { path: '/dashboard/publishing', label: 'Live Publishing', icon: RadioIcon, screen: () => import('./pipeline/LivePublishing') },
  { path: '/dashboard/content-curation', label: 'Content Curation', icon: StarIcon, screen: () => import('./curation/ContentCuration') },
  { path: '/dashboard/sync', label: 'Content Sync', icon: SyncIcon, screen: () => import('./sync/ContentSync') },
  { path: '/dashboard/signals', label: 'Signal Scanner', icon: PulseIcon, screen: () => import('./pipeline/SignalScanner') },
  { path: '/dashboard/enhanced-signals', label: 'Enhanced Signals', icon: ZapIcon, screen: () => import('./pipeline/EnhancedSignals') },
  { path: '/dashboard/intelligence', label: 'Regional Intelligence', icon: GlobeIcon, screen: () => import('./pipeline/RegionalIntelligence') },
  { path: '/dashboard/five-box-reader', label: 'Five-Box Reader', icon: LayersIcon, screen: () => import('./reader/FiveBoxReader') },
  { path: '/dashboard/newsletter', label: 'Newsletter Builder', icon: MailIcon, screen: () => import('./newsletter/NewsletterBuilder') },
  { path: '/dashboard/alerts', label: 'Alert Manager', icon: BellIcon, screen: () => import('./alerts/AlertManager') },
  { path: '/dashboard/analytics', label: 'Analytics', icon: ChartIcon, screen: () => import('./analytics/Analytics') },
  { path: '/dashboard/reader-analytics', label: 'Reader Analytics', icon: UsersIcon, screen: () => import('./analytics/ReaderAnalytics') },
  { path: '/dashboard/outbox', label: 'Outbox', icon: MessageIcon, screen: () => import('./outbox/Outbox'), onlyWith: 'mail-catcher' },
  { path: '/dashboard/settings', label: 'Settings', icon: SettingsIcon, screen: () => import('./settings/Settings'), pinned: 'bottom' },
];

export const HOME_PATH = '/dashboard';

/**
 * The console entry a browser path shows. /admin and /dashboard show the same console
 * (/admin/x is /dashboard/x); /analytics is the Analytics screen. A screen also owns the paths
 * below its own (/dashboard/editor/… belongs to Editorial Workflow). Null: no such screen.
 */
export function resolveConsoleRoute(pathname: string, routes: readonly ConsoleRouteEntry[] = CONSOLE_ROUTES): ConsoleRouteEntry | null {
  let path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) path = HOME_PATH + path.slice('/admin'.length);
  if (path === '/analytics') path = '/dashboard/analytics';
  if (path === HOME_PATH) return routes.find((r) => r.path === HOME_PATH) ?? null;
  let best: ConsoleRouteEntry | null = null;
  for (const route of routes) {
    if (route.path === HOME_PATH) continue;
    if ((path === route.path || path.startsWith(`${route.path}/`)) && (!best || route.path.length > best.path.length)) best = route;
  }
  return best;
}

const components = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazily loaded component of an entry (one per entry, so React keeps its state across renders). */
export function screenComponent(route: ConsoleRouteEntry): LazyExoticComponent<ComponentType> | null {
  if (!route.screen) return null;
  let component = components.get(route.path);
  if (!component) {
    component = lazy(route.screen);
    components.set(route.path, component);
  }
  return component;
}
