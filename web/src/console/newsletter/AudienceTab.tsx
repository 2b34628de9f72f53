import { useCallback, useEffect, useRef, useState } from 'react';
import { known, useConsoleI18n } from '../console-i18n';
import { useToast } from '../../shared/toasts';
import { MailIcon, RefreshIcon, SearchIcon } from '../icons';
import { Badge, Card, Dialog, EmptyState, InlineError, Skeleton, StatCard } from '../ui';
import { errorText, newsletterApi, type AudienceSegment, type NewsletterDetail, type NewsletterSend, type Subscriber } from './api';

type Props = { current: NewsletterDetail | null; onSent: () => void; refreshCurrent: () => Promise<void>; goTo: (tab: 'create') => void };

export function AudienceTab({ current, onSent, refreshCurrent, goTo }: Props) {
  const toast = useToast();
  const { t, tn, fmt } = useConsoleI18n();
  const segmentList = (ids: string[]) => ids.map((id) => known(t, `console.newsletter.segment.${id}`, id)).join(', ');
  const [segments, setSegments] = useState<AudienceSegment[] | null>(null);
  const [mail, setMail] = useState<boolean | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [recipients, setRecipients] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);

  const loadSegments = useCallback(async (selection: string[]) => {
    try {
      const result = await newsletterApi.segments(selection);
      setSegments(result.segments);
      setRecipients(result.recipients);
      setMail(result.mail);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);

  useEffect(() => {
    void loadSegments(chosen);
  }, [chosen, loadSegments]);

  // Suggest the template's usual segments once per newsletter.
  const suggestedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!current || suggestedFor.current === current.newsletter.id) return;
    suggestedFor.current = current.newsletter.id;
    newsletterApi.templates().then(
      (r) => {
        const template = r.templates.find((t) => t.id === current.newsletter.template);
        if (template) setChosen([...template.suggestedSegments]);
      },
      () => undefined,
    );
  }, [current]);

  // While a send is under way, follow it.
  const unfinished = current?.sends.some((s) => !s.finished_at) ?? false;
  useEffect(() => {
    if (!unfinished) return;
    const timer = setInterval(() => void refreshCurrent(), 2000);
    return () => clearInterval(timer);
  }, [unfinished, refreshCurrent]);

  // Why Send is off, when it is: the server refuses these too (503 without SMTP, 400 for nobody).
  const blocked = mail === false ? t('sendGuard.noMail') : chosen.length > 0 && recipients === 0 ? t('sendGuard.noRecipients') : null;

  const toggle = (id: string) => setChosen((list) => (list.includes(id) ? list.filter((s) => s !== id) : [...list, id]));

  const send = async () => {
    if (!current) return;
    setSending(true);
    try {
      const result = await newsletterApi.send(current.newsletter.id, chosen);
      toast.show({
        title: t('console.newsletter.sent'),
        description:
          result.recipients > 0 ? tn('console.newsletter.sendingTo', result.recipients, { segments: segmentList(chosen) }) : t('console.newsletter.nobodyNew'),
        tone: 'success',
      });
      onSent();
      void loadSegments(chosen);
    } catch (e) {
      toast.show({ title: t('console.newsletter.sendError'), description: t('console.newsletter.sendErrorText', { error: errorText(e) }), tone: 'error' });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const total = segments?.reduce((n, s) => n + s.size, 0) ?? 0;
  return (
    <div className="nl-audience">
      {error ? <InlineError>{t('console.newsletter.segmentsFailed', { error })}</InlineError> : null}
      <Card
        title={t('console.newsletter.segments')}
        actions={
          <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void loadSegments(chosen)}>
            <RefreshIcon size={14} /> {t('console.newsletter.refresh')}
          </button>
        }
      >
        {!segments ? (
          <Skeleton rows={2} label={t('console.newsletter.counting')} />
        ) : (
          <>
            <div className="nl-segments" role="group" aria-label={t('console.newsletter.chooseSegments')}>
              {segments.map((s) => (
                <label key={s.id} className={`nl-segment${chosen.includes(s.id) ? ' nl-segment-on' : ''}`}>
                  <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
                  <span className="nl-segment-name">{known(t, `console.newsletter.segment.${s.id}`, s.name)}</span>
                  <span className="c-mono c-hint">{s.id}</span>
                  <span className="nl-segment-size">{fmt.number(s.size)}</span>
                  <span className="c-hint">
                    {t('console.newsletter.confirmed')}
                    {s.pending ? ` · ${t('console.newsletter.pending', { n: fmt.number(s.pending) })}` : ''}
                    {s.lastSentAt ? ` · ${t('console.newsletter.lastSent', { time: fmt.dateTime(s.lastSentAt) })}` : ''}
                  </span>
                </label>
              ))}
            </div>
            <p className="c-hint">{t('console.newsletter.sizesHint', { n: fmt.number(total) })}</p>
          </>
        )}
      </Card>
      <Card title={t('console.newsletter.send')}>
        {!current ? (
          <EmptyState
            title={t('console.newsletter.noneChosen')}
            action={
              <button type="button" className="c-button" onClick={() => goTo('create')}>
                {t('console.newsletter.createOne')}
              </button>
            }
          >
            {t('console.newsletter.noneChosenText')}
          </EmptyState>
        ) : (
          <div className="c-row">
            <div className="c-grow">
              <strong lang="en">{current.newsletter.title}</strong>
              <div className="c-hint">
                {chosen.length === 0
                  ? t('console.newsletter.chooseOne')
                  : `${recipients === null ? t('console.newsletter.toCounting', { segments: segmentList(chosen) }) : tn('console.newsletter.to', recipients, { segments: segmentList(chosen) })}${current.sends.length ? ` ${t('console.newsletter.skipped')}` : ''}`}
              </div>
              {blocked ? (
                <p className="c-hint nl-send-blocked" role="status">
                  {blocked}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="c-button"
              disabled={chosen.length === 0 || sending || blocked !== null || recipients === null}
              onClick={() => setConfirming(true)}
            >
              <MailIcon size={16} /> {sending ? t('console.newsletter.sending') : t('console.newsletter.sendButton')}
            </button>
          </div>
        )}
      </Card>
      {current ? <SendLog detail={current} onRetried={refreshCurrent} /> : null}
      <SubscribersCard segments={segments} onChanged={() => void loadSegments(chosen)} />
      {confirming && current ? (
        <Dialog
          title={t('console.newsletter.confirmTitle')}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="c-button c-button-ghost" onClick={() => setConfirming(false)}>
                {t('console.newsletter.cancel')}
              </button>
              <button type="button" className="c-button" disabled={sending || blocked !== null || !recipients} onClick={() => void send()}>
                {sending ? t('console.newsletter.sending') : t('console.newsletter.sendTo', { n: fmt.number(recipients ?? 0) })}
              </button>
            </>
          }
        >
          <p>{tn('console.newsletter.confirmText', recipients ?? 0, { title: current.newsletter.title, segments: segmentList(chosen) })}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

function sendState(s: NewsletterSend): { label: string; tone: 'green' | 'blue' | 'orange' | 'grey' } {
  if (!s.finished_at) return { label: s.retrying > 0 && s.counts.queued === 0 && s.counts.sending === 0 ? 'retrying' : 'sending', tone: 'blue' };
  const problems = s.counts.failed + s.counts.bounced + s.counts.uncertain;
  if (s.recipients === 0) return { label: 'noRecipients', tone: 'grey' };
  return problems ? { label: 'withFailures', tone: 'orange' } : { label: 'delivered', tone: 'green' };
}

function SendLog({ detail, onRetried }: { detail: NewsletterDetail; onRetried: () => Promise<void> }) {
  const toast = useToast();
  const { t, tn, fmt } = useConsoleI18n();
  const [includeBounced, setIncludeBounced] = useState(false);
  const [includeUncertain, setIncludeUncertain] = useState(false);
  const [busy, setBusy] = useState(false);
  if (detail.sends.length === 0) return null;
  const problems = detail.sends.reduce(
    (n, s) => n + s.counts.failed + (includeBounced ? s.counts.bounced : 0) + (includeUncertain ? s.counts.uncertain : 0),
    0,
  );
  const retry = async () => {
    setBusy(true);
    try {
      const { requeued } = await newsletterApi.retry(detail.newsletter.id, { includeBounced, includeUncertain });
      toast.show({
        title: requeued ? t('console.newsletter.sendState.retrying') : t('console.newsletter.nothingToRetry'),
        description: requeued ? tn('console.newsletter.requeued', requeued) : undefined,
        tone: 'info',
      });
      await onRetried();
    } catch (e) {
      toast.show({ title: t('console.newsletter.sendError'), description: t('console.newsletter.sendErrorText', { error: errorText(e) }), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('console.newsletter.sendLog')}>
      <ul className="c-list">
        {detail.sends.map((s) => {
          const state = sendState(s);
          return (
            <li key={s.id} className="c-list-item nl-send">
              <div className="c-grow">
                <div className="c-row">
                  <Badge tone={state.tone}>{t(`console.newsletter.sendState.${state.label}`)}</Badge>
                  <strong>{s.segments.map((id) => known(t, `console.newsletter.segment.${id}`, id)).join(', ')}</strong>
                  <span className="c-hint">{t('console.newsletter.by', { by: s.requested_by })}</span>
                </div>
                <div className="c-hint">
                  {t('console.newsletter.queued', { time: fmt.dateTime(s.created_at) })}
                  {s.started_at ? ` · ${t('console.newsletter.started', { time: fmt.dateTime(s.started_at) })}` : ''}
                  {s.finished_at ? ` · ${t('console.newsletter.finished', { time: fmt.dateTime(s.finished_at) })}` : ''}
                </div>
                <div className="nl-counts">
                  <StatCard label={t('console.newsletter.recipients')} value={fmt.number(s.recipients)} />
                  <StatCard label={t('console.newsletter.sendState.delivered')} value={fmt.number(s.counts.sent)} tone="green" />
                  <StatCard
                    label={t('console.newsletter.failed')}
                    value={fmt.number(s.counts.failed)}
                    tone="red"
                    note={s.retrying ? t('console.newsletter.willRetry', { n: fmt.number(s.retrying) }) : undefined}
                  />
                  <StatCard label={t('console.newsletter.refused')} value={fmt.number(s.counts.bounced)} tone="orange" note="SMTP 5xx" />
                  <StatCard
                    label={t('console.newsletter.uncertain')}
                    value={fmt.number(s.counts.uncertain)}
                    tone="purple"
                    note={t('console.newsletter.interrupted')}
                  />
                  <StatCard label={t('console.newsletter.skippedLabel')} value={fmt.number(s.counts.skipped)} note={t('console.newsletter.unsubscribed')} />
                </div>
                {s.problems.length ? (
                  <div className="c-table-wrap">
                    <table className="c-table">
                      <thead>
                        <tr>
                          <th>{t('console.newsletter.recipient')}</th>
                          <th>{t('console.newsletter.statusColumn')}</th>
                          <th>{t('console.newsletter.attempts')}</th>
                          <th>{t('console.newsletter.lastError')}</th>
                          <th>{t('console.newsletter.nextTry')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {s.problems.map((p) => (
                          <tr key={p.id}>
                            <td>{p.email}</td>
                            <td>{known(t, `console.newsletter.delivery.${p.status}`, p.status)}</td>
                            <td>{p.attempts}</td>
                            <td className="c-mono">{p.last_error ?? ''}</td>
                            <td>{p.next_attempt_at ? fmt.dateTime(p.next_attempt_at) : '—'}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="c-row nl-retry">
        <label className="c-check">
          <input type="checkbox" checked={includeBounced} onChange={(e) => setIncludeBounced(e.target.checked)} /> {t('console.newsletter.alsoRefused')}
        </label>
        <label className="c-check">
          <input type="checkbox" checked={includeUncertain} onChange={(e) => setIncludeUncertain(e.target.checked)} /> {t('console.newsletter.alsoUncertain')}
        </label>
        <button type="button" className="c-button c-button-ghost" disabled={busy || problems === 0} onClick={() => void retry()}>
          <RefreshIcon size={16} /> {t('console.newsletter.retry')}
        </button>
      </div>
      <p className="c-hint">{t('console.newsletter.retryHint')}</p>
    </Card>
  );
}

function SubscribersCard({ segments, onChanged }: { segments: AudienceSegment[] | null; onChanged: () => void }) {
  const toast = useToast();
  const { t, fmt } = useConsoleI18n();
  const [q, setQ] = useState('');
  const [segment, setSegment] = useState('');
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ items: Subscriber[]; hasMore: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setPage(await newsletterApi.subscribers({ q: q || undefined, segment: segment || undefined, offset }));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [q, segment, offset]);

  useEffect(() => {
    const timer = setTimeout(() => void load(), 250);
    return () => clearTimeout(timer);
  }, [load]);

  const change = async (s: Subscriber, id: string) => {
    const next = s.segments.includes(id) ? s.segments.filter((x) => x !== id) : [...s.segments, id];
    if (next.length === 0) {
      toast.show({ title: t('console.newsletter.needsSegment'), tone: 'error' });
      return;
    }
    try {
      const { subscriber } = await newsletterApi.setSegments(s.id, next);
      setPage((p) => (p ? { ...p, items: p.items.map((x) => (x.id === s.id ? subscriber : x)) } : p));
      onChanged();
    } catch (e) {
      toast.show({ title: t('console.newsletter.error'), description: errorText(e), tone: 'error' });
    }
  };

  const ids = segments?.map((s) => s.id) ?? [];
  return (
    <Card title={t('console.newsletter.subscribers')}>
      <div className="c-row nl-filter">
        <label className="c-field c-grow">
          <span className="visually-hidden">{t('console.newsletter.searchSubscribers')}</span>
          <span className="nl-search">
            <SearchIcon size={16} />
            <input
              type="search"
              placeholder={t('console.newsletter.searchPlaceholder')}
              value={q}
              onChange={(e) => {
                setOffset(0);
                setQ(e.target.value);
              }}
            />
          </span>
        </label>
        <label className="c-field">
          <span className="visually-hidden">{t('console.newsletter.segmentLabel')}</span>
          <select
            value={segment}
            onChange={(e) => {
              setOffset(0);
              setSegment(e.target.value);
            }}
          >
            <option value="">{t('console.newsletter.allSegments')}</option>
            {ids.map((id) => (
              <option key={id} value={id}>
                {known(t, `console.newsletter.segment.${id}`, id)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error ? <InlineError>{t('console.newsletter.subscribersFailed', { error })}</InlineError> : null}
      {!page ? (
        <Skeleton rows={2} label={t('console.newsletter.loadingSubscribers')} />
      ) : page.items.length === 0 ? (
        <EmptyState title={t('console.newsletter.noSubscribers')}>{t('console.newsletter.noSubscribersText')}</EmptyState>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('console.newsletter.email')}</th>
                <th>{t('console.newsletter.statusColumn')}</th>
                <th>{t('console.newsletter.since')}</th>
                {ids.map((id) => (
                  <th key={id}>{known(t, `console.newsletter.segment.${id}`, id)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((s) => (
                <tr key={s.id}>
                  <td>{s.email}</td>
                  <td>
                    <Badge tone={s.status === 'confirmed' ? 'green' : s.status === 'pending' ? 'yellow' : 'grey'}>
                      {known(t, `console.newsletter.subscriber.${s.status}`, s.status)}
                    </Badge>
                  </td>
                  <td>{fmt.dateTime(s.confirmed_at ?? s.created_at)}</td>
                  {ids.map((id) => (
                    <td key={id}>
                      <input
                        type="checkbox"
                        checked={s.segments.includes(id)}
                        onChange={() => void change(s, id)}
                        aria-label={t('console.newsletter.inSegment', { email: s.email, segment: known(t, `console.newsletter.segment.${id}`, id) })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && (offset > 0 || page.hasMore) ? (
        <div className="c-row">
          <button type="button" className="c-button c-button-ghost c-button-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 25))}>
            {t('console.newsletter.previous')}
          </button>
          <button type="button" className="c-button c-button-ghost c-button-small" disabled={!page.hasMore} onClick={() => setOffset(offset + 25)}>
            {t('console.newsletter.next')}
          </button>
        </div>
      ) : null}
    </Card>
  );
}
