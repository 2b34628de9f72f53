import { useCallback, useEffect, useState } from 'react';
import { useConsoleI18n } from '../console-i18n';
import { RefreshIcon } from '../icons';
import { Card, EmptyState, InlineError, PageHeader, Skeleton, Tabs } from '../ui';
import { outboxApi, type OutboxMessage, type OutboxSummary } from './api';
import './outbox.css';

/**
 * The demo's Outbox: e-mail the demo's mail catcher received (admins only). A message's HTML is
 * shown in an iframe with an empty sandbox (no scripts, no same-origin, no forms) and its own
 * Content-Security-Policy; it is never put into the console's page.
 */
const FRAME_CSP = "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; font-src data:";

export function mailFrameDocument(html: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}"><base target="_blank">`;
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${meta}`)
    : `<!doctype html><html><head>${meta}</head><body>${html}</body></html>`;
}

export default function Outbox() {
  const { t, fmt } = useConsoleI18n();
  const [items, setItems] = useState<OutboxSummary[] | null>(null);
  const [enabled, setEnabled] = useState(true);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<OutboxMessage | null>(null);

  const load = useCallback(async (offset = 0) => {
    try {
      const page = await outboxApi.list(offset);
      setEnabled(page.enabled);
      setItems((list) => (offset === 0 ? page.items : [...(list ?? []), ...page.items]));
      setHasMore(page.hasMore);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), 10_000);
    return () => clearInterval(timer);
  }, [load]);

  const open = async (id: string) => {
    try {
      setSelected((await outboxApi.get(id)).message);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <div>
      <PageHeader
        title={t('outbox.title')}
        subtitle={t('outbox.intro')}
        actions={
          <button type="button" className="c-button c-button-ghost" onClick={() => void load()}>
            <RefreshIcon size={16} /> {t('outbox.refresh')}
          </button>
        }
      />
      {error ? <InlineError>{error}</InlineError> : null}
      {!enabled ? <p className="c-hint">{t('outbox.off')}</p> : null}
      <div className="ob-layout">
        <Card className="ob-list">
          {items === null ? (
            <Skeleton rows={6} />
          ) : items.length === 0 ? (
            <EmptyState title={t('outbox.title')}>{t('outbox.empty')}</EmptyState>
          ) : (
            <>
              <ul className="ob-items">
                {items.map((m) => (
                  <li key={m.id}>
                    <button
                      type="button"
                      className={`ob-item${selected?.id === m.id ? ' active' : ''}`}
                      onClick={() => void open(m.id)}
                      aria-current={selected?.id === m.id ? 'true' : undefined}
                    >
                      <span className="ob-subject">{m.subject || t('outbox.noSubject')}</span>
                      <span className="ob-meta">
                        {t('outbox.to')}: {m.to ?? m.envelopeTo.join(', ')}
                      </span>
                      <span className="ob-meta">{fmt.dateTime(m.receivedAt)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {hasMore ? (
                <button type="button" className="c-button c-button-ghost" onClick={() => void load(items.length)}>
                  {t('outbox.older')}
                </button>
              ) : null}
            </>
          )}
        </Card>
        <Card className="ob-view">{selected ? <MessageView message={selected} /> : <p className="c-hint">{t('outbox.pick')}</p>}</Card>
      </div>
    </div>
  );
}

function MessageView({ message }: { message: OutboxMessage }) {
  const { t, fmt } = useConsoleI18n();
  const [view, setView] = useState<'html' | 'text'>(message.html ? 'html' : 'text');
  useEffect(() => setView(message.html ? 'html' : 'text'), [message]);
  return (
    <article className="ob-message" aria-label={message.subject ?? t('outbox.noSubject')}>
      <h2 className="ob-message-subject">{message.subject || t('outbox.noSubject')}</h2>
      <dl className="ob-headers">
        <dt>{t('outbox.from')}</dt>
        <dd>{message.from ?? message.envelopeFrom ?? ''}</dd>
        <dt>{t('outbox.to')}</dt>
        <dd>{message.to ?? message.envelopeTo.join(', ')}</dd>
        <dt>{t('outbox.received')}</dt>
        <dd>{fmt.dateTime(message.receivedAt)}</dd>
      </dl>
      {message.truncated ? <p className="c-hint">{t('outbox.truncated')}</p> : null}
      <Tabs
        label={t('outbox.title')}
        value={view}
        onChange={setView}
        tabs={[...(message.html ? [{ key: 'html' as const, label: t('outbox.html') }] : []), { key: 'text' as const, label: t('outbox.text') }]}
      >
        {view === 'html' && message.html ? (
          <iframe
            className="ob-frame"
            title={message.subject ?? t('outbox.noSubject')}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={mailFrameDocument(message.html)}
          />
        ) : (
          <pre className="ob-text">{message.text ?? ''}</pre>
        )}
      </Tabs>
    </article>
  );
}
