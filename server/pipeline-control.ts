import type { Knex } from 'knex';
import { CHANNELS, notify } from '../core/db/notify';
import { C360Error } from '../core/errors';
import type { Logger } from '../core/logger';
import {
  createConsoleRun,
  executeConsoleRun,
  getConsoleRun,
  reopenForRetry,
  requestCancel,
  thisServer,
  type ConsoleRun,
  type ConsoleRunDeps,
  type RunKind,
  type RunnableStep,
} from '../core/operations/console-runs';
import { readSchedulerSetting, writeSchedulerSetting, type SchedulerSetting } from '../core/operations/scheduler-setting';
import type { Schedule } from '../core/pipeline/scheduler';
import type { SchedulerState } from '../core/settings/system-status';

/**
 * What this server process owns of the pipeline: the console runs it executes (in the background,
 * stopped between batches on shutdown) and its scheduler (ingest and the pipeline on cron, started
 * and stopped by the console's Start/Stop System switch).
 */

export type StartedRun = { run: ConsoleRun; done: Promise<ConsoleRun> };

export class ConsoleRunManager {
  private readonly inflight = new Map<string, { shutdown: AbortController; cancel: AbortController; done: Promise<ConsoleRun> }>();
  private closed = false;

  constructor(private readonly deps: ConsoleRunDeps) {}

  async start(input: { kind: RunKind; step?: RunnableStep | null; email: string }): Promise<StartedRun> {
    this.refuseWhenClosed();
    const run = await createConsoleRun(this.deps.db, { kind: input.kind, step: input.step ?? null, startedBy: input.email, now: this.deps.clock() });
    return { run, done: this.execute(run.id) };
  }

  async retry(input: { id: string; stage: string; email: string }): Promise<StartedRun> {
    this.refuseWhenClosed();
    const run = await reopenForRetry(this.deps.db, { id: input.id, stage: input.stage, actor: input.email, now: this.deps.clock() });
    return { run, done: this.execute(run.id) };
  }

  /** Stops a run between batches: at once when this server runs it, else through the database flag. */
  async cancel(id: string): Promise<ConsoleRun> {
    const run = await requestCancel(this.deps.db, id);
    this.inflight.get(id)?.cancel.abort();
    return run;
  }

  get running(): number {
    return this.inflight.size;
  }

  /** On shutdown: every run stops after its current batch (recorded as stopped), waited for up to `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    this.closed = true;
    const all = [...this.inflight.values()];
    for (const r of all) r.shutdown.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(all.map((r) => r.done)), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  private refuseWhenClosed(): void {
    if (this.closed) throw new C360Error('database_unavailable', 'The server is shutting down.', { hint: 'Try again in a moment.' });
  }

  private execute(id: string): Promise<ConsoleRun> {
    const shutdown = new AbortController();
    const cancel = new AbortController();
    const done = executeConsoleRun(this.deps, id, { signal: shutdown.signal, cancel: cancel.signal })
      .catch(async (error) => {
        this.deps.logger.error({ err: error, runId: id }, 'console run failed');
        return getConsoleRun(this.deps.db, id);
      })
      .finally(() => this.inflight.delete(id));
    this.inflight.set(id, { shutdown, cancel, done });
    return done;
  }
}

export type SchedulerView = SchedulerSetting & {
  /** This server process: whether its schedule runs, which jobs, and whether it can run one at all. */
  thisServer: SchedulerState & { server: string; canRun: boolean; startedAt: string | null };
};

/**
 * This server's scheduler, following the Start/Stop System switch stored in the database (so every
 * server on one PostgreSQL agrees; each runs the jobs, which is safe because work is leased). A switch
 * flipped on another server is picked up within `pollMs`. `create` builds the jobs (the CLI's, given
 * by `c360 serve`); a server built without it (tests) reports that it cannot run a schedule.
 */
export class SchedulerController {
  private schedule: Schedule | null = null;
  private startedAt: string | null = null;
  private stopping: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private applying: Promise<void> = Promise.resolve();

  /**
   * `runsElsewhere`: another process of this server runs the schedule (the first worker of
   * `c360 serve --workers N`, named here); this one only stores the console's switch, which
   * that process follows.
   */
  constructor(private readonly deps: { db: Knex; logger: Logger; clock: () => Date; create?: () => Schedule; pollMs?: number; runsElsewhere?: string }) {}

  get canRun(): boolean {
    return Boolean(this.deps.create);
  }

  private get canSwitch(): boolean {
    return this.canRun || this.deps.runsElsewhere !== undefined;
  }

  /** At start: `--schedule` switches it on; otherwise this server follows the stored switch. */
  async init(startRequested: boolean): Promise<void> {
    if (startRequested && this.canRun) await this.setEnabled(true, 'cli:serve --schedule');
    else await this.sync().catch((error) => this.deps.logger.warn({ err: error }, 'could not read the scheduler switch'));
    if (this.canRun) {
      this.timer = setInterval(
        () => void this.sync().catch((error) => this.deps.logger.warn({ err: error }, 'could not read the scheduler switch')),
        this.deps.pollMs ?? 15_000,
      );
      this.timer.unref();
    }
  }

  state(): SchedulerState {
    if (this.schedule) return { running: true, jobs: this.schedule.jobs, detail: `Started ${this.startedAt}; follows the console's Start/Stop System switch.` };
    if (this.deps.runsElsewhere) return { running: false, jobs: [], detail: this.deps.runsElsewhere };
    return {
      running: false,
      jobs: [],
      detail: this.canRun
        ? "Stopped: the console's Start/Stop System switch is off (Live Publishing), or `c360 serve --schedule` was not used."
        : 'This server process cannot run a schedule (it was not started by `c360 serve`).',
    };
  }

  async view(): Promise<SchedulerView> {
    const setting = await readSchedulerSetting(this.deps.db);
    return { ...setting, thisServer: { ...this.state(), server: thisServer(), canRun: this.canSwitch, startedAt: this.schedule ? this.startedAt : null } };
  }

  async setEnabled(enabled: boolean, actor: string): Promise<SchedulerView> {
    if (!this.canSwitch) {
      throw new C360Error('unsupported', 'This server process cannot run a schedule.', {
        hint: 'Start the server with `c360 serve` (add --schedule to switch the schedule on at start).',
      });
    }
    await writeSchedulerSetting(this.deps.db, { enabled, actor, now: this.deps.clock() });
    if (this.canRun) await this.apply(enabled);
    await notify(this.deps.db, CHANNELS.pipelineProgress, {
      runId: 'scheduler',
      source: 'scheduler',
      stage: 'scheduler',
      status: enabled ? 'started' : 'stopped',
      by: actor,
    }).catch(() => undefined);
    this.deps.logger.info({ actor, enabled }, enabled ? 'scheduler switched on' : 'scheduler switched off');
    return this.view();
  }

  /** Follows the stored switch (another server may have flipped it). */
  async sync(): Promise<void> {
    if (!this.canRun || this.closed) return;
    const setting = await readSchedulerSetting(this.deps.db);
    await this.apply(setting.enabled);
  }

  async stop(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.applying;
    const schedule = this.schedule;
    this.schedule = null;
    await Promise.allSettled([schedule?.stop(), this.stopping]);
  }

  private apply(enabled: boolean): Promise<void> {
    this.applying = this.applying.then(() => {
      if (this.closed) return;
      if (enabled && !this.schedule) {
        this.schedule = this.deps.create!();
        this.startedAt = this.deps.clock().toISOString();
        this.deps.logger.info({ jobs: this.schedule.jobs }, 'schedule started');
      } else if (!enabled && this.schedule) {
        const schedule = this.schedule;
        this.schedule = null;
        this.startedAt = null;
        // A run in progress finishes; the answer need not wait for it.
        this.stopping = Promise.allSettled([this.stopping, schedule.stop()]).then(() => this.deps.logger.info('schedule stopped'));
      }
    });
    return this.applying;
  }
}
