import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/i18n';

export function NotFoundPage() {
  const t = useT();
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <section className="not-found">
      <h1>404</h1>
      <p>{t('notFound.title')}</p>
      <Link to="/" className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
