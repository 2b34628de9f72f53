import { useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { known, useConsoleT } from '../console-i18n';
import { Badge, ConfirmDialog } from '../ui';
import { consoleApi, type ClaimDecisionAction, type ConsoleStory, type StoryClaim } from './api';

/** Each decision's texts are console.claims.<action>, .hint.<action>, .done.<action>, .buttonLabel.<action>, .reason.<action>. */
const DECISIONS: ClaimDecisionAction[] = ['confirm', 'dispute', 'dismiss'];
const REASON_MAX = 500;

function verdictTone(claim: StoryClaim): 'green' | 'red' | 'yellow' | 'grey' {
  if (claim.decision === 'disputed' || claim.verdict === 'contradicted') return 'red';
  if (claim.resolved) return 'green';
  return claim.verdict === 'single source' ? 'yellow' : 'grey';
}

function verdictText(t: (key: string) => string, claim: StoryClaim): string {
  const verdict = String(claim.verdict ?? (claim.resolved ? 'resolved' : 'unresolved'));
  return known(t, `console.claims.verdict.${verdict}`, verdict);
}

const outlets = (list: unknown) => (Array.isArray(list) && list.length ? list.join(', ') : '—');

/**
 * A story's claims as the fact-check left them (verdict, who supports or contradicts each, why one is
 * unresolved) with an editor's Confirm, Dispute and Dismiss, each needing a reason (the server refuses
 * one without). Dismissing is asked again, as Force Publish is: it takes the claim out of the gate, so
 * a story, even its lead claim unchecked, may publish. The server recomputes the publish gate at once
 * and answers the updated story (onChanged).
 */
export function ClaimsPanel({ story, onChanged }: { story: ConsoleStory; onChanged: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const t = useConsoleT();
  const [open, setOpen] = useState<{ index: number; action: ClaimDecisionAction } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDismiss, setConfirmDismiss] = useState(false);
  const claims = story.claims ?? [];
  const unresolved = claims.filter((c) => !c.resolved && c.decision !== 'dismissed').length;

  const submit = async (confirmed = false) => {
    if (!open) return;
    const why = reason.trim();
    if (!why) {
      setError(t('console.claims.reasonRequired'));
      return;
    }
    if (open.action === 'dismiss' && !confirmed) {
      setConfirmDismiss(true);
      return;
    }
    setConfirmDismiss(false);
    setBusy(true);
    try {
      const result = await consoleApi.resolveClaim(story.id, open.index + 1, open.action, why);
      show({ title: `${t(`console.claims.done.${open.action}`)}${result.queued ? t('console.claims.queued') : ''}`, tone: 'success' });
      setOpen(null);
      setReason('');
      setError(null);
      onChanged(result.story);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('console.claims.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="c-claims" aria-label={t('console.claims.title')}>
      <h3>
        {t('console.claims.title')}{' '}
        <span className="c-hint">{claims.length ? t('console.claims.count', { n: claims.length, unresolved }) : t('console.claims.none')}</span>
      </h3>
      <ol className="c-claim-list">
        {claims.map((claim, index) => (
          <li key={claim.key} className="c-claim" data-claim-key={claim.key}>
            <div className="c-row">
              <Badge tone={verdictTone(claim)}>{verdictText(t, claim)}</Badge>
              {claim.decision ? (
                <Badge tone={claim.decision === 'disputed' ? 'red' : 'blue'}>{known(t, `console.claims.decision.${claim.decision}`, claim.decision)}</Badge>
              ) : null}
              <span className="c-claim-text" lang={story.language ?? 'en'}>
                {claim.claim}
              </span>
            </div>
            <div className="c-hint">
              {t('console.claims.outlets', { supporting: outlets(claim.supporting_outlets), contradicting: outlets(claim.contradicting_outlets) })}
            </div>
            {claim.unresolved_reason ? (
              <div className="c-hint c-claim-why" lang={story.language ?? 'en'}>
                {t('console.claims.unresolvedWhy', { reason: claim.unresolved_reason })}
              </div>
            ) : null}
            {claim.decision ? (
              <div className="c-hint">
                {t(`console.claims.decidedBy.${claim.decision}`, { user: claim.decided_by ?? '', reason: claim.decision_reason ?? '' })}
              </div>
            ) : null}
            <div className="c-row">
              {DECISIONS.map((d) => (
                <button
                  key={d}
                  type="button"
                  className={`c-button c-button-small ${d === 'dispute' ? 'c-button-danger' : 'c-button-ghost'}`}
                  title={t(`console.claims.hint.${d}`)}
                  aria-label={t(`console.claims.buttonLabel.${d}`, { n: index + 1 })}
                  disabled={busy}
                  aria-pressed={open?.index === index && open.action === d}
                  onClick={() => {
                    setOpen({ index, action: d });
                    setError(null);
                  }}
                >
                  {t(`console.claims.${d}`)}
                </button>
              ))}
            </div>
            {open?.index === index ? (
              <div className="c-claim-form">
                <label className="c-field">
                  <span>{t(`console.claims.reason.${open.action}`, { n: index + 1 })}</span>
                  <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} rows={2} />
                </label>
                {error ? (
                  <div className="c-gate c-gate-small" role="alert">
                    {error}
                  </div>
                ) : null}
                <div className="c-row">
                  <button type="button" className="c-button c-button-small" onClick={() => submit()} disabled={busy || !reason.trim()}>
                    {busy ? t('console.claims.saving') : t(`console.claims.buttonLabel.${open.action}`, { n: index + 1 })}
                  </button>
                  <button
                    type="button"
                    className="c-button c-button-small c-button-ghost"
                    onClick={() => {
                      setOpen(null);
                      setError(null);
                    }}
                    disabled={busy}
                  >
                    {t('console.claims.cancel')}
                  </button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {confirmDismiss && open ? (
        <DismissDialog
          claim={claims[open.index]?.claim ?? ''}
          lead={open.index === 0}
          reason={reason.trim()}
          busy={busy}
          onCancel={() => setConfirmDismiss(false)}
          onConfirm={() => submit(true)}
        />
      ) : null}
    </section>
  );
}

/** Dismiss, asked again with the claim and the reason the audit log will keep. */
export function DismissDialog({
  claim,
  lead,
  reason,
  busy,
  onCancel,
  onConfirm,
}: {
  claim: string;
  lead: boolean;
  reason: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useConsoleT();
  return (
    <ConfirmDialog
      title={t('console.claims.dismissConfirm.title')}
      cancelLabel={t('console.claims.cancel')}
      confirmLabel={t('console.claims.dismissConfirm.button')}
      busyLabel={t('console.claims.saving')}
      busy={busy}
      confirmDisabled={!reason}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {lead ? (
        <p>
          <strong>{t('console.claims.dismissConfirm.lead')}</strong>
        </p>
      ) : null}
      <blockquote className="c-claim-text">{claim}</blockquote>
      <p>{t('console.claims.dismissConfirm.body')}</p>
      <p className="c-hint">{reason}</p>
    </ConfirmDialog>
  );
}
