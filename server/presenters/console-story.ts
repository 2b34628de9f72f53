import { articlePath } from '../../core/stories/article-address';
import { stageProgress, statusLabel } from '../../core/stories/pipeline-stages';
import { checkPublishGate, isLive, publishButtonLabel } from '../../core/stories/publishing';
import type { Story } from '../../core/stories/story';

/** What the console sees of a story: every field (editors may see the audit log), plus derived labels. */
export function presentConsoleStory(story: Story) {
  const gate = checkPublishGate(story);
  return {
    ...story,
    path: story.pipeline_stage === 'published' ? articlePath(story) : null,
    status_label: statusLabel(story),
    progress: stageProgress(story.pipeline_stage),
    live: isLive(story),
    publish_label: publishButtonLabel(story),
    publish_gate: gate.ok ? { ok: true, missing: [] } : { ok: false, missing: gate.missing, message: gate.message },
  };
}
