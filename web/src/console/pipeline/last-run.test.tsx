import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { I18nProvider } from '../../i18n/i18n';
import type { ConsoleRun, LastRun } from './api';
import { chooseLastRun, editorsRun, lastRunOfConsoleRun, runOrigin, runTime } from './last-run';
import { LastRunCard } from './parts';

const ME = 'desk@c360.test';
const row = (over: Partial<LastRun>): LastRun => ({
  id: '1',
  label: 'console',
  status: 'completed',
  actor: `console:pipeline (${ME})`,
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:01:00.000Z',
  processed: 12,
  autoPublished: 4,
  flaggedForReview: 2,
  failed: 0,
  error: null,
  autoPublishRate: 33,
  ...over,
});
// The editor's console run, which wrote pipeline_runs row 7.
const consoleRun = {
  id: 'run-a',
  kind: 'full',
  step: null,
  status: 'completed',
  stages: [],
  logs: [],
  startedBy: ME,
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:01:00.000Z',
  overall: 100,
  complete: true,
  hasErrors: false,
  result: { stats: { processed: 12, autoPublished: 4, flaggedForReview: 2, failed: 0 }, pipelineRunIds: ['7'] },
} as unknown as ConsoleRun;
const scheduled = row({
  id: '8',
  label: 'schedule',
  actor: 'cron:pipeline',
  startedAt: '2026-11-25T10:05:00.000Z',
  finishedAt: '2026-11-25T10:05:30.000Z',
  processed: 3,
  autoPublished: 1,
});

const html = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider initial="EN" dictionary={en}>
      {node}
    </I18nProvider>,
  ).replace(/<!-- -->/g, '');

describe('the last run card', () => {
  it('names who ran a run', () => {
    expect(runOrigin(row({}), ME).kind).toBe('yours');
    expect(runOrigin(scheduled, ME)).toEqual({ kind: 'scheduled', time: runTime(scheduled.startedAt), by: 'cron:pipeline' });
    expect(runOrigin(row({ actor: 'console:pipeline (chief@c360.test)' }), ME)).toMatchObject({ kind: 'other', by: 'chief@c360.test' });
  });

  it('keeps showing the editor’s run after a scheduled run finishes, and names the newer run beside it', () => {
    const mine = lastRunOfConsoleRun(consoleRun);
    const choice = chooseLastRun({ latest: scheduled, mine, me: ME })!;
    expect(choice.shown.processed).toBe(12);
    expect(choice.origin.kind).toBe('yours');
    expect(choice.newer?.run.id).toBe('8');
    const out = html(<LastRunCard choice={choice} />);
    expect(out).toContain(`Your run at ${runTime(consoleRun.startedAt)}`);
    expect(out).toContain(`<dt>Processed</dt><dd>12</dd>`);
    expect(out).toContain('A newer run has finished since (3 processed, 1 auto-published):');
    expect(out).toContain(`Scheduled run at ${runTime(scheduled.startedAt)}`);
  });

  it('shows no "newer" note while the latest run is the editor’s own', () => {
    const choice = chooseLastRun({ latest: row({ id: '7' }), mine: lastRunOfConsoleRun(consoleRun), me: ME })!;
    expect(choice.newer).toBeNull();
    expect(html(<LastRunCard choice={choice} />)).not.toContain('newer run');
  });

  it('after a reload, keeps the editor’s run the server recorded over a later empty scheduled run', () => {
    const recorded = row({ id: '7' });
    const emptySchedule = { ...scheduled, processed: 0, autoPublished: 0, autoPublishRate: null };
    const mine = editorsRun(null, ME, recorded);
    const choice = chooseLastRun({ latest: emptySchedule, mine, me: ME })!;
    expect(choice.shown.id).toBe('7');
    expect(choice.origin.kind).toBe('yours');
    expect(choice.newer?.run.id).toBe('8');
    expect(html(<LastRunCard choice={choice} />)).toContain(`<dt>Processed</dt><dd>12</dd>`);
    // The run watched on the page wins over the record; someone else's watched run is not "yours".
    expect(editorsRun(consoleRun, ME, row({ id: '3' }))?.id).toBe('7');
    expect(editorsRun({ ...consoleRun, startedBy: 'chief@c360.test' } as ConsoleRun, ME, null)).toBeNull();
  });

  it('without a run of the editor’s, shows the latest, labelled by who ran it', () => {
    const choice = chooseLastRun({ latest: scheduled, mine: null, me: ME })!;
    const out = html(<LastRunCard choice={choice} />);
    expect(out).toContain(`Scheduled run at ${runTime(scheduled.startedAt)}`);
    expect(out).toContain(`<dt>Processed</dt><dd>3</dd>`);
    expect(lastRunOfConsoleRun({ ...consoleRun, status: 'running' } as ConsoleRun)).toBeNull();
  });
});
