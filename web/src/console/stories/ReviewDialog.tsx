import { useEffect, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { useConsoleT as useT } from '../console-i18n';
import { ConfirmDialog, Dialog, Skeleton } from '../ui';
import { GateReasons } from './PublishGate';
import { ClaimsPanel } from './ClaimsPanel';
import { consoleApi, type ConsoleStory, type StoryCard } from './api';

const ACTIONS = [
  { action: 'approve', tone: '' },
  { action: 'reject', tone: 'c-button-danger' },
  { action: 'escalate', tone: 'c-button-ghost' },
  { action: 'publish', tone: 'c-button-ghost' },
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * The Review dialog: the story's claims with Confirm, Dispute and Dismiss (each with a reason), and the
 * four manual overrides (console spec section 4) with an optional reason. Force Publish skips the
 * publish gate, so it asks again in its own dialog and needs a reason there (the server refuses one
 * without it too).
 */
export function ReviewDialog({ story, onClose, onDone }: { story: StoryCard; onClose: () => void; onDone: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const t = useT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [full, setFull] = useState<ConsoleStory | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  useEffect(() => {
    let live = true;
    consoleApi
      .story(story.id)
      .then(({ story: s }) => live && setFull(s))
      .catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : t('console.review.loadFailed')));
    return () => {
      live = false;
    };
  }, [story.id, t]);

  const act = async (action: Action, why: string) => {
    setBusy(action.action);
    try {
      const { story: updated } = await consoleApi.override(story.id, action.action, why);
      show({ title: t(`console.review.done.${action.action}`), tone: 'success' });
      onDone(updated);
    } catch {
      show({ title: t('console.review.failed'), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const flag = full ? full.flag_reason : story.flag_reason;
  return (
    <Dialog
      title={t('console.review.title')}
      onClose={onClose}
      wide
      footer={ACTIONS.map((a) => (
        <button
          key={a.action}
          type="button"
          className={`c-button ${a.tone}`}
          onClick={() => (a.action === 'publish' ? setConfirmPublish(true) : act(a, reason.trim()))}
          disabled={busy !== null}
        >
          {busy === a.action ? `${t(`console.review.${a.action}`)}…` : t(`console.review.${a.action}`)}
        </button>
      ))}
    >
      <p>
        <strong lang={story.language ?? 'en'}>{story.title}</strong>
      </p>
      {flag ? <div className="c-gate">{t('console.review.flagged', { reason: flag })}</div> : null}
      {full && !full.publish_gate.ok ? (
        <>
          <GateReasons gate={full.publish_gate} />
          <p className="c-hint">{t('consoleGate.forceHint')}</p>
        </>
      ) : null}
      {full ? (
        <ClaimsPanel story={full} onChanged={setFull} />
      ) : loadError ? (
        <div className="c-gate">{loadError}</div>
      ) : (
        <Skeleton rows={2} label={t('console.review.loadingClaims')} />
      )}
      <label className="c-field">
        <span>{t('console.review.reason')}</span>
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
      </label>
      {confirmPublish ? (
        <ForcePublishDialog
          title={story.title}
          initialReason={reason}
          busy={busy === 'publish'}
          onCancel={() => setConfirmPublish(false)}
          onConfirm={(why) => act(ACTIONS[3], why)}
        />
      ) : null}
    </Dialog>
  );
}

/** Force Publish, asked again: publishing past the gate needs a reason; the button does nothing without one. */
function ForcePublishDialog({
  title,
  initialReason,
  busy,
  onCancel,
  onConfirm,
}: {
  title: string;
  initialReason: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const why = reason.trim();
    if (!why) {
      setError(t('console.review.reasonRequired'));
      return;
    }
    onConfirm(why);
  };
  return (
    <ConfirmDialog
      title={t('console.review.confirmTitle')}
      cancelLabel={t('console.review.cancel')}
      confirmLabel={t('console.review.publishAnyway')}
      busyLabel={t('console.review.publishing')}
      busy={busy}
      notReady={!reason.trim()}
      onCancel={onCancel}
      onConfirm={confirm}
    >
      <p>
        {t('console.review.confirmBefore')} <strong>{title}</strong> {t('console.review.confirmAfter')}
      </p>
      <label className="c-field">
        <span>{t('console.review.forceReason')}</span>
        <textarea
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          maxLength={500}
          rows={3}
          required
        />
      </label>
      {error ? (
        <div className="c-gate c-gate-small" role="alert">
          {error}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
