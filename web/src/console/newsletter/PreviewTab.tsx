import { useEffect, useState } from 'react';
import { useConsoleI18n } from '../console-i18n';
import { Card, EmptyState, InlineError, Skeleton } from '../ui';
import { errorText, newsletterApi, type NewsletterDetail } from './api';

type Device = 'desktop' | 'mobile';

/**
 * The real e-mail HTML (what subscribers get, from MJML) in a sandboxed frame: no scripts, no
 * same-origin access; links open in a new tab. Desktop is 680 px wide, mobile 375 px.
 */
export function PreviewTab({ current, goTo }: { current: NewsletterDetail | null; goTo: (tab: 'create') => void }) {
  const { t } = useConsoleI18n();
  const [device, setDevice] = useState<Device>('desktop');
  const [view, setView] = useState<'html' | 'text'>('html');
  const [email, setEmail] = useState<{ subject: string; html: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = current?.newsletter.id;
  const version = current?.newsletter.updated_at;

  useEffect(() => {
    if (!id) return;
    let live = true;
    setEmail(null);
    setError(null);
    newsletterApi.preview(id).then(
      (e) => live && setEmail(e),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  if (!current) {
    return (
      <EmptyState
        title={t('console.newsletter.nothingToPreview')}
        action={
          <button type="button" className="c-button" onClick={() => goTo('create')}>
            {t('console.newsletter.createOne')}
          </button>
        }
      >
        {t('console.newsletter.nothingToPreviewText')}
      </EmptyState>
    );
  }
  const srcDoc = email ? email.html.replace(/<head>/i, '<head><base target="_blank">') : '';
  return (
    <Card
      title={t('console.newsletter.tabs.preview')}
      actions={
        <div className="c-actions" role="group" aria-label={t('console.newsletter.previewOptions')}>
          <div className="nl-toggle" role="radiogroup" aria-label={t('console.newsletter.device')}>
            {(['desktop', 'mobile'] as const).map((d) => (
              <button
                key={d}
                type="button"
                role="radio"
                aria-checked={device === d}
                className={`c-button c-button-small ${device === d ? '' : 'c-button-ghost'}`}
                onClick={() => setDevice(d)}
              >
                {d === 'desktop' ? t('console.newsletter.desktop') : t('console.newsletter.mobile')}
              </button>
            ))}
          </div>
          <div className="nl-toggle" role="radiogroup" aria-label={t('console.newsletter.format')}>
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={view === v}
                className={`c-button c-button-small ${view === v ? '' : 'c-button-ghost'}`}
                onClick={() => setView(v)}
              >
                {v === 'html' ? 'HTML' : t('console.newsletter.plainText')}
              </button>
            ))}
          </div>
        </div>
      }
    >
      {error ? <InlineError>{t('console.newsletter.previewFailed', { error })}</InlineError> : null}
      {!email && !error ? <Skeleton rows={4} label={t('console.newsletter.rendering')} /> : null}
      {email ? (
        <>
          <p className="nl-subject">
            <span className="c-label">{t('console.newsletter.subject')}</span> <span lang="en">{email.subject}</span>
          </p>
          <p className="c-hint">{t('console.newsletter.previewHint')}</p>
          <div className={`nl-frame nl-frame-${device}`}>
            {view === 'html' ? (
              <iframe
                title={t('console.newsletter.frameTitle', { device: device === 'desktop' ? t('console.newsletter.desktop') : t('console.newsletter.mobile') })}
                srcDoc={srcDoc}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                referrerPolicy="no-referrer"
              />
            ) : (
              <pre className="nl-text" lang="en">
                {email.text}
              </pre>
            )}
          </div>
        </>
      ) : null}
    </Card>
  );
}
