import type { StoryCard } from '../data/types';
import { useI18n } from '../i18n/i18n';

const REGION_COLOURS = ['region-a', 'region-b', 'region-c', 'region-d', 'region-e'];

/** One of five colours by the region name's length, as the spec does. */
export function RegionBadge({ region }: { region: string }) {
  const { fmt } = useI18n();
  return <span className={`badge region-badge ${REGION_COLOURS[region.length % 5]}`}>{fmt.region(region)}</span>;
}

export function SourceCount({ story }: { story: Pick<StoryCard, 'source_count'> }) {
  const { t } = useI18n();
  const n = story.source_count;
  return <span className="source-count">{t(n === 1 ? 'common.source' : 'common.sources', { n })}</span>;
}

/**
 * How the story was checked, as the server's one rule says (core/stories/verification.ts): two or more
 * independent sources, an official source, or an editor; nothing for a story none of these checked.
 */
export function VerifiedBadge({ story }: { story: Pick<StoryCard, 'verification'> }) {
  const { t } = useI18n();
  const state = story.verification;
  if (!state || state === 'unverified') return null;
  return (
    <span className={`badge badge-verified badge-verified-${state}`} title={t(`article.verification.${state}`)}>
      {t(`badge.verification.${state}`)}
    </span>
  );
}

/** The article's line on how it was checked, including when it was not independently confirmed. */
export function VerificationNote({ story }: { story: Pick<StoryCard, 'verification'> }) {
  const { t } = useI18n();
  const state = story.verification;
  if (!state) return null;
  return <span className={`verification verification-${state}`}>{t(`article.verification.${state}`)}</span>;
}

/**
 * BREAKING as the server decided it (core/stories/storm-news.ts isBreaking: a storm watch or warning
 * in force for the story's country, or urgency above 80 in the last 24 hours), not merely the lead.
 */
export function BreakingBadge({ story }: { story: Pick<StoryCard, 'breaking'> }) {
  const { t } = useI18n();
  return story.breaking ? <span className="badge badge-breaking">{t('badge.breaking')}</span> : null;
}

export function StoryPicture({ story, size = 'medium' }: { story: Pick<StoryCard, 'title' | 'region'>; size?: 'large' | 'medium' }) {
  const { t, fmt } = useI18n();
  return (
    <div
      className={`story-picture story-picture-${size} ${REGION_COLOURS[story.region.length % 5]}`}
      role="img"
      aria-label={t('home.pictureOf', { title: story.title })}
    >
      <span aria-hidden="true">{fmt.region(story.region)}</span>
    </div>
  );
}
