import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from 'commander';

/** Small helpers for pipeline commands' flags, kept apart so --help loads no pipeline code. */

export const SAMPLE_INDICATORS = fileURLToPath(new URL('../data/indicators/caribbean-gdp.csv', import.meta.url));

/** "90s", "5m", "24h", "2d" or a plain number of the default unit. */
export function parseDuration(name: string, defaultUnit: 's' | 'h', min: number, max: number) {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return (value: string): number => {
    const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
    if (!m) throw new InvalidArgumentError(`${name} must look like 30s, 5m, 24h or 2d.`);
    const ms = Number(m[1]) * units[m[2] ?? defaultUnit]!;
    if (ms < min || ms > max) throw new InvalidArgumentError(`${name} must be between ${formatMs(min)} and ${formatMs(max)}.`);
    return ms;
  };
}

function formatMs(ms: number): string {
  return ms >= 3_600_000 ? `${ms / 3_600_000}h` : ms >= 60_000 ? `${ms / 60_000}m` : `${ms / 1000}s`;
}
