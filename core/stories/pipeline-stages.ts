import { PIPELINE_STAGES, type PipelineStage } from './story';

/** Pipeline stage order, progress and the card status label (console spec sections 2 and 4). */

export function isPipelineStage(value: string): value is PipelineStage {
  return (PIPELINE_STAGES as readonly string[]).includes(value);
}

/** Article card progress: the stage's position (1-based) divided by 6, as a percentage. */
export function stageProgress(stage: string): number {
  const index = PIPELINE_STAGES.indexOf(stage as PipelineStage);
  return index < 0 ? 0 : ((index + 1) / PIPELINE_STAGES.length) * 100;
}

/** Progress shown by the live publishing system. */
export const LIVE_STAGE_PROGRESS: Readonly<Record<PipelineStage, number>> = {
  ingested: 15,
  enriched: 30,
  ranked: 45,
  drafted: 60,
  verified: 80,
  published: 100,
};

export type StatusLabel = 'Flagged' | 'Approved' | 'Verified' | 'Auto-Eligible' | 'Pending';

/** First match wins. */
export function statusLabel(story: {
  flag_reason: string | null;
  editor_signed_off: boolean;
  human_verified: boolean;
  auto_publish_eligible: boolean;
}): StatusLabel {
  if (story.flag_reason) return 'Flagged';
  if (story.editor_signed_off) return 'Approved';
  if (story.human_verified) return 'Verified';
  if (story.auto_publish_eligible) return 'Auto-Eligible';
  return 'Pending';
}
