import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { HomePage } from './reader/home/HomePage';
import { SiteFooter } from './reader/layout/SiteFooter';
import { SiteHeader } from './reader/layout/SiteHeader';
import { NotFoundPage } from './reader/NotFoundPage';
import { SectionPage } from './reader/section/SectionPage';
import { Spinner } from './reader/Spinner';
import { useAppLinks } from './shared/app-link';
import { HydrateLater } from './shared/hydrate-later';
import { lazyPage, type LazyPage } from './shared/lazy-page';

// Code-split: readers never download the console, and every page but the home and section pages
// loads on demand (the server renders them whole, so a reader arriving on an article sees it at once).
const ArticlePage = lazyPage(() => import('./reader/article/ArticlePage').then((m) => m.ArticlePage));
const StormCentrePage = lazyPage(() => import('./reader/storm/StormCentrePage').then((m) => m.default));
const AuthPage = lazyPage(() => import('./reader/auth/AuthPage').then((m) => m.default));
const AboutPage = lazyPage(() => import('./reader/AboutPage').then((m) => m.default));
const ConsoleApp = lazyPage(() => import('./console/ConsoleApp').then((m) => m.default));
const MyCaribbeanPage = lazyPage(() => import('./reader/account/MyCaribbeanPage').then((m) => m.default));
const SavedPage = lazyPage(() => import('./reader/account/SavedPage').then((m) => m.default));
const AccountPage = lazyPage(() => import('./reader/account/AccountPage').then((m) => m.default));

// The console's addresses, and the reader's pages that load on demand: the routes below and
// preloadPage read the same tables.
const CONSOLE_PATHS = ['/dashboard/*', '/admin/*', '/analytics'];
const READER_PAGES: [string, LazyPage<object>][] = [
  ['/article', ArticlePage],
  ['/article/:id', ArticlePage],
  ['/storm-centre', StormCentrePage],
  ['/auth', AuthPage],
  ['/about', AboutPage],
  ['/my-caribbean', MyCaribbeanPage],
  ['/saved', SavedPage],
  ['/account', AccountPage],
];

/** Loads the code of the page at this path, if it is loaded on demand (before hydrating or rendering it). */
export async function preloadPage(pathname: string): Promise<void> {
  const page = CONSOLE_PATHS.some((pattern) => matchPath(pattern, pathname)) ? ConsoleApp : READER_PAGES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  await page?.preload();
}

export function App() {
  useAppLinks();
  return (
    <Routes>
      {CONSOLE_PATHS.map((path) => (
        <Route key={path} path={path} element={<Lazy page={ConsoleApp} />} />
      ))}
      <Route path="*" element={<ReaderSite />} />
    </Routes>
  );
}

function Lazy({ page: Page }: { page: LazyPage<object> }) {
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

function ReaderSite() {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/section/:section" element={<SectionPage />} />
          {READER_PAGES.map(([path, page]) => (
            <Route key={path} path={path} element={<Lazy page={page} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      {/* Below every page: hydrated after the rest, at low priority (see HydrateLater). */}
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </div>
  );
}
