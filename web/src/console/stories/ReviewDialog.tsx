import { useState } from 'react';
import { useToast } from '../../shared/toasts';
import { Dialog } from '../ui';
import { consoleApi, type ConsoleStory, type StoryCard } from './api';

const ACTIONS = [
  { action: 'approve', label: 'Approve', past: 'approved', tone: '' },
  { action: 'reject', label: 'Reject', past: 'rejected', tone: 'c-button-danger' },
  { action: 'escalate', label: 'Escalate', past: 'escalated', tone: 'c-button-ghost' },
  { action: 'publish', label: 'Force Publish', past: 'published', tone: 'c-button-ghost' },
] as const;

/** The Review dialog's four manual overrides with an optional reason (console spec section 4). */
export function ReviewDialog({ story, onClose, onDone }: { story: StoryCard; onClose: () => void; onDone: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (action: (typeof ACTIONS)[number]) => {
    setBusy(action.action);
    try {
      const { story: updated } = await consoleApi.override(story.id, action.action, reason.trim());
      show({ title: `Article ${action.past} successfully`, tone: 'success' });
      onDone(updated);
    } catch {
      show({ title: 'Failed to apply override', tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Dialog
      title="Review"
      onClose={onClose}
      footer={ACTIONS.map((a) => (
        <button key={a.action} type="button" className={`c-button ${a.tone}`} onClick={() => act(a)} disabled={busy !== null}>
          {busy === a.action ? `${a.label}…` : a.label}
        </button>
      ))}
    >
      <p>
        <strong>{story.title}</strong>
      </p>
      {story.flag_reason ? <div className="c-gate">Flagged: {story.flag_reason}</div> : null}
      <label className="c-field">
        <span>Reason (optional)</span>
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} />
      </label>
    </Dialog>
  );
}
