import { describe, expect, it } from 'vitest';
import { isC360Error } from '../errors';
import { silentLogger } from '../logger';
import { startSchedule, validateCron } from './scheduler';

describe('scheduler', () => {
  it('runs jobs on their schedule, one at a time when serial, and keeps going after a failure', async () => {
    const log: string[] = [];
    let failures = 0;
    const schedule = startSchedule(
      [
        {
          name: 'ingest',
          cron: '* * * * * *',
          run: async () => {
            log.push('ingest start');
            await new Promise((r) => setTimeout(r, 150));
            log.push('ingest end');
          },
        },
        {
          name: 'pipeline',
          cron: '* * * * * *',
          run: async () => {
            log.push('pipeline start');
            log.push('pipeline end');
            throw new Error('boom');
          },
        },
      ],
      {
        logger: silentLogger,
        runAtStart: true,
        serial: true,
        onResult: (_job, _result, error) => {
          if (error) failures++;
        },
      },
    );
    await new Promise((r) => setTimeout(r, 2300));
    await schedule.stop();
    expect(schedule.jobs).toEqual(['ingest (* * * * * *)', 'pipeline (* * * * * *)']);
    // Serial: a job starts only after the one before it ended.
    for (let i = 0; i < log.length; i += 2) expect(log[i + 1]!.split(' ')[0]).toBe(log[i]!.split(' ')[0]);
    expect(log.filter((l) => l === 'pipeline start').length).toBeGreaterThanOrEqual(2);
    expect(failures).toBeGreaterThanOrEqual(2);
  });

  it('rejects a bad cron expression with a usable message', () => {
    let error: unknown;
    try {
      validateCron('--pipeline', 'every five minutes');
    } catch (e) {
      error = e;
    }
    expect(isC360Error(error, 'invalid_input')).toBe(true);
    expect((error as Error).message).toBe('--pipeline: "every five minutes" is not a cron expression.');
  });
});
