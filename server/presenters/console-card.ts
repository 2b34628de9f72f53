import { documentStatus, type StoryCardRow } from '../../core/console/console-overview';
import { articlePath } from '../../core/stories/article-address';
import { stageProgress, statusLabel } from '../../core/stories/pipeline-stages';
import { checkPublishGate, isLive, publishButtonLabel } from '../../core/stories/publishing';

/** A story card for console lists: the card's fields plus the labels the screens show. */
export function presentStoryCard(card: StoryCardRow) {
  const gate = checkPublishGate(card);
  const live = isLive(card);
  return {
    ...card,
    path: live ? articlePath(card) : null,
    status_label: statusLabel(card),
    progress: stageProgress(card.pipeline_stage),
    live,
    publish_label: publishButtonLabel(card),
    publish_gate: gate.ok ? { ok: true, missing: [] } : { ok: false, missing: gate.missing, message: gate.message },
    document_status: card.sanity_id ? documentStatus(card) : null,
  };
}
