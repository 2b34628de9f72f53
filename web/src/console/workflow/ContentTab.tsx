import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../data/api';
import type { Layer } from '../../data/types';
import { useToast } from '../../shared/toasts';
import { consoleApi, type ConsoleStory } from '../stories/api';
import { LAYER_LABELS, LAYER_ORDER, StoryPreview } from '../stories/StoryPreview';
import { known, useConsoleT } from '../console-i18n';

type LayerType = Layer['layerType'];
type Draft = { title: string; summary: string; region: string; tags: string; layers: Record<LayerType, string> };

function draftOf(story: ConsoleStory | null): Draft {
  const layers = Object.fromEntries(LAYER_ORDER.map((t) => [t, story?.layers.find((l) => l.layerType === t)?.content ?? ''])) as Record<LayerType, string>;
  return { title: story?.title ?? '', summary: story?.summary ?? '', region: story?.region ?? 'Caribbean', tags: (story?.tags ?? []).join(', '), layers };
}

const splitTags = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** The Content tab: title, summary, region, tags and the five layers, with a live preview in the reader's layout. */
export function ContentTab({
  story,
  onSaved,
  onDirty,
}: {
  story: ConsoleStory | null;
  onSaved: (story: ConsoleStory) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { show } = useToast();
  const t = useConsoleT();
  const initial = useMemo(() => draftOf(story), [story]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);
  useEffect(() => () => onDirty(false), [onDirty]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setLayer = (type: LayerType, value: string) => setDraft((d) => ({ ...d, layers: { ...d.layers, [type]: value } }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.title.trim().length < 3) return setError(t('console.workflow.content.titleMin'));
    setBusy(true);
    setError(null);
    try {
      const layers = Object.fromEntries(
        LAYER_ORDER.filter((type) => draft.layers[type] !== initial.layers[type] || !story).map((type) => [type, draft.layers[type]]),
      );
      const body = { title: draft.title.trim(), summary: draft.summary, region: draft.region.trim() || 'Caribbean', tags: splitTags(draft.tags), layers };
      const saved = story ? (await consoleApi.saveContent(story.id, body)).story : (await consoleApi.createStory(body)).story;
      show({
        title: story ? t('console.workflow.content.saved') : t('console.workflow.content.created'),
        description: story ? undefined : t('console.workflow.content.createdDesc'),
        tone: 'success',
      });
      onDirty(false);
      onSaved(saved);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('console.workflow.content.saveFailed'));
      show({ title: t('console.workflow.content.saveFailedToast'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const preview = {
    language: story?.language ?? 'en',
    title: draft.title,
    summary: draft.summary,
    region: draft.region,
    pipeline_stage: story?.pipeline_stage ?? 'drafted',
    ai_risk_level: story?.ai_risk_level ?? 'low',
    published_at: story?.published_at ?? null,
    source_count: story?.source_count ?? 0,
    source_list: story?.source_list ?? [],
    // Edited texts over the pipeline's layers, which keep their timelines, quotes and metrics.
    layers: LAYER_ORDER.flatMap((type): Layer[] => {
      const existing = story?.layers.find((l) => l.layerType === type);
      const content = draft.layers[type];
      return content.trim() || existing ? [{ ...(existing ?? { layerType: type }), layerType: type, content }] : [];
    }),
  };

  return (
    <div className="c-editor">
      <form className="c-editor-form" onSubmit={save} aria-label={t('console.workflow.content.form')}>
        <label className="c-field">
          <span>{t('console.workflow.fieldTitle')}</span>
          <input type="text" value={draft.title} onChange={(e) => set('title', e.target.value)} maxLength={200} required />
        </label>
        <label className="c-field">
          <span>{t('console.workflow.content.summary')}</span>
          <textarea value={draft.summary} onChange={(e) => set('summary', e.target.value)} maxLength={2000} rows={3} />
        </label>
        <div className="c-form-grid">
          <label className="c-field">
            <span>{t('console.workflow.content.region')}</span>
            <input type="text" value={draft.region} onChange={(e) => set('region', e.target.value)} maxLength={100} />
          </label>
          <label className="c-field">
            <span>{t('console.workflow.content.tags')}</span>
            <input type="text" value={draft.tags} onChange={(e) => set('tags', e.target.value)} />
          </label>
        </div>
        <fieldset className="c-fieldset">
          <legend>{t('console.workflow.content.layers')}</legend>
          {LAYER_ORDER.map((type) => (
            <label key={type} className="c-field">
              <span>{known(t, `console.workflow.content.layer.${type}`, LAYER_LABELS[type])}</span>
              <textarea
                value={draft.layers[type]}
                onChange={(e) => setLayer(type, e.target.value)}
                rows={type === 'what_happened' ? 5 : 3}
                maxLength={20000}
                aria-describedby={type === 'what_happened' ? 'what-happened-hint' : undefined}
              />
              {type === 'what_happened' ? (
                <span id="what-happened-hint" className="c-hint">
                  {t('console.workflow.content.listHint')}
                </span>
              ) : null}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className="c-gate" role="alert">
            {error}
          </p>
        ) : null}
        <div className="c-row c-sticky-actions">
          <button type="submit" className="c-button" disabled={busy || (!!story && !dirty)}>
            {busy ? t('console.workflow.saving') : story ? t('console.workflow.content.saveChanges') : t('console.workflow.content.create')}
          </button>
          {story && dirty ? (
            <button type="button" className="c-button c-button-ghost" onClick={() => setDraft(initial)} disabled={busy}>
              {t('console.workflow.content.discard')}
            </button>
          ) : null}
          <span className="c-hint" aria-live="polite">
            {dirty ? t('console.workflow.content.unsaved') : story ? t('console.workflow.content.allSaved') : ''}
          </span>
        </div>
      </form>
      <aside className="c-editor-preview" aria-label={t('console.workflow.content.preview')} tabIndex={0}>
        <h2 className="c-section-title">{t('console.workflow.content.preview')}</h2>
        <StoryPreview story={preview} />
      </aside>
    </div>
  );
}
