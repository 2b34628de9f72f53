import { articlePath } from '../../core/stories/article-address';
import { stageProgress, statusLabel } from '../../core/stories/pipeline-stages';
import { presentClaims } from '../../core/stories/claim-resolution';
import { checkPublishGate, isLive, publishButtonLabel } from '../../core/stories/publishing';
import type { Story } from '../../core/stories/story';
import { describeVerification, type VerifiableStory } from '../../core/stories/verification';

type Labelled = Parameters<typeof checkPublishGate>[0] & Parameters<typeof statusLabel>[0] & Parameters<typeof publishButtonLabel>[0] & VerifiableStory;

/** The labels every console screen shows beside a story or a card, from the core rules. */
export function editorialLabels(story: Labelled) {
  const gate = checkPublishGate(story);
  return {
    status_label: statusLabel(story),
    progress: stageProgress(story.pipeline_stage),
    live: isLive(story),
    publish_label: publishButtonLabel(story),
    publish_gate: gate.ok ? { ok: true, missing: [] } : { ok: false, missing: gate.missing, message: gate.message },
    // The same state readers see, with the editor who vouched (editors may see who).
    verification: describeVerification(story),
  };
}

/** What the console sees of a story: every field (editors may see the audit log), plus derived labels and its claims as numbered for resolving. */
export function presentConsoleStory(story: Story) {
  return {
    ...story,
    claims: presentClaims(story.ai_fact_check_panel),
    path: story.pipeline_stage === 'published' ? articlePath(story) : null,
    ...editorialLabels(story),
  };
}
