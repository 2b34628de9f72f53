import type { Knex } from 'knex';
import { readSetting, writeSetting } from '../settings/settings-repository';

/**
 * The console's Start/Stop System switch, kept in the settings table so every server on one
 * database agrees: each server's scheduler follows it (`c360 serve --schedule` switches it on at
 * start). Absent means off.
 */
export const SCHEDULER_SETTING_KEY = 'scheduler';

export type SchedulerSetting = { enabled: boolean; updatedBy: string | null; updatedAt: string | null };

export async function readSchedulerSetting(db: Knex): Promise<SchedulerSetting> {
  const row = await readSetting<{ enabled?: unknown }>(db, SCHEDULER_SETTING_KEY);
  return { enabled: row?.value?.enabled === true, updatedBy: row?.updated_by ?? null, updatedAt: row?.updated_at ?? null };
}

export async function writeSchedulerSetting(db: Knex, input: { enabled: boolean; actor: string; now: Date }): Promise<SchedulerSetting> {
  await writeSetting(db, SCHEDULER_SETTING_KEY, { enabled: input.enabled }, { actor: input.actor, now: input.now });
  return readSchedulerSetting(db);
}
