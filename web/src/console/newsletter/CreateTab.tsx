import { useEffect, useState } from 'react';
import { dateTime } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { EyeIcon, RefreshIcon, TrashIcon } from '../icons';
import { Badge, Card, EmptyState, InlineError, Skeleton } from '../ui';
import { errorText, newsletterApi, type Newsletter, type NewsletterDetail, type NewsletterTemplate } from './api';
import { StatusBadge } from './NewsletterBuilder';

type Props = {
  current: NewsletterDetail | null;
  recent: Newsletter[] | null;
  listError: string | null;
  onChanged: (detail: NewsletterDetail) => void;
  onOpen: (id: string) => void;
  onDiscarded: () => void;
  goTo: (tab: 'preview' | 'audience') => void;
};

export function CreateTab({ current, recent, listError, onChanged, onOpen, onDiscarded, goTo }: Props) {
  const toast = useToast();
  const [templates, setTemplates] = useState<NewsletterTemplate[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    newsletterApi.templates().then((r) => setTemplates(r.templates), () => setTemplates([]));
  }, []);

  const generate = async (template: string) => {
    setBusy(template);
    try {
      const detail = await newsletterApi.generate(template);
      onChanged(detail);
      const count = detail.newsletter.sections.reduce((n, s) => n + s.articles.length, 0);
      toast.show({ title: 'Newsletter Generated', description: `${count} stories in ${detail.newsletter.sections.length} sections.`, tone: 'success' });
    } catch (error) {
      toast.show({ title: 'Generation Error', description: `Failed to generate newsletter content. ${errorText(error)}`, tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="nl-create">
      <Card title="Templates">
        {!templates ? (
          <Skeleton rows={2} label="Loading templates…" />
        ) : (
          <div className="nl-templates">
            {templates.map((t) => (
              <article key={t.id} className="nl-template">
                <div className="c-row">
                  <h3>{t.name}</h3>
                  <Badge tone={t.frequency === 'daily' ? 'blue' : 'purple'}>{t.frequency}</Badge>
                </div>
                <p className="c-hint">{t.description}</p>
                <ol className="nl-template-sections">
                  {t.sections.map((s) => (
                    <li key={s.title}>{s.title}</li>
                  ))}
                </ol>
                <p className="c-hint">Usually sent to: {t.suggestedSegments.join(', ')}</p>
                <button type="button" className="c-button" disabled={busy !== null} onClick={() => void generate(t.id)}>
                  {busy === t.id ? 'Generating…' : 'Generate Newsletter'}
                </button>
              </article>
            ))}
          </div>
        )}
      </Card>
      {current ? <DraftEditor key={current.newsletter.id + current.newsletter.updated_at} detail={current} onChanged={onChanged} onDiscarded={onDiscarded} goTo={goTo} /> : null}
      <Card title="Recent newsletters">
        {listError ? <InlineError>Error loading newsletters: {listError}</InlineError> : null}
        {!recent ? (
          <Skeleton rows={2} label="Loading newsletters…" />
        ) : recent.length === 0 ? (
          <EmptyState title="No newsletters yet">Generate one from a template above.</EmptyState>
        ) : (
          <ul className="c-list">
            {recent.map((n) => (
              <li key={n.id} className="c-list-item">
                <div className="c-grow">
                  <h3>{n.title}</h3>
                  <div className="c-hint">
                    {n.template} · created {dateTime(n.created_at)} by {n.created_by}
                    {n.sent_at ? ` · sent ${dateTime(n.sent_at)}` : ''}
                  </div>
                </div>
                <StatusBadge status={n.status} />
                <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => onOpen(n.id)} aria-label={`Open ${n.title}`}>
                  Open
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DraftEditor({ detail, onChanged, onDiscarded, goTo }: { detail: NewsletterDetail; onChanged: (d: NewsletterDetail) => void; onDiscarded: () => void; goTo: (tab: 'preview' | 'audience') => void }) {
  const toast = useToast();
  const n = detail.newsletter;
  const editable = n.status === 'draft';
  const [title, setTitle] = useState(n.title);
  const [intro, setIntro] = useState(n.intro);
  const [busy, setBusy] = useState(false);

  const act = async (what: () => Promise<NewsletterDetail | void>, success?: string) => {
    setBusy(true);
    try {
      const result = await what();
      if (result) onChanged(result);
      if (success) toast.show({ title: success, tone: 'success' });
    } catch (error) {
      toast.show({ title: 'Error', description: errorText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={editable ? 'Draft' : 'Newsletter (sent: read-only)'}
      actions={
        <div className="c-actions">
          <button type="button" className="c-button c-button-ghost" onClick={() => goTo('preview')}>
            <EyeIcon size={16} /> Preview
          </button>
          {editable ? (
            <>
              <button type="button" className="c-button c-button-ghost" disabled={busy} onClick={() => void act(() => newsletterApi.regenerate(n.id), 'Newsletter Generated')}>
                <RefreshIcon size={16} /> Refill sections
              </button>
              <button
                type="button"
                className="c-button c-button-ghost"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await newsletterApi.discard(n.id);
                    onDiscarded();
                  }, 'Draft deleted')
                }
              >
                <TrashIcon size={16} /> Delete draft
              </button>
            </>
          ) : null}
          <button type="button" className="c-button" onClick={() => goTo('audience')}>
            Choose audience
          </button>
        </div>
      }
    >
      <form
        className="nl-draft-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => newsletterApi.edit(n.id, { title, intro }), 'Draft saved');
        }}
      >
        <label className="c-field">
          <span>Title (the e-mail's subject)</span>
          <input type="text" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} disabled={!editable} required />
        </label>
        <label className="c-field">
          <span>Introduction</span>
          <textarea value={intro} maxLength={2000} onChange={(e) => setIntro(e.target.value)} disabled={!editable} />
        </label>
        {editable ? (
          <div>
            <button type="submit" className="c-button" disabled={busy || (title === n.title && intro === n.intro)}>
              Save draft
            </button>
          </div>
        ) : null}
      </form>
      <p className="c-hint">
        Filled {dateTime(n.generated_at)} from the {n.pool_size} newest published, auto-eligible stories (at most 50; at most 3 per section), curation rules first.
      </p>
      <div className="nl-sections">
        {n.sections.map((s) => (
          <section key={s.id} className="nl-section" aria-label={s.title}>
            <h3>
              {s.priority}. {s.title} <span className="c-hint">({s.articles.length})</span>
            </h3>
            <p className="c-hint">{s.content}</p>
            <ul className="c-list">
              {s.articles.map((a) => (
                <li key={a.id} className="c-list-item">
                  <div className="c-grow">
                    <h3>{a.title}</h3>
                    <div className="c-meta c-row">
                      <Badge tone="teal">{a.region}</Badge>
                      <span className="c-hint">urgency {a.urgency}</span>
                      {a.matchedRules.map((r) => (
                        <Badge key={r} tone="purple" title="Matched curation rule">
                          {r}
                        </Badge>
                      ))}
                    </div>
                  </div>
                  {editable ? (
                    <button type="button" className="c-icon-button" disabled={busy} aria-label={`Remove ${a.title}`} onClick={() => void act(() => newsletterApi.edit(n.id, { removeArticleIds: [a.id] }))}>
                      <TrashIcon size={16} />
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}
