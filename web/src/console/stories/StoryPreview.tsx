import { LayerCard } from '../../reader/article/LayerCard';
import type { Layer } from '../../data/types';
import { useConsoleI18n } from '../console-i18n';
import { RegionBadge, RiskBadge, StageBadge } from './badges';

export const LAYER_ORDER: readonly Layer['layerType'][] = ['short_version', 'what_happened', 'what_locals_saying', 'why_it_matters', 'our_take'];
export const LAYER_LABELS: Record<Layer['layerType'], string> = {
  short_version: 'The short version',
  what_happened: 'What happened',
  what_locals_saying: 'What locals are saying',
  why_it_matters: 'Why it matters',
  our_take: 'Our take',
};

/** A story as the reader site lays it out (the reader's own layer components), for previews in the console. */
export function StoryPreview({
  story,
}: {
  story: {
    title: string;
    summary: string;
    region: string;
    pipeline_stage: string;
    ai_risk_level: string;
    published_at: string | null;
    source_count: number;
    source_list: string[];
    layers: Layer[];
  };
}) {
  const { t, tn, fmt } = useConsoleI18n();
  const lang = (story as { language?: string | null }).language ?? 'en';
  return (
    <div className="c-preview">
      <div className="c-meta">
        <RegionBadge region={story.region} />
        <StageBadge stage={story.pipeline_stage} />
        <RiskBadge risk={story.ai_risk_level} />
        <span className="c-hint">
          {story.published_at ? t('console.preview.published', { time: fmt.dateTime(story.published_at) }) : t('console.preview.notPublished')} ·{' '}
          {tn('console.card.source', story.source_count)}
        </span>
      </div>
      <h2 className="c-preview-title" lang={lang}>
        {story.title || t('console.preview.untitled')}
      </h2>
      {story.summary ? (
        <p className="c-preview-summary" lang={lang}>
          {story.summary}
        </p>
      ) : null}
      <div className="c-preview-layers">
        {LAYER_ORDER.map((type) => (
          <LayerCard key={type} type={type} layer={story.layers.find((l) => l.layerType === type)} summary={story.summary} lang={lang} />
        ))}
      </div>
    </div>
  );
}
