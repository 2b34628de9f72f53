import { useId, useState } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { fromLocalInput, toLocalInput } from '../format';
import { known, useConsoleI18n } from '../console-i18n';
import { Dialog } from '../ui';
import { consoleApi, type ConsoleStory, type StoryCard } from './api';
import { GateReasons } from './PublishGate';

export const GATE_MESSAGE = 'Cannot publish: Missing requirements (sources, fact-check, or verification)';
export const PRIORITIES = [1, 2, 3, 4, 5] as const;
/** The key of GATE_MESSAGE's text in the console dictionaries. */
export const GATE_MESSAGE_KEY = 'console.publish.gate';

/**
 * The publish dialog (console spec sections 4 and 5): the gate, featuring on the homepage and/or
 * as the section's main story with a priority 1–5 and an optional expiry, 'Publishing...' while busy.
 */
export function PublishDialog({ story, onClose, onPublished }: { story: StoryCard; onClose: () => void; onPublished: (story: ConsoleStory) => void }) {
  const { show } = useToast();
  const { t, tn, fmt } = useConsoleI18n();
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
  const label = known(t, `console.curation.publishLabel.${story.publish_label}`, story.publish_label);

  const publish = async () => {
    setBusy(true);
    try {
      const { story: published } = await consoleApi.publish(story.id, { homepage, section, priority, expiresAt: featured ? fromLocalInput(expires) : null });
      show({
        title: t('console.publish.published'),
        description: t(featured ? 'console.publish.publishedFeatured' : 'console.publish.publishedStandard', { title: story.title }),
        tone: 'success',
      });
      onPublished(published);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'publish_gate_failed') setRefused(true);
      show({
        title: t('console.publish.failed'),
        description: error instanceof ApiError && error.code === 'publish_gate_failed' ? t(GATE_MESSAGE_KEY) : t('console.publish.failedBody'),
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={story.live ? label : t('console.publish.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose} disabled={busy}>
            {t('console.publish.cancel')}
          </button>
          <button type="button" className="c-button" onClick={publish} disabled={busy || blocked} aria-describedby={blocked ? reasonsId : undefined}>
            {busy ? t('console.publish.publishing') : story.live ? label : t('console.publish.publish')}
          </button>
        </>
      }
    >
      <p className="c-dialog-story">
        <strong lang={story.language ?? 'en'}>{story.title}</strong>
      </p>
      {blocked ? (
        missing.length ? (
          <GateReasons gate={gate} id={reasonsId} />
        ) : (
          <div className="c-gate" role="alert" id={reasonsId}>
            <strong>{t(GATE_MESSAGE_KEY)}</strong>
          </div>
        )
      ) : (
        <div className="c-ok-box">{tn('console.publish.passes', story.source_count)}</div>
      )}
      <fieldset className="c-fieldset" disabled={busy}>
        <legend>{t('console.publish.featuring')}</legend>
        <label className="c-check">
          <input type="checkbox" checked={homepage} onChange={(e) => setHomepage(e.target.checked)} /> {t('console.publish.homepage')}
        </label>
        <label className="c-check">
          <input type="checkbox" checked={section} onChange={(e) => setSection(e.target.checked)} /> {t('console.publish.section')}
        </label>
        {featured ? (
          <>
            <label className="c-field">
              <span>{t('console.publish.priority.label')}</span>
              <select value={priority} onChange={(e) => setPriority(Number(e.target.value))}>
                {PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(`console.publish.priority.${p}`)}
                  </option>
                ))}
              </select>
            </label>
            <div className="c-field">
              <label htmlFor="feature-expiry">
                <span className="c-label">{t('console.publish.until')}</span>
              </label>
              <div className="c-row">
                <input
                  id="feature-expiry"
                  type="datetime-local"
                  value={expires}
                  onChange={(e) => setExpires(e.target.value)}
                  className="c-grow"
                  aria-describedby="feature-expiry-hint"
                />
                <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => setExpires('')} disabled={!expires}>
                  {t('console.publish.clear')}
                </button>
              </div>
              <span id="feature-expiry-hint" className="c-hint">
                {expires ? t('console.publish.featuredUntil', { time: fmt.dateTime(new Date(expires).toISOString()) }) : t('console.publish.noExpiry')}
              </span>
            </div>
          </>
        ) : null}
      </fieldset>
    </Dialog>
  );
}
