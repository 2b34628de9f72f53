import { articlePath } from '../../core/stories/article-address';
import type { Story } from '../../core/stories/story';

/**
 * What the public API sends about a story: an explicit allowlist, so editorial fields
 * (audit log, flag reasons, editors' names) never leak to readers.
 */
export function presentStoryCard(story: Story & { ranking?: { score: number } }) {
  return {
    id: story.id,
    title: story.title,
    summary: story.summary,
    region: story.region,
    tags: story.tags,
    published_at: story.published_at,
    updated_at: story.updated_at,
    source_count: story.source_count,
    ai_risk_level: story.ai_risk_level,
    urgency: story.urgency,
    storm_type: story.storm_type,
    path: articlePath(story),
    score: story.ranking?.score,
  };
}

export function presentStory(story: Story) {
  return {
    ...presentStoryCard(story),
    slug: story.slug,
    layers: story.layers,
    charts: story.charts,
    source_list: story.source_list,
    triangulation_check: story.triangulation_check,
    truth_score: story.truth_score,
    fact_check_score: story.fact_check_score,
  };
}
