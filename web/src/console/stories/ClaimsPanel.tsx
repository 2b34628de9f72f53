import { useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { Badge } from '../ui';
import { consoleApi, type ClaimDecisionAction, type ConsoleStory, type StoryClaim } from './api';

const DECISIONS: { action: ClaimDecisionAction; label: string; past: string; hint: string }[] = [
  { action: 'confirm', label: 'Confirm', past: 'confirmed', hint: 'you vouch for it: it counts as resolved' },
  { action: 'dispute', label: 'Dispute', past: 'disputed', hint: 'it is wrong: the story cannot auto-publish while it stands' },
  { action: 'dismiss', label: 'Dismiss', past: 'dismissed', hint: 'not a claim worth checking: left out of the gate' },
];
const REASON_MAX = 500;

function verdictTone(claim: StoryClaim): 'green' | 'red' | 'yellow' | 'grey' {
  if (claim.decision === 'disputed' || claim.verdict === 'contradicted') return 'red';
  if (claim.resolved) return 'green';
  return claim.verdict === 'single source' ? 'yellow' : 'grey';
}

const outlets = (list: unknown) => (Array.isArray(list) && list.length ? list.join(', ') : '—');

/**
 * A story's claims as the fact-check left them (verdict, who supports or contradicts each, why one is
 * unresolved) with an editor's Confirm, Dispute and Dismiss, each needing a reason. The server
 * recomputes the publish gate at once and answers the updated story (onChanged).
 */
export function ClaimsPanel({ story, onChanged }: { story: ConsoleStory; onChanged: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const [open, setOpen] = useState<{ index: number; action: ClaimDecisionAction } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const claims = story.claims ?? [];
  const unresolved = claims.filter((c) => !c.resolved && c.decision !== 'dismissed').length;

  const submit = async () => {
    if (!open) return;
    const why = reason.trim();
    if (!why) {
      setError('A reason is required.');
      return;
    }
    const decision = DECISIONS.find((d) => d.action === open.action)!;
    setBusy(true);
    try {
      const result = await consoleApi.resolveClaim(story.id, open.index + 1, open.action, why);
      show({ title: `Claim ${decision.past}${result.queued ? '; the story passes the gate and is queued for publishing' : ''}`, tone: 'success' });
      setOpen(null);
      setReason('');
      setError(null);
      onChanged(result.story);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Failed to resolve the claim');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="c-claims" aria-label="Claims">
      <h3>
        Claims <span className="c-hint">({claims.length ? `${claims.length}, ${unresolved} unresolved` : 'none to check'})</span>
      </h3>
      <ol className="c-claim-list">
        {claims.map((claim, index) => (
          <li key={claim.key} className="c-claim" data-claim-key={claim.key}>
            <div className="c-row">
              <Badge tone={verdictTone(claim)}>{String(claim.verdict ?? (claim.resolved ? 'resolved' : 'unresolved'))}</Badge>
              {claim.decision ? <Badge tone={claim.decision === 'disputed' ? 'red' : 'blue'}>{claim.decision}</Badge> : null}
              <span className="c-claim-text">{claim.claim}</span>
            </div>
            <div className="c-hint">
              Supported by {outlets(claim.supporting_outlets)} · contradicted by {outlets(claim.contradicting_outlets)}
            </div>
            {claim.unresolved_reason ? <div className="c-hint c-claim-why">Unresolved: {claim.unresolved_reason}</div> : null}
            {claim.decision ? (
              <div className="c-hint">
                {claim.decision[0]!.toUpperCase() + claim.decision.slice(1)} by {claim.decided_by}: {claim.decision_reason}
              </div>
            ) : null}
            <div className="c-row">
              {DECISIONS.map((d) => (
                <button
                  key={d.action}
                  type="button"
                  className={`c-button c-button-small ${d.action === 'dispute' ? 'c-button-danger' : 'c-button-ghost'}`}
                  title={d.hint}
                  aria-label={`${d.label} claim ${index + 1}`}
                  disabled={busy}
                  aria-pressed={open?.index === index && open.action === d.action}
                  onClick={() => {
                    setOpen({ index, action: d.action });
                    setError(null);
                  }}
                >
                  {d.label}
                </button>
              ))}
            </div>
            {open?.index === index ? (
              <div className="c-claim-form">
                <label className="c-field">
                  <span>Reason to {open.action} claim {index + 1} (required)</span>
                  <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} rows={2} />
                </label>
                {error ? <div className="c-gate c-gate-small" role="alert">{error}</div> : null}
                <div className="c-row">
                  <button type="button" className="c-button c-button-small" onClick={submit} disabled={busy || !reason.trim()}>
                    {busy ? 'Saving…' : `${DECISIONS.find((d) => d.action === open.action)!.label} claim`}
                  </button>
                  <button type="button" className="c-button c-button-small c-button-ghost" onClick={() => { setOpen(null); setError(null); }} disabled={busy}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
