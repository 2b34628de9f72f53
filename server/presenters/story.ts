import { articlePath } from '../../core/stories/article-address';
import { readingMinutes, type Story } from '../../core/stories/story';

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
    read_minutes: readingMinutes(story),
    view_count: story.view_count,
  };
}

/** The outlets a story was built from, each once, linking to the item itself when it is known. */
export function presentSources(story: Story): { name: string; url: string | null }[] {
  const seen = new Map<string, string | null>();
  for (const s of story.sources) if (!seen.has(s.outlet) || (!seen.get(s.outlet) && s.url)) seen.set(s.outlet, s.url ?? null);
  for (const name of story.source_list) if (!seen.has(name)) seen.set(name, null);
  return [...seen].map(([name, url]) => ({ name, url }));
}

export function presentStory(story: Story) {
  return {
    ...presentStoryCard(story),
    slug: story.slug,
    layers: story.layers,
    charts: story.charts,
    source_list: story.source_list,
    sources: presentSources(story),
    triangulation_check: story.triangulation_check,
    truth_score: story.truth_score,
    fact_check_score: story.fact_check_score,
  };
}
