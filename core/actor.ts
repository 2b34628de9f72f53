import { userInfo } from 'node:os';

/**
 * Who acted, as written to audit logs and last_updated_by: a signed-in user's e-mail for the
 * console, the command and the operating-system user for the CLI, the job name for cron.
 */
export function cliActor(command: string): string {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry (some containers): keep "unknown"
  }
  return `cli:${command} (${user})`;
}

export function cronActor(job: string): string {
  return `cron:${job}`;
}
