import { formatTable, printJson, type Column } from './output';

/** JSON for machines, an Ink table on a terminal, plain aligned text in a pipe. */
export async function printRows<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  options: { json?: boolean; title?: string; jsonValue?: unknown },
): Promise<void> {
  if (options.json) return printJson(options.jsonValue ?? rows);
  // Ink is loaded only for a terminal: scripts and pipes start faster without it.
  if (process.stdout.isTTY) return (await import('./views/Table')).renderTable({ rows, columns, title: options.title });
  process.stdout.write(`${formatTable(rows, columns)}\n`);
}
