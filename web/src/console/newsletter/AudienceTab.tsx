import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsoleT as useT } from '../console-i18n';
import { dateTime } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { MailIcon, RefreshIcon, SearchIcon } from '../icons';
import { Badge, Card, Dialog, EmptyState, InlineError, Skeleton, StatCard } from '../ui';
import { errorText, newsletterApi, type AudienceSegment, type NewsletterDetail, type NewsletterSend, type Subscriber } from './api';

type Props = { current: NewsletterDetail | null; onSent: () => void; refreshCurrent: () => Promise<void>; goTo: (tab: 'create') => void };

export function AudienceTab({ current, onSent, refreshCurrent, goTo }: Props) {
  const toast = useToast();
  const t = useT();
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
    newsletterApi.templates().then((r) => {
      const template = r.templates.find((t) => t.id === current.newsletter.template);
      if (template) setChosen([...template.suggestedSegments]);
    }, () => undefined);
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
        title: 'Newsletter Sent',
        description: result.recipients > 0 ? `Sending to ${result.recipients} confirmed subscriber${result.recipients === 1 ? '' : 's'} in ${chosen.join(', ')}.` : 'Nobody new to send to: every confirmed subscriber of these segments already has this newsletter, or there are none.',
        tone: 'success',
      });
      onSent();
      void loadSegments(chosen);
    } catch (e) {
      toast.show({ title: 'Send Error', description: `Failed to send newsletter. ${errorText(e)}`, tone: 'error' });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };

  const total = segments?.reduce((n, s) => n + s.size, 0) ?? 0;
  return (
    <div className="nl-audience">
      {error ? <InlineError>Error loading segments: {error}</InlineError> : null}
      <Card title="Audience segments" actions={<button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void loadSegments(chosen)}><RefreshIcon size={14} /> Refresh</button>}>
        {!segments ? (
          <Skeleton rows={2} label="Counting subscribers…" />
        ) : (
          <>
            <div className="nl-segments" role="group" aria-label="Choose segments">
              {segments.map((s) => (
                <label key={s.id} className={`nl-segment${chosen.includes(s.id) ? ' nl-segment-on' : ''}`}>
                  <input type="checkbox" checked={chosen.includes(s.id)} onChange={() => toggle(s.id)} />
                  <span className="nl-segment-name">{s.name}</span>
                  <span className="c-mono c-hint">{s.id}</span>
                  <span className="nl-segment-size">{s.size.toLocaleString('en-US')}</span>
                  <span className="c-hint">
                    confirmed{s.pending ? ` · ${s.pending} pending` : ''}
                    {s.lastSentAt ? ` · last sent ${dateTime(s.lastSentAt)}` : ''}
                  </span>
                </label>
              ))}
            </div>
            <p className="c-hint">
              Sizes count confirmed subscribers who have not unsubscribed ({total.toLocaleString('en-US')} memberships in all; a subscriber may be in several segments and receives a newsletter once). Engagement is not measured: C360 puts no tracking pixels in e-mails; visits from newsletters show in Reader Analytics under the "newsletter" source.
            </p>
          </>
        )}
      </Card>
      <Card title="Send">
        {!current ? (
          <EmptyState title="No newsletter chosen" action={<button type="button" className="c-button" onClick={() => goTo('create')}>Create a newsletter</button>}>
            Generate or open a newsletter first.
          </EmptyState>
        ) : (
          <div className="c-row">
            <div className="c-grow">
              <strong>{current.newsletter.title}</strong>
              <div className="c-hint">
                {chosen.length === 0 ? 'Choose at least one segment.' : `To ${chosen.join(', ')}: ${recipients ?? '…'} confirmed subscriber${recipients === 1 ? '' : 's'}${current.sends.length ? ' (anyone who already has this newsletter is skipped)' : ''}.`}
              </div>
              {blocked ? <p className="c-hint nl-send-blocked" role="status">{blocked}</p> : null}
            </div>
            <button type="button" className="c-button" disabled={chosen.length === 0 || sending || blocked !== null || recipients === null} onClick={() => setConfirming(true)}>
              <MailIcon size={16} /> {sending ? 'Sending…' : 'Send Newsletter'}
            </button>
          </div>
        )}
      </Card>
      {current ? <SendLog detail={current} onRetried={refreshCurrent} /> : null}
      <SubscribersCard segments={segments} onChanged={() => void loadSegments(chosen)} />
      {confirming && current ? (
        <Dialog
          title="Send this newsletter?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="c-button c-button-ghost" onClick={() => setConfirming(false)}>
                Cancel
              </button>
              <button type="button" className="c-button" disabled={sending || blocked !== null || !recipients} onClick={() => void send()}>
                {sending ? 'Sending…' : `Send to ${recipients ?? 0}`}
              </button>
            </>
          }
        >
          <p>
            "{current.newsletter.title}" goes by e-mail to {recipients ?? 0} confirmed subscriber{recipients === 1 ? '' : 's'} in {chosen.join(', ')}. Each copy carries its own unsubscribe link. This cannot be undone.
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}

function sendState(s: NewsletterSend): { label: string; tone: 'green' | 'blue' | 'orange' | 'grey' } {
  if (!s.finished_at) return { label: s.retrying > 0 && s.counts.queued === 0 && s.counts.sending === 0 ? 'Retrying' : 'Sending', tone: 'blue' };
  const problems = s.counts.failed + s.counts.bounced + s.counts.uncertain;
  if (s.recipients === 0) return { label: 'No recipients', tone: 'grey' };
  return problems ? { label: 'Finished with failures', tone: 'orange' } : { label: 'Delivered', tone: 'green' };
}

function SendLog({ detail, onRetried }: { detail: NewsletterDetail; onRetried: () => Promise<void> }) {
  const toast = useToast();
  const [includeBounced, setIncludeBounced] = useState(false);
  const [includeUncertain, setIncludeUncertain] = useState(false);
  const [busy, setBusy] = useState(false);
  if (detail.sends.length === 0) return null;
  const problems = detail.sends.reduce((n, s) => n + s.counts.failed + (includeBounced ? s.counts.bounced : 0) + (includeUncertain ? s.counts.uncertain : 0), 0);
  const retry = async () => {
    setBusy(true);
    try {
      const { requeued } = await newsletterApi.retry(detail.newsletter.id, { includeBounced, includeUncertain });
      toast.show({ title: requeued ? 'Retrying' : 'Nothing to retry', description: requeued ? `${requeued} deliver${requeued === 1 ? 'y' : 'ies'} queued again.` : undefined, tone: 'info' });
      await onRetried();
    } catch (e) {
      toast.show({ title: 'Send Error', description: `Failed to send newsletter. ${errorText(e)}`, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Send log">
      <ul className="c-list">
        {detail.sends.map((s) => {
          const state = sendState(s);
          return (
            <li key={s.id} className="c-list-item nl-send">
              <div className="c-grow">
                <div className="c-row">
                  <Badge tone={state.tone}>{state.label}</Badge>
                  <strong>{s.segments.join(', ')}</strong>
                  <span className="c-hint">by {s.requested_by}</span>
                </div>
                <div className="c-hint">
                  queued {dateTime(s.created_at)}
                  {s.started_at ? ` · started ${dateTime(s.started_at)}` : ''}
                  {s.finished_at ? ` · finished ${dateTime(s.finished_at)}` : ''}
                </div>
                <div className="nl-counts">
                  <StatCard label="Recipients" value={s.recipients} />
                  <StatCard label="Delivered" value={s.counts.sent} tone="green" />
                  <StatCard label="Failed" value={s.counts.failed} tone="red" note={s.retrying ? `${s.retrying} will retry` : undefined} />
                  <StatCard label="Refused" value={s.counts.bounced} tone="orange" note="SMTP 5xx" />
                  <StatCard label="Uncertain" value={s.counts.uncertain} tone="purple" note="interrupted" />
                  <StatCard label="Skipped" value={s.counts.skipped} note="unsubscribed" />
                </div>
                {s.problems.length ? (
                  <div className="c-table-wrap">
                    <table className="c-table">
                      <thead>
                        <tr>
                          <th>Recipient</th>
                          <th>Status</th>
                          <th>Attempts</th>
                          <th>Last error</th>
                          <th>Next try</th>
                        </tr>
                      </thead>
                      <tbody>
                        {s.problems.map((p) => (
                          <tr key={p.id}>
                            <td>{p.email}</td>
                            <td>{p.status}</td>
                            <td>{p.attempts}</td>
                            <td className="c-mono">{p.last_error ?? ''}</td>
                            <td>{p.next_attempt_at ? dateTime(p.next_attempt_at) : '—'}</td>
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
          <input type="checkbox" checked={includeBounced} onChange={(e) => setIncludeBounced(e.target.checked)} /> also refused (5xx)
        </label>
        <label className="c-check">
          <input type="checkbox" checked={includeUncertain} onChange={(e) => setIncludeUncertain(e.target.checked)} /> also uncertain (may have arrived)
        </label>
        <button type="button" className="c-button c-button-ghost" disabled={busy || problems === 0} onClick={() => void retry()}>
          <RefreshIcon size={16} /> Retry failed deliveries
        </button>
      </div>
      <p className="c-hint">Failed deliveries are retried by themselves after 1 min, 5 min, 30 min and 2 h (5 attempts). Nobody is sent the same newsletter twice.</p>
    </Card>
  );
}

function SubscribersCard({ segments, onChanged }: { segments: AudienceSegment[] | null; onChanged: () => void }) {
  const toast = useToast();
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
      toast.show({ title: 'A subscriber needs at least one segment', tone: 'error' });
      return;
    }
    try {
      const { subscriber } = await newsletterApi.setSegments(s.id, next);
      setPage((p) => (p ? { ...p, items: p.items.map((x) => (x.id === s.id ? subscriber : x)) } : p));
      onChanged();
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  };

  const ids = segments?.map((s) => s.id) ?? [];
  return (
    <Card title="Subscribers">
      <div className="c-row nl-filter">
        <label className="c-field c-grow">
          <span className="visually-hidden">Search subscribers</span>
          <span className="nl-search">
            <SearchIcon size={16} />
            <input type="search" placeholder="Search by e-mail..." value={q} onChange={(e) => { setOffset(0); setQ(e.target.value); }} />
          </span>
        </label>
        <label className="c-field">
          <span className="visually-hidden">Segment</span>
          <select value={segment} onChange={(e) => { setOffset(0); setSegment(e.target.value); }}>
            <option value="">All segments</option>
            {ids.map((id) => (
              <option key={id} value={id}>{id}</option>
            ))}
          </select>
        </label>
      </div>
      {error ? <InlineError>Error loading subscribers: {error}</InlineError> : null}
      {!page ? (
        <Skeleton rows={2} label="Loading subscribers…" />
      ) : page.items.length === 0 ? (
        <EmptyState title="No subscribers found">People join from the newsletter box at the foot of every page and confirm by e-mail; they start in "general".</EmptyState>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Status</th>
                <th>Since</th>
                {ids.map((id) => (
                  <th key={id}>{id}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.items.map((s) => (
                <tr key={s.id}>
                  <td>{s.email}</td>
                  <td>
                    <Badge tone={s.status === 'confirmed' ? 'green' : s.status === 'pending' ? 'yellow' : 'grey'}>{s.status}</Badge>
                  </td>
                  <td>{dateTime(s.confirmed_at ?? s.created_at)}</td>
                  {ids.map((id) => (
                    <td key={id}>
                      <input type="checkbox" checked={s.segments.includes(id)} onChange={() => void change(s, id)} aria-label={`${s.email} in ${id}`} />
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
          <button type="button" className="c-button c-button-ghost c-button-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - 25))}>Previous</button>
          <button type="button" className="c-button c-button-ghost c-button-small" disabled={!page.hasMore} onClick={() => setOffset(offset + 25)}>Next</button>
        </div>
      ) : null}
    </Card>
  );
}
