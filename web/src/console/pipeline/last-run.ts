import type { ConsoleRun, LastRun } from './api';

/**
 * Which run the "Last run results" card shows. The pipeline also runs on a schedule, so the newest
 * run is often not the one the editor started: after pressing Run, the card keeps the editor's own
 * run (labelled "Your run"), and a newer run by anyone else is named beside it, never in its place.
 */
export type RunOrigin = { kind: 'yours' | 'scheduled' | 'other'; time: string; by: string };

export function runTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** Who started a pipeline_runs row: its actor is `console:… (email)`, `cron:…`, or `cli:… (user)`. */
export function runOrigin(run: Pick<LastRun, 'actor' | 'label' | 'startedAt'>, me: string | null): RunOrigin {
  const time = runTime(run.startedAt);
  if (me && (run.actor === me || run.actor.endsWith(`(${me})`))) return { kind: 'yours', time, by: me };
  if (run.actor.startsWith('cron:') || run.label === 'schedule') return { kind: 'scheduled', time, by: run.actor };
  return { kind: 'other', time, by: run.actor.replace(/^console:[\w-]+ \((.+)\)$/, '$1') };
}

/** The figures of a finished full console run, as the card shows them (null while it runs, or for other kinds). */
export function lastRunOfConsoleRun(run: ConsoleRun | null): (LastRun & { pipelineRunIds: string[] }) | null {
  if (!run || run.kind !== 'full' || run.status === 'running' || !run.result) return null;
  const { stats, pipelineRunIds } = run.result;
  return {
    id: pipelineRunIds.at(-1) ?? run.id,
    label: 'console',
    status: run.status,
    actor: run.startedBy,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    processed: stats.processed,
    autoPublished: stats.autoPublished,
    flaggedForReview: stats.flaggedForReview,
    failed: stats.failed,
    error: run.stages.find((s) => s.status === 'error')?.error ?? null,
    autoPublishRate: stats.processed ? Math.round((stats.autoPublished / stats.processed) * 100) : null,
    pipelineRunIds,
  };
}

/**
 * The editor's own finished run: the one just watched on this page (a run picked up from someone else is
 * not "yours"), else the server's record of their last console run, so a reload after a later scheduled
 * run still shows what they started.
 */
export function editorsRun(
  watched: ConsoleRun | null,
  me: string | null,
  recorded: LastRun | null | undefined,
): (LastRun & { pipelineRunIds?: string[] }) | null {
  return (watched && watched.startedBy === me ? lastRunOfConsoleRun(watched) : null) ?? recorded ?? null;
}

export type LastRunChoice = { shown: LastRun; origin: RunOrigin; newer: { run: LastRun; origin: RunOrigin } | null } | null;

/** The editor's own finished run when they started one here, else the latest; a later run by someone else is `newer`. */
export function chooseLastRun(input: { latest: LastRun | null; mine: (LastRun & { pipelineRunIds?: string[] }) | null; me: string | null }): LastRunChoice {
  const { latest, mine, me } = input;
  if (mine) {
    const sameRun = latest && (latest.id === mine.id || (mine.pipelineRunIds ?? []).includes(latest.id));
    const later = latest && !sameRun && Date.parse(latest.startedAt) > Date.parse(mine.startedAt);
    return {
      shown: mine,
      origin: { kind: 'yours', time: runTime(mine.startedAt), by: mine.actor },
      newer: later ? { run: latest, origin: runOrigin(latest, me) } : null,
    };
  }
  return latest ? { shown: latest, origin: runOrigin(latest, me), newer: null } : null;
}
