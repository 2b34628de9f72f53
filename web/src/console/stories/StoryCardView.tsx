import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { known, useConsoleI18n } from '../console-i18n';
import { timeAgo } from '../format';
import { Badge } from '../ui';
import type { StoryCard } from './api';
import { RegionBadge, StageBadge, StatusBadge, VerificationBadge } from './badges';

/** Where a story opens in the console: its editor. */
export const editorPath = (id: string) => `/dashboard/editor?doc=${encodeURIComponent(id)}`;

/**
 * The console's article card: title (2 lines), summary (3 lines), at most 2 tags and 2 status
 * flags, region badge, risk colour, relative time and source count. The title links to `href`
 * (default: the story editor); `actions` sit above the card's link layer.
 */
export function StoryCardView({
  story,
  href,
  actions,
  showStage,
  children,
}: {
  story: StoryCard;
  href?: string;
  actions?: ReactNode;
  showStage?: boolean;
  children?: ReactNode;
}) {
  const to = href ?? editorPath(story.id);
  const external = to.startsWith('/article/');
  const { t, tn, fmt } = useConsoleI18n();
  const risk = known(t, `console.risk.${story.ai_risk_level}`, story.ai_risk_level);
  return (
    <article className={`c-article c-risk-${story.ai_risk_level}`} data-story-id={story.id}>
      <div className="c-meta">
        <RegionBadge region={story.region} />
        {showStage ? <StageBadge stage={story.pipeline_stage} /> : null}
        <StatusBadge label={story.status_label} />
        <VerificationBadge verification={story.verification} />
        {story.is_featured ? <Badge tone="yellow">{t('console.card.homepage', { n: story.featured_priority ?? '' })}</Badge> : null}
        {story.section_featured ? <Badge tone="teal">{t('console.card.sectionMain')}</Badge> : null}
      </div>
      <h3 lang={story.language ?? 'en'}>{external ? <a href={to}>{story.title}</a> : <Link to={to}>{story.title}</Link>}</h3>
      {story.summary ? (
        <p className="c-summary" lang={story.language ?? 'en'}>
          {story.summary}
        </p>
      ) : null}
      {story.tags.length || story.status_flags.length ? (
        <div className="c-meta">
          {story.tags.slice(0, 2).map((t) => (
            <Badge key={`t-${t}`} tone="grey">
              #{t}
            </Badge>
          ))}
          {story.status_flags.slice(0, 2).map((f) => (
            <Badge key={`f-${f}`} tone="red">
              {f}
            </Badge>
          ))}
        </div>
      ) : null}
      {showStage ? (
        <div
          className="c-progress"
          role="progressbar"
          aria-label={t('console.card.progress')}
          aria-valuenow={Math.round(story.progress)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${story.progress}%` }} />
        </div>
      ) : null}
      <div className="c-meta">
        <span title={t('console.card.risk', { level: risk })}>
          <span className="c-risk-dot" aria-hidden="true" /> {t('console.card.risk', { level: risk })}
        </span>
        <span aria-hidden="true">·</span>
        <span>{timeAgo(story.published_at ?? story.updated_at, new Date(), fmt.locale, t('console.card.justNow'))}</span>
        <span aria-hidden="true">·</span>
        <span>{tn('console.card.source', story.source_count ?? story.source_list?.length ?? 0)}</span>
      </div>
      {children}
      {actions ? <div className="c-card-actions">{actions}</div> : null}
    </article>
  );
}
