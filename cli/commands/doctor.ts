import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { runDoctor, type DoctorCheck } from '../../core/operations/doctor';
import { printJson } from '../output';
import { WEB_DIST } from './serve';

const { engines } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

export function doctorCommand(): Command {
  return new Command('doctor')
    .description(
      'check this installation: Node, configuration, database and migrations, data directory lock, feeds, the schedule, web build, SMTP, the AI provider, public URL',
    )
    .option('--json', 'print the checks as JSON')
    .option('--ai', 'also make one tiny call to the configured AI provider (a few tokens)')
    .action(async (options: { json?: boolean; ai?: boolean }) => {
      // Reads the environment as every command does (loadConfig), but a bad one is a line, not an error.
      const checks = await runDoctor({ cwd: process.cwd(), nodeVersion: process.version, engines: engines.node, webDist: WEB_DIST, ai: options.ai === true });
      const failed = checks.some((c) => c.status === 'fail');
      if (options.json) printJson({ ok: !failed, checks });
      else for (const check of checks) console.log(formatCheck(check));
      if (failed) process.exitCode = 1;
    });
}

export function formatCheck(check: DoctorCheck): string {
  const head = `${check.status.padEnd(4)} ${check.name}: ${check.message}`;
  return check.fix && check.status !== 'ok' ? `${head} — fix: ${check.fix}` : head;
}
