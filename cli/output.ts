import { isC360Error } from '../core/errors';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export type Column<T> = { header: string; value: (row: T) => string | number | boolean | null | undefined; width?: number };

/** A plain aligned table, for pipes and non-TTY output (the Ink view draws the TTY one). */
export function formatTable<T>(rows: readonly T[], columns: readonly Column<T>[]): string {
  const cells = rows.map((row) => columns.map((c) => truncate(String(c.value(row) ?? ''), c.width)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function truncate(text: string, width?: number): string {
  if (!width || text.length <= width) return text;
  return `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** One line for the error, one for what to do next; a stack trace only when debugging. */
export function reportError(error: unknown, debug = false): number {
  if (isC360Error(error)) {
    process.stderr.write(`c360: ${error.message}\n`);
    if (error.hint) process.stderr.write(`  ${error.hint}\n`);
    return 1;
  }
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`c360: unexpected error: ${message}\n`);
  if (debug && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('  Run again with C360_DEBUG=1 for details.\n');
  return 1;
}
