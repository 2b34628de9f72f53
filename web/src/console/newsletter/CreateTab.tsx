import { useEffect, useState } from 'react';
import { useToast } from '../../shared/toasts';
import { known, useConsoleI18n } from '../console-i18n';
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
  const { t, fmt } = useConsoleI18n();
  const [templates, setTemplates] = useState<NewsletterTemplate[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    newsletterApi.templates().then(
      (r) => setTemplates(r.templates),
      () => setTemplates([]),
    );
  }, []);

  const generate = async (template: string) => {
    setBusy(template);
    try {
      const detail = await newsletterApi.generate(template);
      onChanged(detail);
      const count = detail.newsletter.sections.reduce((n, s) => n + s.articles.length, 0);
      toast.show({
        title: t('console.newsletter.generated'),
        description: t('console.newsletter.generatedText', { stories: fmt.number(count), sections: fmt.number(detail.newsletter.sections.length) }),
        tone: 'success',
      });
    } catch (error) {
      toast.show({
        title: t('console.newsletter.generateError'),
        description: t('console.newsletter.generateErrorText', { error: errorText(error) }),
        tone: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="nl-create">
      <Card title={t('console.newsletter.templates')}>
        {!templates ? (
          <Skeleton rows={2} label={t('console.newsletter.loadingTemplates')} />
        ) : (
          <div className="nl-templates">
            {templates.map((tpl) => (
              <article key={tpl.id} className="nl-template">
                <div className="c-row">
                  <h3>{known(t, `console.newsletter.template.${tpl.id}.name`, tpl.name)}</h3>
                  <Badge tone={tpl.frequency === 'daily' ? 'blue' : 'purple'}>{known(t, `console.newsletter.frequency.${tpl.frequency}`, tpl.frequency)}</Badge>
                </div>
                <p className="c-hint">{known(t, `console.newsletter.template.${tpl.id}.description`, tpl.description)}</p>
                <ol className="nl-template-sections">
                  {tpl.sections.map((s) => (
                    <li key={s.title}>{known(t, `console.newsletter.template.${tpl.id}.${s.type}`, s.title)}</li>
                  ))}
                </ol>
                <p className="c-hint">
                  {t('console.newsletter.usuallySent', {
                    segments: tpl.suggestedSegments.map((id) => known(t, `console.newsletter.segment.${id}`, id)).join(', '),
                  })}
                </p>
                <button type="button" className="c-button" disabled={busy !== null} onClick={() => void generate(tpl.id)}>
                  {busy === tpl.id ? t('console.newsletter.generating') : t('console.newsletter.generate')}
                </button>
              </article>
            ))}
          </div>
        )}
      </Card>
      {current ? (
        <DraftEditor key={current.newsletter.id + current.newsletter.updated_at} detail={current} onChanged={onChanged} onDiscarded={onDiscarded} goTo={goTo} />
      ) : null}
      <Card title={t('console.newsletter.recent')}>
        {listError ? <InlineError>{t('console.newsletter.listFailed', { error: listError })}</InlineError> : null}
        {!recent ? (
          <Skeleton rows={2} label={t('console.newsletter.loadingList')} />
        ) : recent.length === 0 ? (
          <EmptyState title={t('console.newsletter.noneYet')}>{t('console.newsletter.noneYetText')}</EmptyState>
        ) : (
          <ul className="c-list">
            {recent.map((n) => (
              <li key={n.id} className="c-list-item">
                <div className="c-grow">
                  <h3 lang="en">{n.title}</h3>
                  <div className="c-hint">
                    {known(t, `console.newsletter.template.${n.template}.name`, n.template)} ·{' '}
                    {t('console.newsletter.createdBy', { time: fmt.dateTime(n.created_at), by: n.created_by })}
                    {n.sent_at ? ` · ${t('console.newsletter.sentAt', { time: fmt.dateTime(n.sent_at) })}` : ''}
                  </div>
                </div>
                <StatusBadge status={n.status} />
                <button
                  type="button"
                  className="c-button c-button-ghost c-button-small"
                  onClick={() => onOpen(n.id)}
                  aria-label={t('console.newsletter.openLabel', { title: n.title })}
                >
                  {t('console.newsletter.open')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DraftEditor({
  detail,
  onChanged,
  onDiscarded,
  goTo,
}: {
  detail: NewsletterDetail;
  onChanged: (d: NewsletterDetail) => void;
  onDiscarded: () => void;
  goTo: (tab: 'preview' | 'audience') => void;
}) {
  const toast = useToast();
  const { t, fmt } = useConsoleI18n();
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
      toast.show({ title: t('console.newsletter.error'), description: errorText(error), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={editable ? t('console.newsletter.draft') : t('console.newsletter.readOnly')}
      actions={
        <div className="c-actions">
          <button type="button" className="c-button c-button-ghost" onClick={() => goTo('preview')}>
            <EyeIcon size={16} /> {t('console.newsletter.tabs.preview')}
          </button>
          {editable ? (
            <>
              <button
                type="button"
                className="c-button c-button-ghost"
                disabled={busy}
                onClick={() => void act(() => newsletterApi.regenerate(n.id), t('console.newsletter.generated'))}
              >
                <RefreshIcon size={16} /> {t('console.newsletter.refill')}
              </button>
              <button
                type="button"
                className="c-button c-button-ghost"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    await newsletterApi.discard(n.id);
                    onDiscarded();
                  }, t('console.newsletter.draftDeleted'))
                }
              >
                <TrashIcon size={16} /> {t('console.newsletter.deleteDraft')}
              </button>
            </>
          ) : null}
          <button type="button" className="c-button" onClick={() => goTo('audience')}>
            {t('console.newsletter.chooseAudience')}
          </button>
        </div>
      }
    >
      <form
        className="nl-draft-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => newsletterApi.edit(n.id, { title, intro }), t('console.newsletter.draftSaved'));
        }}
      >
        <label className="c-field">
          <span>{t('console.newsletter.titleField')}</span>
          <input type="text" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} disabled={!editable} required />
        </label>
        <label className="c-field">
          <span>{t('console.newsletter.intro')}</span>
          <textarea value={intro} maxLength={2000} onChange={(e) => setIntro(e.target.value)} disabled={!editable} />
        </label>
        {editable ? (
          <div>
            <button type="submit" className="c-button" disabled={busy || (title === n.title && intro === n.intro)}>
              {t('console.newsletter.saveDraft')}
            </button>
          </div>
        ) : null}
      </form>
      <p className="c-hint">{t('console.newsletter.filled', { time: fmt.dateTime(n.generated_at), n: fmt.number(n.pool_size) })}</p>
      <div className="nl-sections">
        {n.sections.map((s) => (
          <section key={s.id} className="nl-section" aria-label={s.title}>
            <h3>
              {s.priority}. <span lang="en">{s.title}</span> <span className="c-hint">({s.articles.length})</span>
            </h3>
            <p className="c-hint" lang="en">
              {s.content}
            </p>
            <ul className="c-list">
              {s.articles.map((a) => (
                <li key={a.id} className="c-list-item">
                  <div className="c-grow">
                    <h3 lang="en">{a.title}</h3>
                    <div className="c-meta c-row">
                      <Badge tone="teal">{fmt.region(a.region)}</Badge>
                      <span className="c-hint">{t('console.newsletter.urgency', { n: a.urgency })}</span>
                      {a.matchedRules.map((r) => (
                        <Badge key={r} tone="purple" title={t('console.newsletter.matchedRule')}>
                          {r}
                        </Badge>
                      ))}
                    </div>
                  </div>
                  {editable ? (
                    <button
                      type="button"
                      className="c-icon-button"
                      disabled={busy}
                      aria-label={t('console.newsletter.remove', { title: a.title })}
                      onClick={() => void act(() => newsletterApi.edit(n.id, { removeArticleIds: [a.id] }))}
                    >
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
