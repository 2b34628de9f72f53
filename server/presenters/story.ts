import { articlePath } from '../../core/stories/article-address';
import { describeCoverage } from '../../core/stories/coverage';
import { currentSentences } from '../../core/stories/layer-text';
import { readingMinutes, type Layer, type Story } from '../../core/stories/story';
import { verificationState } from '../../core/stories/verification';

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
    // How the story was checked, by the one core rule (the editor's name stays in the console).
    verification: verificationState(story),
    ai_risk_level: story.ai_risk_level,
    urgency: story.urgency,
    storm_type: story.storm_type,
    storm: story.storm_id && story.storm_name ? { id: story.storm_id, name: story.storm_name } : null,
    path: articlePath(story),
    score: story.ranking?.score,
    read_minutes: readingMinutes(story),
    view_count: story.view_count,
    language: story.language ?? 'en',
  };
}

/** The outlets a story was built from, each once, linking to the item itself when it is known. */
export function presentSources(story: Story): { name: string; url: string | null }[] {
  const seen = new Map<string, string | null>();
  for (const s of story.sources) if (!seen.has(s.outlet) || (!seen.get(s.outlet) && s.url)) seen.set(s.outlet, s.url ?? null);
  for (const name of story.source_list) if (!seen.has(name)) seen.set(name, null);
  return [...seen].map(([name, url]) => ({ name, url }));
}

/**
 * The layers as readers get them: each sentence with its source marks (`marks`: numbers from 1 into the
 * source list), only while the sentences still make the layer's text (an editor may have rewritten
 * it); item ids and the fact-check's working fields stay inside.
 */
export function presentLayers(story: Story, sources: readonly { name: string }[]) {
  const numbers = (outlets: readonly string[] | undefined) =>
    [...new Set((outlets ?? []).map((o) => sources.findIndex((s) => s.name === o) + 1).filter((n) => n > 0))].sort((a, b) => a - b);
  return story.layers.map((layer: Layer) => {
    const sentences = currentSentences(layer);
    return {
      layerType: layer.layerType,
      content: layer.content,
      ...(sentences ? { sentences: sentences.map((s) => ({ text: s.text, marks: numbers(s.outlets) })) } : {}),
      ...(layer.timeline ? { timeline: layer.timeline.map((t) => ({ date: t.date, event: t.event })) } : {}),
      ...(layer.quotes
        ? {
            quotes: layer.quotes.map((q) => ({
              quote: q.quote,
              author: q.author,
              role: q.role,
              platform: q.platform,
              marks: numbers(q.sources ?? (q.platform ? [q.platform] : [])),
            })),
          }
        : {}),
      // Only indicator rows with a stated source: older stories carried figures picked out of their text here.
      ...(layer.metricsTable ? { metricsTable: layer.metricsTable.filter((m) => m.source) } : {}),
    };
  });
}

export function presentStory(story: Story) {
  const sources = presentSources(story);
  return {
    ...presentStoryCard(story),
    slug: story.slug,
    layers: presentLayers(story, sources),
    charts: story.charts,
    source_list: story.source_list,
    sources,
    // Stories the fact-check has not seen have no sources recorded: no panel rather than a guess.
    coverage: story.sources.length ? describeCoverage(story) : null,
    triangulation_check: story.triangulation_check,
    truth_score: story.truth_score,
    fact_check_score: story.fact_check_score,
  };
}
