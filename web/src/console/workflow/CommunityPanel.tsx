import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../data/api';
import { longDate } from '../../shared/format';
import { useToast } from '../../shared/toasts';
import { todayLocal } from '../format';
import { EditIcon, ExternalIcon, TrashIcon, ZapIcon } from '../icons';
import { consoleApi, type ConsoleStory, type Insight } from '../stories/api';
import { Badge, Card, EmptyState, Skeleton, type BadgeTone } from '../ui';

export const MISSING_INFORMATION = 'Missing Information: Article title and region are required for community insights generation.';
const SOURCES: Insight['source'][] = ['Twitter', 'Facebook', 'Reddit', 'WhatsApp', 'Local News', 'Interview'];
const SENTIMENTS: Insight['sentiment'][] = ['positive', 'neutral', 'negative'];
const SENTIMENT_TONE: Record<Insight['sentiment'], BadgeTone> = { positive: 'green', neutral: 'yellow', negative: 'red' };
/** The spec's community scan progress steps. */
const STEP = { scanning: 20, scanned: 60, generating: 80, done: 100 } as const;

type Form = { quote: string; attribution: string; sentiment: Insight['sentiment']; source: Insight['source']; date: string };
const emptyForm = (): Form => ({ quote: '', attribution: '', sentiment: 'neutral', source: 'Local News', date: todayLocal() });

/**
 * The community insights panel: voices found in the ingested items that mention the story
 * (auto-generate, through the AI provider), and voices an editor adds by hand.
 */
export function CommunityPanel({ story }: { story: ConsoleStory }) {
  const { show } = useToast();
  const [insights, setInsights] = useState<Insight[] | null>(null);
  const [progress, setProgress] = useState<{ value: number; text: string } | null>(null);
  const [form, setForm] = useState<Form>(emptyForm);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  const load = useCallback(async () => {
    try {
      setInsights((await consoleApi.insights(story.id)).insights);
    } catch {
      setInsights([]);
    }
  }, [story.id]);
  useEffect(() => {
    void load();
  }, [load]);

  const generate = async () => {
    if (!story.title.trim() || !story.region.trim()) {
      setMissing(true);
      show({ title: MISSING_INFORMATION, tone: 'error' });
      return;
    }
    setMissing(false);
    setProgress({ value: STEP.scanning, text: 'Scanning the last 7 days of ingested items for mentions of this story…' });
    let items: { id: string }[];
    try {
      const scan = await consoleApi.scanCommunity(story.id);
      items = scan.items;
      setProgress({ value: STEP.scanned, text: `Found ${scan.items.length} ${scan.items.length === 1 ? 'item' : 'items'} mentioning the story (${scan.terms.join(', ') || 'its own sources'}).` });
    } catch (e) {
      setProgress(null);
      show({ title: e instanceof ApiError && e.message === MISSING_INFORMATION ? MISSING_INFORMATION : 'Failed to scan community reactions', tone: 'error' });
      return;
    }
    if (items.length === 0) {
      setProgress({ value: STEP.done, text: 'No ingested items mention this story yet, so there are no voices to find.' });
      return;
    }
    setProgress({ value: STEP.generating, text: `Reading ${items.length} items for quoted voices…` });
    try {
      const result = await consoleApi.generateInsights(story.id, items.map((i) => i.id));
      setInsights(result.insights);
      setProgress({ value: STEP.done, text: `${result.added} new ${result.added === 1 ? 'voice' : 'voices'} from ${result.itemsRead} items (${result.provider} provider)${result.skipped ? `; ${result.skipped} skipped (already saved, or not found word for word in an item)` : ''}.` });
      show({ title: result.added ? `${result.added} community ${result.added === 1 ? 'voice' : 'voices'} added` : 'No new voices found', tone: result.added ? 'success' : 'info' });
    } catch {
      setProgress(null);
      show({ title: 'Failed to generate community insights. Please try again.', tone: 'error' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.quote.trim() || !form.attribution.trim()) return;
    setBusy(true);
    try {
      if (editing) await consoleApi.editInsight(story.id, editing, { ...form, quote: form.quote.trim(), attribution: form.attribution.trim() });
      else await consoleApi.addInsight(story.id, { ...form, quote: form.quote.trim(), attribution: form.attribution.trim() });
      show({ title: editing ? 'Insight updated' : 'Insight added', tone: 'success' });
      setEditing(null);
      setForm(emptyForm());
      await load();
    } catch (e) {
      show({ title: 'Failed to save insight', description: e instanceof ApiError ? e.message : undefined, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (insight: Insight) => {
    if (!window.confirm(`Delete the voice of ${insight.attribution}?`)) return;
    try {
      await consoleApi.deleteInsight(story.id, insight.id);
      show({ title: 'Insight deleted', tone: 'success' });
      if (editing === insight.id) {
        setEditing(null);
        setForm(emptyForm());
      }
      await load();
    } catch {
      show({ title: 'Failed to delete insight', tone: 'error' });
    }
  };

  const startEdit = (insight: Insight) => {
    setEditing(insight.id);
    setForm({ quote: insight.quote, attribution: insight.attribution, sentiment: insight.sentiment, source: insight.source, date: insight.date });
  };

  const canSubmit = form.quote.trim() !== '' && form.attribution.trim() !== '' && !busy;
  return (
    <div className="c-community">
      <Card
        title="Community voices"
        actions={
          <button type="button" className="c-button" onClick={generate} disabled={progress !== null && progress.value < STEP.done}>
            <ZapIcon size={16} /> Auto-generate
          </button>
        }
      >
        {missing ? <p className="c-gate" role="alert">{MISSING_INFORMATION}</p> : null}
        {progress ? (
          <div className="c-scan" aria-live="polite">
            <div className="c-progress" role="progressbar" aria-label="Community scan" aria-valuenow={progress.value} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${progress.value}%` }} />
            </div>
            <p className="c-hint">
              {progress.value}% · {progress.text}
            </p>
          </div>
        ) : null}
        {!insights ? (
          <Skeleton rows={2} label="Loading voices…" />
        ) : insights.length === 0 ? (
          <EmptyState title="No voices yet">Auto-generate reads the ingested items that mention this story; or add a voice by hand below.</EmptyState>
        ) : (
          <ul className="c-voices">
            {insights.map((i) => (
              <li key={i.id} className="c-voice">
                <blockquote>“{i.quote}”</blockquote>
                <div className="c-meta">
                  <strong>— {i.attribution}</strong>
                  <Badge tone={SENTIMENT_TONE[i.sentiment]}>{i.sentiment}</Badge>
                  <Badge tone="grey">{i.source}</Badge>
                  <span>{longDate(`${i.date}T12:00:00Z`)}</span>
                  {i.origin === 'auto' ? (
                    i.source_url ? (
                      <a href={i.source_url} target="_blank" rel="noreferrer">
                        <ExternalIcon size={12} /> {i.source_outlet ?? 'source'}
                      </a>
                    ) : (
                      <span>from {i.source_outlet}</span>
                    )
                  ) : (
                    <span>added by {i.created_by}</span>
                  )}
                </div>
                <div className="c-row">
                  <button type="button" className="c-icon-button" onClick={() => startEdit(i)} aria-label={`Edit the voice of ${i.attribution}`} title="Edit">
                    <EditIcon size={16} />
                  </button>
                  <button type="button" className="c-icon-button" onClick={() => void remove(i)} aria-label={`Delete the voice of ${i.attribution}`} title="Delete">
                    <TrashIcon size={16} />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={editing ? 'Edit voice' : 'Add a voice'}>
        <form className="c-form" onSubmit={submit}>
          <label className="c-field">
            <span>Quote</span>
            <textarea value={form.quote} onChange={(e) => setForm({ ...form, quote: e.target.value })} rows={3} maxLength={2000} />
          </label>
          <div className="c-form-grid">
            <label className="c-field">
              <span>Attribution</span>
              <input type="text" value={form.attribution} onChange={(e) => setForm({ ...form, attribution: e.target.value })} maxLength={200} placeholder="Name, role" />
            </label>
            <label className="c-field">
              <span>Sentiment</span>
              <select value={form.sentiment} onChange={(e) => setForm({ ...form, sentiment: e.target.value as Insight['sentiment'] })}>
                {SENTIMENTS.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="c-field">
              <span>Source</span>
              <select value={form.source} onChange={(e) => setForm({ ...form, source: e.target.value as Insight['source'] })}>
                {SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <label className="c-field">
              <span>Date</span>
              <input type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value || todayLocal() })} />
            </label>
          </div>
          <div className="c-row">
            <button type="submit" className="c-button" disabled={!canSubmit}>
              {busy ? 'Saving…' : editing ? 'Update' : 'Add'}
            </button>
            {editing ? (
              <button
                type="button"
                className="c-button c-button-ghost"
                onClick={() => {
                  setEditing(null);
                  setForm(emptyForm());
                }}
              >
                Cancel
              </button>
            ) : null}
            {!canSubmit && !busy ? <span className="c-hint">A quote and an attribution are both needed.</span> : null}
          </div>
        </form>
      </Card>
    </div>
  );
}
