/**
 * The progress overlay's rules (console spec sections 4 and 9) and the small formatting the
 * pipeline screens share. Pure, so they are tested apart from the screens.
 */

/** The estimate shows only after 5 s and only when under 300 s. */
export const ETA_AFTER_MS = 5_000;
export const ETA_LIMIT_S = 300;

/** Seconds as "45s" or "2m 5s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

/** Time left, extrapolated from the elapsed time and the overall progress; null when not to be shown. */
export function estimateRemaining(elapsedMs: number, overall: number): string | null {
  if (elapsedMs < ETA_AFTER_MS || overall <= 0 || overall >= 100) return null;
  const seconds = ((elapsedMs / 1000) * (100 - overall)) / overall;
  return seconds < ETA_LIMIT_S ? formatDuration(seconds) : null;
}

/** The editor's own midnight, as the server's "today" starts. */
export function startOfToday(now: Date = new Date()): string {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** The results card's health badge: failures retried later mean degraded, a stage error failing. */
export function runHealth(run: { status: string; failed: number; hasErrors?: boolean }): {
  label: 'Healthy' | 'Degraded' | 'Failing';
  tone: 'green' | 'yellow' | 'red';
} {
  if (run.hasErrors || run.status === 'failed') return { label: 'Failing', tone: 'red' };
  if (run.failed > 0) return { label: 'Degraded', tone: 'yellow' };
  return { label: 'Healthy', tone: 'green' };
}

/** "+2 more" after the first two tags. */
export function tagsShown(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, 2), more: Math.max(0, tags.length - 2) };
}

/** A 0-1 score as a whole percentage, or null. */
export function confidencePercent(story: { truth_score: number | null; fact_check_score: number | null }): number | null {
  const value = story.truth_score ?? story.fact_check_score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

export const SENTIMENT_TONE = (sentiment: number) => (sentiment > 0.3 ? 'green' : sentiment > -0.3 ? 'yellow' : 'red');
export const URGENCY_TONE = (urgency: number) => (urgency > 80 ? 'red' : urgency > 60 ? 'yellow' : 'green');
