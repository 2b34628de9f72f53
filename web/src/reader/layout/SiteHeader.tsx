import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useI18n } from '../../i18n/i18n';
import { LANGUAGES } from '../../i18n/i18n';
import { useSiteConfig } from '../../data/site-config';
import { useSession } from '../../shared/session';
import { useDismiss } from '../../shared/use-dismiss';
import { CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../../shared/icons';
import { SearchDialog } from './SearchDialog';

// Loaded only once someone is signed in: anonymous readers never download it.
const AccountMenu = lazy(() => import('../account/AccountMenu'));

export const SECTIONS = ['latest', 'business', 'politics', 'weather', 'sports', 'culture', 'technology'] as const;

export function SiteHeader() {
  const { t, language, cycle } = useI18n();
  const { user } = useSession();
  const { newsletter } = useSiteConfig();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const accountRef = useRef<HTMLDivElement>(null);
  const next = LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length]!;

  useDismiss(accountRef, accountOpen, () => setAccountOpen(false));

  const goNewsletter = () => {
    setMenuOpen(false);
    document.getElementById('newsletter')?.scrollIntoView({ behavior: 'smooth' });
    document.getElementById('newsletter-email')?.focus({ preventScroll: true });
  };

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <div className="header-bar">
        <button type="button" className="icon-button mobile-only" aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? <CloseIcon title={t('nav.closeMenu')} /> : <MenuIcon title={t('nav.menu')} />}
        </button>
        <Link to="/" className="logo" aria-label={t('brand.home')}>
          <span className="logo-mark">C360</span>
          <span className="logo-tagline">{t('brand.tagline')}</span>
        </Link>
        <div className="header-actions">
          {newsletter ? (
            <button type="button" className="newsletter-button desktop-only" onClick={goNewsletter}>
              {t('nav.newsletters')}
            </button>
          ) : null}
          <button type="button" className="icon-button" onClick={() => setSearchOpen(true)} aria-label={t('search.open')}>
            <SearchIcon />
          </button>
          <button
            type="button"
            className="language-button"
            onClick={() => void cycle()}
            aria-label={t('language.label', { name: t(`language.${language}`), next: t(`language.${next}`) })}
          >
            {language}
          </button>
          {user ? (
            <Suspense
              fallback={
                <span className="icon-button">
                  <UserIcon />
                </span>
              }
            >
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <div className="account" ref={accountRef}>
              <button
                type="button"
                className="icon-button"
                aria-haspopup="menu"
                aria-expanded={accountOpen}
                aria-label={t('account.menu')}
                onClick={() => setAccountOpen((o) => !o)}
              >
                <UserIcon />
              </button>
              {accountOpen ? (
                <div className="account-menu" role="menu">
                  <Link
                    role="menuitem"
                    to={`/auth?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                    onClick={() => setAccountOpen(false)}
                  >
                    {t('account.signIn')}
                  </Link>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
      <nav className="section-nav desktop-only" aria-label={t('nav.sections')}>
        <ul>
          {SECTIONS.map((s) => (
            <li key={s}>
              <NavLink to={`/section/${s}`}>{t(`nav.${s}`)}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/storm-centre">{t('nav.stormCentre')}</NavLink>
          </li>
        </ul>
      </nav>
      {menuOpen ? (
        <nav id="mobile-menu" className="mobile-menu" aria-label={t('nav.menu')}>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s}>
                <Link to={`/section/${s}`} onClick={() => setMenuOpen(false)}>
                  {t(`nav.${s}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/storm-centre" onClick={() => setMenuOpen(false)}>
                {t('nav.stormCentre')}
              </Link>
            </li>
            {newsletter ? (
              <li>
                <button type="button" onClick={goNewsletter}>
                  {t('nav.newsletters')}
                </button>
              </li>
            ) : null}
            <li>
              <Link to={user ? (user.role === 'reader' ? '/my-caribbean' : '/dashboard') : '/auth'} onClick={() => setMenuOpen(false)}>
                {t('nav.account')}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
      {searchOpen ? <SearchDialog onClose={() => setSearchOpen(false)} /> : null}
    </header>
  );
}
