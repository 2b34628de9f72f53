import { Box, render, Text } from 'ink';
import type { Column } from '../output';
import { truncate } from '../output';

type Props<T> = { rows: readonly T[]; columns: readonly Column<T>[]; title?: string };

export function Table<T>({ rows, columns, title }: Props<T>) {
  const cells = rows.map((row) => columns.map((c) => truncate(String(c.value(row) ?? ''), c.width)));
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i]!.length)));
  return (
    <Box flexDirection="column">
      {title ? <Text bold>{title}</Text> : null}
      <Box>
        {columns.map((c, i) => (
          <Box key={c.header} width={widths[i]! + 2}>
            <Text bold color="cyan">
              {c.header}
            </Text>
          </Box>
        ))}
      </Box>
      {cells.map((row, r) => (
        <Box key={r}>
          {row.map((cell, i) => (
            <Box key={i} width={widths[i]! + 2}>
              <Text wrap="truncate">{cell}</Text>
            </Box>
          ))}
        </Box>
      ))}
      {rows.length === 0 ? <Text dimColor>(none)</Text> : null}
    </Box>
  );
}

/** Draws a table once and returns (no live updates needed). */
export async function renderTable<T>(props: Props<T>): Promise<void> {
  const instance = render(<Table {...props} />);
  instance.unmount();
  await instance.waitUntilExit();
}
