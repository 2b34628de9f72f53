import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError } from '../../data/api';
import { useSiteConfig } from '../../data/site-config';
import { useT } from '../../i18n/i18n';
import { SECTIONS } from './SiteHeader';

export function SiteFooter() {
  const t = useT();
  const { newsletter } = useSiteConfig();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'busy' });
    try {
      await api.subscribe(email);
      setState({ kind: 'done' });
      setEmail('');
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
          <form onSubmit={subscribe}>
            <label htmlFor="newsletter-email" className="visually-hidden">{t('footer.emailLabel')}</label>
            <input id="newsletter-email" type="email" required autoComplete="email" placeholder={t('footer.emailLabel')} value={email} onChange={(e) => setEmail(e.target.value)} />
            <button type="submit" disabled={state.kind === 'busy'}>{state.kind === 'busy' ? t('footer.subscribing') : t('footer.subscribe')}</button>
          </form>
          <p role="status" className="newsletter-status">
            {state.kind === 'done' ? t('footer.subscribed') : state.kind === 'error' ? t('footer.subscribeFailed', { message: state.message }) : ''}
          </p>
        </section>
      ) : null}
      <div className="footer-columns">
        <div>
          <h2 id="footer-sections">{t('footer.sections')}</h2>
          <ul>{SECTIONS.map((s) => <li key={s}><Link to={`/section/${s}`}>{t(`nav.${s}`)}</Link></li>)}</ul>
        </div>
        <div>
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            {(['about', 'careers', 'contact', 'advertise', 'privacy', 'terms'] as const).map((k) => (
              <li key={k}><Link to={`/about#${k}`}>{t(`footer.${k}`)}</Link></li>
            ))}
          </ul>
        </div>
        <div>
          <h2 id="footer-products">{t('footer.products')}</h2>
          <ul>
            <li><Link to="/about#pro">{t('footer.pro')}</Link></li>
            <li><Link to="/about#local">{t('footer.local')}</Link></li>
            <li><Link to="/storm-centre">{t('footer.storm')}</Link></li>
            <li><Link to="/about#engine">{t('footer.engine')}</Link></li>
            <li><Link to="/about#api">{t('footer.api')}</Link></li>
          </ul>
        </div>
      </div>
      <div className="footer-bottom">
        <ul className="social" aria-label={t('footer.follow')}>
          <li><a href="/rss.xml">RSS</a></li>
        </ul>
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
