import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../shared/toasts';
import { timeAgo } from '../format';
import { useLiveEvent } from '../live/LiveEvents';
import { RegionBadge, StageBadge } from '../stories/badges';
import { editorPath } from '../stories/StoryCardView';
import { Badge, Dialog, Skeleton, type BadgeTone } from '../ui';
import { known, useConsoleI18n, useConsoleT } from '../console-i18n';
import { pipelineApi, type Investigation, type Signal, type SignalPage } from './api';
import { SENTIMENT_TONE, URGENCY_TONE } from './progress';
import { errorText } from './useRunControl';

/** Signals refresh when new ones are announced (SSE 'patterns'), and every 30 s regardless (console spec section 9). */
export const SIGNAL_REFRESH_MS = 30_000;

export function useSignals(filter: { type?: string; region?: string; strength?: string; q?: string; limit?: number }) {
  const toast = useToast();
  const t = useConsoleT();
  const [page, setPage] = useState<SignalPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(filter);
  const warned = useRef(false);
  const load = useCallback(async () => {
    try {
      setPage(await pipelineApi.signals(JSON.parse(key)));
      setError(null);
      warned.current = false;
    } catch (e) {
      setError(errorText(e));
      if (!warned.current) toast.show({ title: t('console.home.loadFailed'), description: errorText(e), tone: 'error' });
      warned.current = true;
    }
  }, [key, toast, t]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), SIGNAL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);
  useLiveEvent(['patterns'], () => void load());
  return { page, error, reload: load };
}

const TYPE_TONE: Record<Signal['type'], BadgeTone> = { Economic: 'blue', Political: 'purple', Environmental: 'green', Social: 'pink', Security: 'red' };
const STRENGTH_TONE: Record<Signal['strength'], BadgeTone> = { High: 'red', Medium: 'orange', Low: 'green' };

/** A signal's type or strength in the console's language (the filters keep the English values). */
export const signalType = (t: (key: string) => string, type: string) => known(t, `console.signals.type.${type}`, type);
export const signalStrength = (t: (key: string) => string, strength: string) => known(t, `console.signals.strength.${strength}`, strength);

export function SignalCard({
  signal,
  onInvestigate,
  onCreateStory,
  busy,
}: {
  signal: Signal;
  onInvestigate: () => void;
  onCreateStory: () => void;
  busy?: boolean;
}) {
  const { t, fmt } = useConsoleI18n();
  return (
    <li className={`pl-signal pl-sig-${signal.strength}`} data-signal-id={signal.id}>
      <div className="c-meta">
        <Badge tone={TYPE_TONE[signal.type]}>{signalType(t, signal.type)}</Badge>
        <Badge tone={STRENGTH_TONE[signal.strength]}>{signalStrength(t, signal.strength)}</Badge>
        <RegionBadge region={signal.region} />
        {signal.verified ? <Badge tone="emerald">{t('console.signals.verified')}</Badge> : <Badge tone="grey">{t('console.signals.oneOutlet')}</Badge>}
        <span className="c-hint">{timeAgo(signal.timestamp, new Date(), fmt.locale, t('console.card.justNow'))}</span>
      </div>
      <h3 lang="en">{signal.title}</h3>
      <p lang="en">{signal.summary}</p>
      <div className="c-meta">
        <Badge tone={SENTIMENT_TONE(signal.sentiment)}>
          {t('console.signals.sentiment', { n: signal.sentiment.toLocaleString(fmt.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
        </Badge>
        <Badge tone={URGENCY_TONE(signal.urgency)}>{t('console.signals.urgency', { n: fmt.number(signal.urgency) })}</Badge>
        {signal.keywords.slice(0, 5).map((k) => (
          <Badge key={k} tone="grey">
            #{k}
          </Badge>
        ))}
        {signal.patternTags.length ? <span className="c-hint">{t('console.signals.pattern', { tags: signal.patternTags.join(', ') })}</span> : null}
      </div>
      <div className="c-hint" lang="en">
        {signal.source}
      </div>
      <div className="c-row">
        <button type="button" className="c-button c-button-small c-button-ghost" onClick={onInvestigate}>
          {t('console.signals.investigate')}
        </button>
        <button type="button" className="c-button c-button-small" onClick={onCreateStory} disabled={busy}>
          {busy ? t('console.signals.creating') : t('console.signals.createStory')}
        </button>
      </div>
    </li>
  );
}

/** Investigate and Create Story, shared by Signal Scanner and Enhanced Signals. */
export function useSignalActions() {
  const toast = useToast();
  const t = useConsoleT();
  const [investigating, setInvestigating] = useState<Investigation | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);

  const investigate = async (signal: Signal) => {
    try {
      setInvestigating(await pipelineApi.investigate(signal.id));
    } catch (e) {
      toast.show({ title: t('console.signals.error'), description: errorText(e), tone: 'error' });
    }
  };
  const createStory = async (signal: Signal) => {
    setCreating(signal.id);
    try {
      const { story, created: isNew } = await pipelineApi.createStory(signal.id);
      setCreated({ id: story.id, title: story.title });
      toast.show({
        title: isNew ? t('console.signals.created') : t('console.signals.alreadyCreated'),
        description: t('console.signals.createdDesc', { title: story.title }),
        tone: 'success',
      });
    } catch (e) {
      toast.show({ title: t('console.signals.error'), description: errorText(e), tone: 'error' });
    } finally {
      setCreating(null);
    }
  };
  const dialogs = (
    <>
      {investigating ? <InvestigateDialog data={investigating} onClose={() => setInvestigating(null)} /> : null}
      {created ? (
        <Dialog title={t('console.signals.created')} onClose={() => setCreated(null)}>
          <p>
            <strong lang="en">{created.title}</strong> {t('console.signals.createdBody')}
          </p>
          <Link className="c-button" to={editorPath(created.id)}>
            {t('console.signals.openEditor')}
          </Link>
        </Dialog>
      ) : null}
    </>
  );
  return { investigate, createStory, creating, dialogs };
}

export function InvestigateDialog({ data, onClose }: { data: Investigation; onClose: () => void }) {
  const { t, tn, fmt } = useConsoleI18n();
  const s = data.signal;
  return (
    <Dialog
      title={
        <>
          {t('console.signals.investigate')}
          {t('console.signals.colon')} <span lang="en">{s.title}</span>
        </>
      }
      onClose={onClose}
      wide
    >
      <p lang="en">{s.summary}</p>
      <p className="c-hint">
        {t('console.signals.counted', {
          n: fmt.number(s.mentions),
          start: fmt.dateTime(s.windowStart),
          end: fmt.dateTime(s.windowEnd),
          baseline: fmt.number(s.baseline),
        })}
        {data.draftStoryId ? (
          <>
            {' '}
            {t('console.signals.drafted')} <Link to={editorPath(data.draftStoryId)}>{t('console.signals.openIt')}</Link>.
          </>
        ) : null}
      </p>
      <h3>{t('console.signals.storiesHeading', { n: fmt.number(data.stories.length) })}</h3>
      {data.stories.length === 0 ? (
        <p className="c-hint">{t('console.signals.noStories')}</p>
      ) : (
        <ul className="pl-list">
          {data.stories.map((story) => (
            <li key={story.id}>
              <div className="c-meta">
                <StageBadge stage={story.pipeline_stage} />
                <RegionBadge region={story.region} />
                <span className="c-hint">{tn('console.card.source', story.source_count)}</span>
              </div>
              {story.path ? (
                <a href={story.path} lang="en">
                  {story.title}
                </a>
              ) : (
                <Link to={editorPath(story.id)} lang="en">
                  {story.title}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('console.signals.itemsHeading', { n: fmt.number(data.items.length) })}</h3>
      <ul className="pl-list">
        {data.items.map((item) => (
          <li key={item.id} className="c-hint">
            <strong>{item.outlet}</strong>:{' '}
            {item.url ? (
              <a href={item.url} rel="noopener noreferrer" target="_blank" lang="en">
                {item.title}
              </a>
            ) : (
              <span lang="en">{item.title}</span>
            )}{' '}
            · {fmt.dateTime(item.published_at ?? item.created_at)}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

export function SignalList({ page, error, actions }: { page: SignalPage | null; error: string | null; actions: ReturnType<typeof useSignalActions> }) {
  const t = useConsoleT();
  if (!page)
    return error ? (
      <div className="c-inline-error">{t('console.signals.loadError', { error })}</div>
    ) : (
      <Skeleton rows={3} label={t('console.signals.loading')} />
    );
  if (page.items.length === 0)
    return (
      <div className="c-empty">
        <h2 className="visually-hidden">{t('console.signals.heading')}</h2>
        <h3>{t('console.signals.none')}</h3>
        <div className="c-empty-text">{t('console.signals.noneBody')}</div>
      </div>
    );
  return (
    <>
      <h2 className="visually-hidden">{t('console.signals.heading')}</h2>
      <ul className="pl-list">
        {page.items.map((signal) => (
          <SignalCard
            key={signal.id}
            signal={signal}
            onInvestigate={() => void actions.investigate(signal)}
            onCreateStory={() => void actions.createStory(signal)}
            busy={actions.creating === signal.id}
          />
        ))}
      </ul>
    </>
  );
}
