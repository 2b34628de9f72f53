import { useEffect, useState } from 'react';
import { Card, EmptyState, InlineError, Skeleton } from '../ui';
import { errorText, newsletterApi, type NewsletterDetail } from './api';

type Device = 'desktop' | 'mobile';

/**
 * The real e-mail HTML (what subscribers get, from MJML) in a sandboxed frame: no scripts, no
 * same-origin access; links open in a new tab. Desktop is 680 px wide, mobile 375 px.
 */
export function PreviewTab({ current, goTo }: { current: NewsletterDetail | null; goTo: (tab: 'create') => void }) {
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
      <EmptyState title="Nothing to preview yet" action={<button type="button" className="c-button" onClick={() => goTo('create')}>Create a newsletter</button>}>
        Generate a newsletter from a template, or open a recent one, to see the e-mail here.
      </EmptyState>
    );
  }
  const srcDoc = email ? email.html.replace(/<head>/i, '<head><base target="_blank">') : '';
  return (
    <Card
      title="Preview"
      actions={
        <div className="c-actions" role="group" aria-label="Preview options">
          <div className="nl-toggle" role="radiogroup" aria-label="Device">
            {(['desktop', 'mobile'] as const).map((d) => (
              <button key={d} type="button" role="radio" aria-checked={device === d} className={`c-button c-button-small ${device === d ? '' : 'c-button-ghost'}`} onClick={() => setDevice(d)}>
                {d === 'desktop' ? 'Desktop' : 'Mobile'}
              </button>
            ))}
          </div>
          <div className="nl-toggle" role="radiogroup" aria-label="Format">
            {(['html', 'text'] as const).map((v) => (
              <button key={v} type="button" role="radio" aria-checked={view === v} className={`c-button c-button-small ${view === v ? '' : 'c-button-ghost'}`} onClick={() => setView(v)}>
                {v === 'html' ? 'HTML' : 'Plain text'}
              </button>
            ))}
          </div>
        </div>
      }
    >
      {error ? <InlineError>Preview failed: {error}</InlineError> : null}
      {!email && !error ? <Skeleton rows={4} label="Rendering the e-mail…" /> : null}
      {email ? (
        <>
          <p className="nl-subject">
            <span className="c-label">Subject:</span> {email.subject}
          </p>
          <p className="c-hint">Each recipient's copy carries their own unsubscribe link; story links go to the stories' addresses on this site.</p>
          <div className={`nl-frame nl-frame-${device}`}>
            {view === 'html' ? (
              <iframe title={`E-mail preview (${device})`} srcDoc={srcDoc} sandbox="allow-popups allow-popups-to-escape-sandbox" referrerPolicy="no-referrer" />
            ) : (
              <pre className="nl-text">{email.text}</pre>
            )}
          </div>
        </>
      ) : null}
    </Card>
  );
}
