import { useState, type FormEvent } from 'react';
import { AppLink } from '../../shared/app-link';
import { api, ApiError } from '../../data/api';
import { useSiteConfig } from '../../data/site-config';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../shared/hydrated';
import { SECTIONS } from './SiteHeader';

export function SiteFooter() {
  const t = useT();
  const { newsletter } = useSiteConfig();
  const hydrated = useHydrated();
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setState({ kind: 'busy' });
    try {
      // Read from the field: what was typed before the app started is there, not in any state.
      await api.subscribe(String(new FormData(form).get('email') ?? ''));
      setState({ kind: 'done' });
      form.reset();
    } catch (error) {
      setState({ kind: 'error', message: error instanceof ApiError ? error.message : 'Network error' });
    }
  };

  return (
    <footer className="site-footer">
      {newsletter ? (
        <section id="newsletter" className="newsletter-box" aria-labelledby="newsletter-title">
          <h2 id="newsletter-title">{t('footer.newsletterTitle')}</h2>
          <p>{t('footer.newsletterBody')}</p>
          <form method="post" onSubmit={subscribe}>
            <label htmlFor="newsletter-email" className="visually-hidden">
              {t('footer.emailLabel')}
            </label>
            <input id="newsletter-email" type="email" required autoComplete="email" name="email" placeholder={t('footer.emailLabel')} />
            <button type="submit" disabled={state.kind === 'busy' || !hydrated}>
              {state.kind === 'busy' ? t('footer.subscribing') : t('footer.subscribe')}
            </button>
          </form>
          <p role="status" className="newsletter-status">
            {state.kind === 'done' ? t('footer.subscribed') : state.kind === 'error' ? t('footer.subscribeFailed', { message: state.message }) : ''}
          </p>
        </section>
      ) : null}
      <div className="footer-columns">
        <div>
          <h2 id="footer-sections">{t('footer.sections')}</h2>
          <ul>
            {SECTIONS.map((s) => (
              <li key={s}>
                <AppLink to={`/section/${s}`}>{t(`nav.${s}`)}</AppLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            {(['about', 'careers', 'contact', 'advertise', 'privacy', 'terms'] as const).map((k) => (
              <li key={k}>
                <AppLink to={`/about#${k}`}>{t(`footer.${k}`)}</AppLink>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 id="footer-products">{t('footer.products')}</h2>
          <ul>
            <li>
              <AppLink to="/about#pro">{t('footer.pro')}</AppLink>
            </li>
            <li>
              <AppLink to="/about#local">{t('footer.local')}</AppLink>
            </li>
            <li>
              <AppLink to="/storm-centre">{t('footer.storm')}</AppLink>
            </li>
            <li>
              <AppLink to="/about#engine">{t('footer.engine')}</AppLink>
            </li>
            <li>
              <AppLink to="/about#api">{t('footer.api')}</AppLink>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        {/* Named by a heading, as the columns above are (a list may not carry an aria-label). */}
        <div>
          <h2 id="footer-follow" className="visually-hidden">
            {t('footer.follow')}
          </h2>
          <ul className="social">
            <li>
              <a href="/rss.xml">RSS</a>
            </li>
          </ul>
        </div>
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
