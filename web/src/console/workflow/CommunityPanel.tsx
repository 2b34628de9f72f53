import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../data/api';
import { useToast } from '../../shared/toasts';
import { todayLocal } from '../format';
import { EditIcon, ExternalIcon, TrashIcon, ZapIcon } from '../icons';
import { consoleApi, type ConsoleStory, type Insight } from '../stories/api';
import { Badge, Card, EmptyState, Skeleton, type BadgeTone } from '../ui';
import { known, useConsoleI18n } from '../console-i18n';

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
  const { t, tn, fmt } = useConsoleI18n();
  const sentimentName = (sentiment: string) => known(t, `console.workflow.community.sentiment.${sentiment}`, sentiment);
  const sourceName = (source: string) => known(t, `console.workflow.community.source.${source}`, source);
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
      show({ title: t('console.workflow.community.missing'), tone: 'error' });
      return;
    }
    setMissing(false);
    setProgress({ value: STEP.scanning, text: t('console.workflow.community.scanning') });
    let items: { id: string }[];
    try {
      const scan = await consoleApi.scanCommunity(story.id);
      items = scan.items;
      setProgress({
        value: STEP.scanned,
        text: tn('console.workflow.community.found', scan.items.length, { terms: scan.terms.join(', ') || t('console.workflow.community.ownSources') }),
      });
    } catch (e) {
      setProgress(null);
      show({
        title:
          e instanceof ApiError && e.message === MISSING_INFORMATION ? t('console.workflow.community.missing') : t('console.workflow.community.scanFailed'),
        tone: 'error',
      });
      return;
    }
    if (items.length === 0) {
      setProgress({ value: STEP.done, text: t('console.workflow.community.noItems') });
      return;
    }
    setProgress({ value: STEP.generating, text: tn('console.workflow.community.reading', items.length) });
    try {
      const result = await consoleApi.generateInsights(
        story.id,
        items.map((i) => i.id),
      );
      setInsights(result.insights);
      const summary = tn('console.workflow.community.result', result.added, { items: fmt.number(result.itemsRead), provider: result.provider });
      setProgress({
        value: STEP.done,
        text: result.skipped ? `${summary} ${t('console.workflow.community.skipped', { n: fmt.number(result.skipped) })}.` : summary,
      });
      show({
        title: result.added ? tn('console.workflow.community.added', result.added) : t('console.workflow.community.noneFound'),
        tone: result.added ? 'success' : 'info',
      });
    } catch {
      setProgress(null);
      show({ title: t('console.workflow.community.generateFailed'), tone: 'error' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.quote.trim() || !form.attribution.trim()) return;
    setBusy(true);
    try {
      if (editing) await consoleApi.editInsight(story.id, editing, { ...form, quote: form.quote.trim(), attribution: form.attribution.trim() });
      else await consoleApi.addInsight(story.id, { ...form, quote: form.quote.trim(), attribution: form.attribution.trim() });
      show({ title: editing ? t('console.workflow.community.updated') : t('console.workflow.community.addedOne'), tone: 'success' });
      setEditing(null);
      setForm(emptyForm());
      await load();
    } catch (e) {
      show({ title: t('console.workflow.community.saveFailed'), description: e instanceof ApiError ? e.message : undefined, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (insight: Insight) => {
    if (!window.confirm(t('console.workflow.community.confirmDelete', { name: insight.attribution }))) return;
    try {
      await consoleApi.deleteInsight(story.id, insight.id);
      show({ title: t('console.workflow.community.deleted'), tone: 'success' });
      if (editing === insight.id) {
        setEditing(null);
        setForm(emptyForm());
      }
      await load();
    } catch {
      show({ title: t('console.workflow.community.deleteFailed'), tone: 'error' });
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
        title={t('console.workflow.community.title')}
        actions={
          <button type="button" className="c-button" onClick={generate} disabled={progress !== null && progress.value < STEP.done}>
            <ZapIcon size={16} /> {t('console.workflow.community.generate')}
          </button>
        }
      >
        {missing ? (
          <p className="c-gate" role="alert">
            {t('console.workflow.community.missing')}
          </p>
        ) : null}
        {progress ? (
          <div className="c-scan" aria-live="polite">
            <div
              className="c-progress"
              role="progressbar"
              aria-label={t('console.workflow.community.scan')}
              aria-valuenow={progress.value}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <span style={{ width: `${progress.value}%` }} />
            </div>
            <p className="c-hint">
              {progress.value}% · {progress.text}
            </p>
          </div>
        ) : null}
        {!insights ? (
          <Skeleton rows={2} label={t('console.workflow.community.loading')} />
        ) : insights.length === 0 ? (
          <EmptyState title={t('console.workflow.community.empty')}>{t('console.workflow.community.emptyBody')}</EmptyState>
        ) : (
          <ul className="c-voices">
            {insights.map((i) => (
              <li key={i.id} className="c-voice">
                <blockquote lang={story.language ?? 'en'}>“{i.quote}”</blockquote>
                <div className="c-meta">
                  <strong>— {i.attribution}</strong>
                  <Badge tone={SENTIMENT_TONE[i.sentiment]}>{sentimentName(i.sentiment)}</Badge>
                  <Badge tone="grey">{sourceName(i.source)}</Badge>
                  <span>{fmt.longDate(`${i.date}T12:00:00Z`)}</span>
                  {i.origin === 'auto' ? (
                    i.source_url ? (
                      <a href={i.source_url} target="_blank" rel="noreferrer">
                        <ExternalIcon size={12} /> {i.source_outlet ?? t('console.workflow.community.sourceLink')}
                      </a>
                    ) : (
                      <span>{t('console.workflow.community.from', { outlet: i.source_outlet ?? '' })}</span>
                    )
                  ) : (
                    <span>{t('console.workflow.community.addedBy', { user: i.created_by ?? '' })}</span>
                  )}
                </div>
                <div className="c-row">
                  <button
                    type="button"
                    className="c-icon-button"
                    onClick={() => startEdit(i)}
                    aria-label={t('console.workflow.community.editOf', { name: i.attribution })}
                    title={t('console.workflow.community.edit')}
                  >
                    <EditIcon size={16} />
                  </button>
                  <button
                    type="button"
                    className="c-icon-button"
                    onClick={() => void remove(i)}
                    aria-label={t('console.workflow.community.deleteOf', { name: i.attribution })}
                    title={t('console.workflow.community.delete')}
                  >
                    <TrashIcon size={16} />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={editing ? t('console.workflow.community.editVoice') : t('console.workflow.community.addVoice')}>
        <form className="c-form" onSubmit={submit}>
          <label className="c-field">
            <span>{t('console.workflow.community.quote')}</span>
            <textarea value={form.quote} onChange={(e) => setForm({ ...form, quote: e.target.value })} rows={3} maxLength={2000} />
          </label>
          <div className="c-form-grid">
            <label className="c-field">
              <span>{t('console.workflow.community.attribution')}</span>
              <input
                type="text"
                value={form.attribution}
                onChange={(e) => setForm({ ...form, attribution: e.target.value })}
                maxLength={200}
                placeholder={t('console.workflow.community.attributionPlaceholder')}
              />
            </label>
            <label className="c-field">
              <span>{t('console.workflow.community.sentimentLabel')}</span>
              <select value={form.sentiment} onChange={(e) => setForm({ ...form, sentiment: e.target.value as Insight['sentiment'] })}>
                {SENTIMENTS.map((s) => (
                  <option key={s} value={s}>
                    {sentimentName(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className="c-field">
              <span>{t('console.workflow.community.sourceLabel')}</span>
              <select value={form.source} onChange={(e) => setForm({ ...form, source: e.target.value as Insight['source'] })}>
                {SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {sourceName(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className="c-field">
              <span>{t('console.workflow.community.date')}</span>
              <input type="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value || todayLocal() })} />
            </label>
          </div>
          <div className="c-row">
            <button type="submit" className="c-button" disabled={!canSubmit}>
              {busy ? t('console.workflow.community.saving') : editing ? t('console.workflow.community.update') : t('console.workflow.community.add')}
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
                {t('console.workflow.community.cancel')}
              </button>
            ) : null}
            {!canSubmit && !busy ? <span className="c-hint">{t('console.workflow.community.needsBoth')}</span> : null}
          </div>
        </form>
      </Card>
    </div>
  );
}
