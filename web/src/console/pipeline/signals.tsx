import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useToast } from '../../shared/toasts';
import { timeAgo } from '../format';
import { useLiveEvent } from '../live/LiveEvents';
import { RegionBadge, StageBadge } from '../stories/badges';
import { editorPath } from '../stories/StoryCardView';
import { Badge, Dialog, Skeleton, type BadgeTone } from '../ui';
import { pipelineApi, type Investigation, type Signal, type SignalPage } from './api';
import { SENTIMENT_TONE, URGENCY_TONE } from './progress';
import { errorText } from './useRunControl';

/** Signals refresh when new ones are announced (SSE 'patterns'), and every 30 s regardless (console spec section 9). */
export const SIGNAL_REFRESH_MS = 30_000;

export function useSignals(filter: { type?: string; region?: string; strength?: string; q?: string; limit?: number }) {
  const toast = useToast();
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
      if (!warned.current) toast.show({ title: 'Failed to load dashboard data', description: errorText(e), tone: 'error' });
      warned.current = true;
    }
  }, [key, toast]);
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

export function SignalCard({ signal, onInvestigate, onCreateStory, busy }: { signal: Signal; onInvestigate: () => void; onCreateStory: () => void; busy?: boolean }) {
  return (
    <li className={`pl-signal pl-sig-${signal.strength}`} data-signal-id={signal.id}>
      <div className="c-meta">
        <Badge tone={TYPE_TONE[signal.type]}>{signal.type}</Badge>
        <Badge tone={STRENGTH_TONE[signal.strength]}>{signal.strength}</Badge>
        <RegionBadge region={signal.region} />
        {signal.verified ? <Badge tone="emerald">Verified</Badge> : <Badge tone="grey">One outlet</Badge>}
        <span className="c-hint">{timeAgo(signal.timestamp)}</span>
      </div>
      <h3>{signal.title}</h3>
      <p>{signal.summary}</p>
      <div className="c-meta">
        <Badge tone={SENTIMENT_TONE(signal.sentiment)}>sentiment {signal.sentiment.toFixed(2)}</Badge>
        <Badge tone={URGENCY_TONE(signal.urgency)}>urgency {signal.urgency}</Badge>
        {signal.keywords.slice(0, 5).map((k) => (
          <Badge key={k} tone="grey">
            #{k}
          </Badge>
        ))}
        {signal.patternTags.length ? <span className="c-hint">pattern: {signal.patternTags.join(', ')}</span> : null}
      </div>
      <div className="c-hint">{signal.source}</div>
      <div className="c-row">
        <button type="button" className="c-button c-button-small c-button-ghost" onClick={onInvestigate}>
          Investigate
        </button>
        <button type="button" className="c-button c-button-small" onClick={onCreateStory} disabled={busy}>
          {busy ? 'Creating…' : 'Create Story'}
        </button>
      </div>
    </li>
  );
}

/** Investigate and Create Story, shared by Signal Scanner and Enhanced Signals. */
export function useSignalActions() {
  const toast = useToast();
  const [investigating, setInvestigating] = useState<Investigation | null>(null);
  const [creating, setCreating] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; title: string } | null>(null);

  const investigate = async (signal: Signal) => {
    try {
      setInvestigating(await pipelineApi.investigate(signal.id));
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    }
  };
  const createStory = async (signal: Signal) => {
    setCreating(signal.id);
    try {
      const { story, created: isNew } = await pipelineApi.createStory(signal.id);
      setCreated({ id: story.id, title: story.title });
      toast.show({ title: isNew ? 'Story created' : 'Story already created', description: `"${story.title}" is a draft in the story editor.`, tone: 'success' });
    } catch (e) {
      toast.show({ title: 'Error', description: errorText(e), tone: 'error' });
    } finally {
      setCreating(null);
    }
  };
  const dialogs = (
    <>
      {investigating ? <InvestigateDialog data={investigating} onClose={() => setInvestigating(null)} /> : null}
      {created ? (
        <Dialog title="Story created" onClose={() => setCreated(null)}>
          <p>
            <strong>{created.title}</strong> is a draft with the signal's summary, region and keywords, and the stories behind it. Write it in the story editor.
          </p>
          <Link className="c-button" to={editorPath(created.id)}>
            Open in the editor
          </Link>
        </Dialog>
      ) : null}
    </>
  );
  return { investigate, createStory, creating, dialogs };
}

export function InvestigateDialog({ data, onClose }: { data: Investigation; onClose: () => void }) {
  const s = data.signal;
  return (
    <Dialog title={`Investigate: ${s.title}`} onClose={onClose} wide>
      <p>{s.summary}</p>
      <p className="c-hint">
        Counted {s.mentions} stories between {new Date(s.windowStart).toLocaleString('en-GB')} and {new Date(s.windowEnd).toLocaleString('en-GB')}, against a baseline of {s.baseline} per window.
        {data.draftStoryId ? (
          <>
            {' '}
            A story was drafted from it: <Link to={editorPath(data.draftStoryId)}>open it</Link>.
          </>
        ) : null}
      </p>
      <h3>Stories ({data.stories.length})</h3>
      {data.stories.length === 0 ? (
        <p className="c-hint">The stories behind this signal are no longer in the database.</p>
      ) : (
        <ul className="pl-list">
          {data.stories.map((story) => (
            <li key={story.id}>
              <div className="c-meta">
                <StageBadge stage={story.pipeline_stage} />
                <RegionBadge region={story.region} />
                <span className="c-hint">{story.source_count} sources</span>
              </div>
              {story.path ? <a href={story.path}>{story.title}</a> : <Link to={editorPath(story.id)}>{story.title}</Link>}
            </li>
          ))}
        </ul>
      )}
      <h3>Source items ({data.items.length})</h3>
      <ul className="pl-list">
        {data.items.map((item) => (
          <li key={item.id} className="c-hint">
            <strong>{item.outlet}</strong>: {item.url ? <a href={item.url} rel="noopener noreferrer" target="_blank">{item.title}</a> : item.title} ·{' '}
            {new Date(item.published_at ?? item.created_at).toLocaleString('en-GB')}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

export function SignalList({ page, error, actions }: { page: SignalPage | null; error: string | null; actions: ReturnType<typeof useSignalActions> }) {
  if (!page) return error ? <div className="c-inline-error">Could not load signals: {error}</div> : <Skeleton rows={3} label="Loading signals…" />;
  if (page.items.length === 0)
    return (
      <div className="c-empty">
        <h3>No signals</h3>
        <div className="c-empty-text">No topic or name is bursting against its baseline here. Signals come from pattern detection (Run Analysis, or the pipeline).</div>
      </div>
    );
  return (
    <>
      <h2 className="visually-hidden">Signals</h2>
      <ul className="pl-list">
        {page.items.map((signal) => (
          <SignalCard key={signal.id} signal={signal} onInvestigate={() => void actions.investigate(signal)} onCreateStory={() => void actions.createStory(signal)} busy={actions.creating === signal.id} />
        ))}
      </ul>
    </>
  );
}
