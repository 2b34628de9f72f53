import { useT } from '../i18n/i18n';

export function Spinner() {
  const t = useT();
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="load-error" role="alert">
      <p>{t('common.error')}</p>
      <button type="button" className="button-secondary" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function AdSlot() {
  const t = useT();
  return (
    // A placeholder band, not a landmark: two on a page must not read as two "Advertisement" regions.
    <div className="ad-slot">
      <span>{t('ad.label')}</span>
    </div>
  );
}
