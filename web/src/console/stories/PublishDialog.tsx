import { useId, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { fromLocalInput, toLocalInput } from '../format';
import { Dialog } from '../ui';
import { consoleApi, type ConsoleStory, type StoryCard } from './api';
import { GateReasons } from './PublishGate';

export const GATE_MESSAGE = 'Cannot publish: Missing requirements (sources, fact-check, or verification)';
export const PRIORITIES = [
  { value: 1, label: '1 Highest' },
  { value: 2, label: '2 High' },
  { value: 3, label: '3 Medium' },
  { value: 4, label: '4 Low' },
  { value: 5, label: '5 Lowest' },
] as const;

/**
 * The publish dialog (console spec sections 4 and 5): the gate, featuring on the homepage and/or
 * as the section's main story with a priority 1–5 and an optional expiry, 'Publishing...' while busy.
 */
export function PublishDialog({ story, onClose, onPublished }: { story: StoryCard; onClose: () => void; onPublished: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const [homepage, setHomepage] = useState(story.live ? story.is_featured : false);
  const [section, setSection] = useState(story.live ? story.section_featured : false);
  const [priority, setPriority] = useState(story.live && story.featured_priority >= 1 && story.featured_priority <= 5 ? story.featured_priority : 1);
  const [expires, setExpires] = useState(story.live ? toLocalInput(story.feature_expires_at) : '');
  const [busy, setBusy] = useState(false);
  // The server checks the gate again; if the story changed meanwhile, its answer wins.
  const [refused, setRefused] = useState(false);
  const gate = story.publish_gate;
  const missing: string[] = gate.ok ? [] : gate.missing;
  const blocked = refused || missing.length > 0;
  const featured = homepage || section;
  const reasonsId = useId();

  const publish = async () => {
    setBusy(true);
    try {
      const { story: published } = await consoleApi.publish(story.id, { homepage, section, priority, expiresAt: featured ? fromLocalInput(expires) : null });
      show({ title: 'Article Published', description: `Successfully published "${story.title}" with ${featured ? 'featured' : 'standard'} status.`, tone: 'success' });
      onPublished(published);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'publish_gate_failed') setRefused(true);
      show({ title: 'Publishing Failed', description: error instanceof ApiError && error.code === 'publish_gate_failed' ? GATE_MESSAGE : 'Failed to publish article. Please try again.', tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={story.live ? story.publish_label : 'Publish Article'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="c-button" onClick={publish} disabled={busy || blocked} aria-describedby={blocked ? reasonsId : undefined}>
            {busy ? 'Publishing...' : story.live ? story.publish_label : 'Publish'}
          </button>
        </>
      }
    >
      <p className="c-dialog-story">
        <strong>{story.title}</strong>
      </p>
      {blocked ? (
        missing.length ? (
          <GateReasons gate={gate} id={reasonsId} />
        ) : (
          <div className="c-gate" role="alert" id={reasonsId}>
            <strong>{GATE_MESSAGE}</strong>
          </div>
        )
      ) : (
        <div className="c-ok-box">Passes the publish gate: {story.source_count} sources, verified, fact-checks resolved.</div>
      )}
      <fieldset className="c-fieldset" disabled={busy}>
        <legend>Featuring</legend>
        <label className="c-check">
          <input type="checkbox" checked={homepage} onChange={(e) => setHomepage(e.target.checked)} /> Feature on homepage
        </label>
        <label className="c-check">
          <input type="checkbox" checked={section} onChange={(e) => setSection(e.target.checked)} /> Main story of its section
        </label>
        {featured ? (
          <>
            <label className="c-field">
              <span>Featured priority</span>
              <select value={priority} onChange={(e) => setPriority(Number(e.target.value))}>
                {PRIORITIES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <div className="c-field">
              <label htmlFor="feature-expiry">
                <span className="c-label">Feature until</span>
              </label>
              <div className="c-row">
                <input id="feature-expiry" type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} className="c-grow" aria-describedby="feature-expiry-hint" />
                <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setExpires('')} disabled={!expires}>
                  Clear
                </button>
              </div>
              <span id="feature-expiry-hint" className="c-hint">
                {expires ? `Featured until ${new Date(expires).toLocaleString()}` : 'No expiration'}
              </span>
            </div>
          </>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
