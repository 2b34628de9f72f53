import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { HomePage } from './reader/home/HomePage';
import { SiteFooter } from './reader/layout/SiteFooter';
import { SiteHeader } from './reader/layout/SiteHeader';
import { NotFoundPage } from './reader/NotFoundPage';
import { SectionPage } from './reader/section/SectionPage';
import { Spinner } from './reader/Spinner';

// Code-split: readers never download the console, and every page but the home page loads on
// demand (the server renders them whole, so a reader arriving on an article sees it at once).
const ArticlePage = lazy(() => import('./reader/article/ArticlePage').then((m) => ({ default: m.ArticlePage })));
const StormCentrePage = lazy(() => import('./reader/storm/StormCentrePage'));
const AuthPage = lazy(() => import('./reader/auth/AuthPage'));
const AboutPage = lazy(() => import('./reader/AboutPage'));
const ConsoleApp = lazy(() => import('./console/ConsoleApp'));
const MyCaribbeanPage = lazy(() => import('./reader/account/MyCaribbeanPage'));
const SavedPage = lazy(() => import('./reader/account/SavedPage'));
const AccountPage = lazy(() => import('./reader/account/AccountPage'));

export function App() {
  return (
    <Routes>
      <Route path="/dashboard/*" element={<Lazy><ConsoleApp /></Lazy>} />
      <Route path="/admin/*" element={<Lazy><ConsoleApp /></Lazy>} />
      <Route path="/analytics" element={<Lazy><ConsoleApp /></Lazy>} />
      <Route path="*" element={<ReaderSite />} />
    </Routes>
  );
}

function Lazy({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Spinner />}>{children}</Suspense>;
}

function ReaderSite() {
  return (
    <div className="site">
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/section/:section" element={<SectionPage />} />
          <Route path="/article" element={<Lazy><ArticlePage /></Lazy>} />
          <Route path="/article/:id" element={<Lazy><ArticlePage /></Lazy>} />
          <Route path="/storm-centre" element={<Lazy><StormCentrePage /></Lazy>} />
          <Route path="/auth" element={<Lazy><AuthPage /></Lazy>} />
          <Route path="/about" element={<Lazy><AboutPage /></Lazy>} />
          <Route path="/my-caribbean" element={<Lazy><MyCaribbeanPage /></Lazy>} />
          <Route path="/saved" element={<Lazy><SavedPage /></Lazy>} />
          <Route path="/account" element={<Lazy><AccountPage /></Lazy>} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </main>
      <SiteFooter />
    </div>
  );
}
